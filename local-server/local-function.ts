import { readLeadConfig } from "../supabase/functions/_leads/lead-config.ts";
import {
  createLeadHandler,
  type ConnectionInfo,
} from "../supabase/functions/_leads/lead-handler.ts";
import {
  createLeadMaintenance,
  errorText,
  type MaintenanceReport,
} from "../supabase/functions/_leads/lead-maintenance.ts";
import { createLeadNotifier } from "../supabase/functions/_leads/lead-notifier.ts";
import type { LeadRow } from "../supabase/functions/_leads/lead-store.ts";
import { openPgliteStore } from "./pglite-store.ts";
import { leadsDataDir } from "./data-dir.ts";
import { answerOperator } from "./operator-calls.ts";
import { holdStore, type Holder } from "./store-lock.ts";

export type LocalFunctionOptions = {
  /** PGlite directory; default LEADS_DATA_DIR or .data/leads; "memory://" keeps nothing. */
  dataDir?: string;
  /** Added to the site's origins and ALLOWED_ORIGINS; local pages are always allowed. */
  allowedOrigins?: string[];
  /** Default console.log. */
  log?: (line: string) => void;
  /** Where the function's variables (README) are read; default process.env. */
  env?: Record<string, string | undefined>;
  /** The rate limit's clock; tests move it. */
  now?: () => number;
  /** Who holds the store, as told to another process that wants it; default a server with no URL. */
  holder?: Omit<Holder, "pid">;
};

export type LocalFunction = {
  /** The send-contact-email function, as on Supabase. */
  handle(request: Request, info?: ConnectionInfo): Promise<Response>;
  listLeads(): Promise<LeadRow[]>;
  /**
   * What Supabase Cron does through .../retry-notifications: failed e-mails, Meta Lead
   * events still due, then retention.
   */
  runMaintenance(): Promise<MaintenanceReport>;
  /** Resolves once the work done after answers (the e-mails, Meta's events) has finished. */
  settled(): Promise<void>;
  /** Stops the retry timer, waits for pending notifications, closes the database, then lets the store go. */
  close(): Promise<void>;
};

/** Same-origin posts from the served site carry the server's own origin, on any port. */
export const LOCAL_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"];

/** How often the local server retries failed e-mails and applies retention, by default. */
export const DEFAULT_RETRY_INTERVAL_MS = 60_000;

/** LEADS_RETRY_INTERVAL_MS: milliseconds between runs; "off" or 0 for none. */
export function parseRetryInterval(value: string | undefined): number | null {
  const text = value?.trim().toLowerCase();
  if (!text) return DEFAULT_RETRY_INTERVAL_MS;
  if (text === "off" || text === "0") return null;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1000) {
    throw new Error(
      `LEADS_RETRY_INTERVAL_MS must be milliseconds (at least 1000) or "off"; got "${value}".`,
    );
  }
  return ms;
}

/** How long a server waits for the store's holder to let go, by default: a restart's drain. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

/** LEADS_LOCK_WAIT_MS: milliseconds to wait for another process to release the store; 0 refuses at once. */
export function parseLockWait(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_LOCK_WAIT_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new Error(`LEADS_LOCK_WAIT_MS must be milliseconds (0 or more); got "${value}".`);
  }
  return ms;
}

/** The send-contact-email function for the local server, storing into PGlite. */
export async function createLocalFunction(
  options: LocalFunctionOptions = {},
): Promise<LocalFunction> {
  const {
    dataDir = leadsDataDir(),
    log = (line: string) => console.log(line),
    env = process.env,
  } = options;
  const config = readLeadConfig((name) => env[name], { onSupabase: false });
  const retryIntervalMs = parseRetryInterval(env.LEADS_RETRY_INTERVAL_MS);
  // PGlite is single-process: the store is held before it opens, released after it closes.
  const held = dataDir.startsWith("memory://")
    ? null
    : await holdStore(
        dataDir,
        { pid: process.pid, ...(options.holder ?? { role: "server" }) },
        { waitMs: parseLockWait(env.LEADS_LOCK_WAIT_MS), log },
      );
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  try {
    store = await openPgliteStore({ dataDir });
  } catch (error) {
    await held?.release();
    throw error;
  }
  held?.serve((request) => answerOperator(store, request));
  const notifier = createLeadNotifier(config, log);
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const done = () => pending.delete(work);
    pending.add(work);
    work.then(done, done);
    return work;
  };
  const handle = createLeadHandler({
    ...config,
    allowedOrigins: [...config.allowedOrigins, ...(options.allowedOrigins ?? []), ...LOCAL_ORIGINS],
    store,
    notifier,
    defer: track,
    log,
    now: options.now,
  });

  const maintenance = createLeadMaintenance({ store, notifier, log, meta: config.meta });
  let run: Promise<MaintenanceReport> | null = null;
  /** One run at a time: a slow e-mail API must not pile runs up. */
  function runMaintenance(): Promise<MaintenanceReport> {
    if (!run) {
      run = maintenance.run().finally(() => {
        run = null;
      });
      track(run);
    }
    return run;
  }
  const timer =
    retryIntervalMs === null
      ? undefined
      : setInterval(() => {
          runMaintenance().catch((error: unknown) =>
            log(`Retrying lead e-mails failed: ${errorText(error)}`),
          );
        }, retryIntervalMs);
  // The timer alone must not keep a process (a test, the CLI) alive.
  timer?.unref();

  return {
    handle,
    listLeads: () => store.list(),
    runMaintenance,
    async settled() {
      await Promise.allSettled(pending);
    },
    async close() {
      clearInterval(timer);
      await Promise.allSettled(pending);
      await store.close();
      await held?.release();
    },
  };
}
