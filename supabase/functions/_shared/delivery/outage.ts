import { CHANNELS, TEAM_CHANNELS } from "../store/channels.ts";
import type { ConsentRecord, DeliveryRow, Lead, PlannedDelivery } from "../store/rows.ts";
import { errorText, type DelivererDeps } from "./attempt.ts";
import type { AttemptResult } from "./outbox.ts";

/** What the store being down leaves: the team's channels sent straight from the plan. */

/** How long the team's channels may take while the store is down, before the visitor hears. */
const OUTAGE_TIMEOUT_MS = 8_000;

/** A planned team delivery as the row it would be, for sending while the store is down. */
function outageRow(plan: PlannedDelivery, leadId: string, now: string): DeliveryRow {
  return {
    ...plan,
    lead_id: leadId,
    status: "sending",
    attempts: 1,
    created_at: now,
    next_attempt_at: now,
    lease_until: null,
    give_up_at: now,
    last_error: null,
    last_status: null,
    sent_at: null,
    once_key: null,
  };
}

/**
 * The store is down: the lead's team deliveries are sent now, straight from the plan, and
 * the ids of those a provider took with a 2xx are returned. A log line is not one.
 */
export async function sendWithoutStore(
  { channels, log }: DelivererDeps,
  lead: Lead,
  consent: ConsentRecord | null,
  planned: readonly PlannedDelivery[],
): Promise<string[]> {
  const now = new Date().toISOString();
  const team = planned.filter((delivery) => TEAM_CHANNELS.includes(delivery.channel));
  const results = await Promise.all(
    team.map(async (plan) => {
      const result = await withTimeout(
        channels[plan.channel]({
          delivery: outageRow(plan, lead.id, now),
          lead: { ...lead, created_at: now },
          consent,
          optOuts: [],
        }),
        OUTAGE_TIMEOUT_MS,
      ).catch((error: unknown): AttemptResult => ({ outcome: "retry", error: errorText(error) }));
      if (result.outcome !== "sent" && result.outcome !== "logged") {
        log(
          `${CHANNELS[plan.channel].label} for lead ${lead.id} failed while the store is down: ${"error" in result ? result.error : result.outcome}`,
        );
      }
      return result.outcome === "sent" ? [plan.id] : [];
    }),
  );
  return results.flat();
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    }),
  ]);
}
