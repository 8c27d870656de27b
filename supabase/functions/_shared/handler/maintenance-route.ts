import { sameSecret } from "../contract/same-secret.ts";
import { errorText } from "../delivery/attempt.ts";
import type { MaintenanceReport } from "../maintenance/lead-maintenance.ts";
import { MESSAGES } from "./messages.ts";

export type MaintenanceRouteDeps = {
  /** The bearer token a run must present (LEADS_CRON_SECRET); null refuses every run. */
  cronSecret: string | null;
  maintenance: { run(): Promise<MaintenanceReport> };
  log: (line: string) => void;
};

/**
 * The periodic run, started by Supabase Cron (supabase/cron/retry-notifications.sql) with
 * the cron secret: it answers with what it did, and logs it when it did anything.
 */
export async function maintenanceRoute(
  request: Request,
  { cronSecret, maintenance, log }: MaintenanceRouteDeps,
): Promise<Response> {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { allow: "POST" } });
  }
  const token = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!cronSecret || !(await sameSecret(token, cronSecret))) {
    return Response.json(
      { error: MESSAGES.unauthorized },
      { status: 401, headers: { "www-authenticate": "Bearer" } },
    );
  }
  try {
    const report = await maintenance.run();
    const { sent, retrying, failed, logged, skipped } = report.deliveries;
    if (sent + retrying + failed + logged + skipped > 0 || report.escalated || report.announced) {
      log(
        `Retry run: ${sent} deliveries sent, ${retrying} to retry, ${failed} failed, ${logged} logged, ${skipped} skipped; ${report.escalated} leads escalated, ${report.announced} status changes announced.`,
      );
    }
    return Response.json(report);
  } catch (error) {
    log(`Retry run failed: ${errorText(error)}`);
    return Response.json({ error: MESSAGES.unavailable }, { status: 503 });
  }
}
