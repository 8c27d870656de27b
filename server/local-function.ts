import { DEFAULT_ALLOWED_ORIGINS } from "../supabase/functions/_shared/cors.ts";
import { createLeadHandler } from "../supabase/functions/_shared/lead-handler.ts";
import { createLeadNotifier } from "../supabase/functions/_shared/lead-notifier.ts";
import type { LeadRow } from "../supabase/functions/_shared/lead-store.ts";
import { openPgliteStore } from "./pglite-store.ts";
import { leadsDataDir, readServerInfo } from "./server-info.ts";

export type LocalFunctionOptions = {
  /** PGlite directory; default LEADS_DATA_DIR or .data/leads; "memory://" keeps nothing. */
  dataDir?: string;
  /** Default the site's own; local pages (http://localhost:*, http://127.0.0.1:*) are always allowed. */
  allowedOrigins?: string[];
  /** Default console.log. */
  log?: (line: string) => void;
  /** Where RESEND_API_KEY, LEADS_NOTIFY_TO and LEADS_NOTIFY_FROM are read; default process.env. */
  env?: Record<string, string | undefined>;
};

export type LocalFunction = {
  /** The send-contact-email function, as on Supabase. */
  handle(request: Request): Promise<Response>;
  listLeads(): Promise<LeadRow[]>;
  /** Waits for pending notifications, then closes the database. */
  close(): Promise<void>;
};

/** Same-origin posts from the served site carry the server's own origin, on any port. */
export const LOCAL_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"];

/** The send-contact-email function for the local server, storing into PGlite. */
export async function createLocalFunction(
  options: LocalFunctionOptions = {},
): Promise<LocalFunction> {
  const {
    dataDir = leadsDataDir(),
    log = (line: string) => console.log(line),
    env = process.env,
  } = options;
  // PGlite is single-process: a second opener would corrupt the leads.
  const running = dataDir.startsWith("memory://") ? null : readServerInfo(dataDir);
  if (running && running.pid !== process.pid) {
    throw new Error(
      `The local server (pid ${running.pid}, ${running.url}) already uses ${dataDir}. Stop it first.`,
    );
  }

  const store = await openPgliteStore({ dataDir });
  const pending = new Set<Promise<void>>();
  const handle = createLeadHandler({
    store,
    notifier: createLeadNotifier((name) => env[name], log),
    allowedOrigins: [...(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS), ...LOCAL_ORIGINS],
    defer(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    log,
  });

  return {
    handle,
    listLeads: () => store.list(),
    async close() {
      await Promise.allSettled(pending);
      await store.close();
    },
  };
}
