import { readLeadConfig } from "../supabase/functions/_shared/config/lead-config.ts";
import { errorText } from "../supabase/functions/_shared/delivery/attempt.ts";
import {
  createLeadHandler,
  type ConnectionInfo,
} from "../supabase/functions/_shared/handler/lead-handler.ts";
import type { MaintenanceReport } from "../supabase/functions/_shared/maintenance/lead-maintenance.ts";
import type { LeadRow } from "../supabase/functions/_shared/store/rows.ts";
import { openPgliteStore } from "./pglite-store.ts";
import { leadsDataDir } from "./data-dir.ts";
import { createLeadSpool, spoolDir } from "./lead-spool.ts";
import { answerOperator } from "./operator-calls.ts";
import { localSigningSecret } from "./signing-secret.ts";
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
   * What Supabase Cron does through .../retry-notifications: escalations and status-change
   * webhooks planned, every due delivery sent, then retention. First, the leads a team channel
   * took while the store was down (lead-spool.ts) are stored.
   */
  runMaintenance(): Promise<MaintenanceReport>;
  /** Resolves once the work done after answers (each lead's deliveries) has finished. */
  settled(): Promise<void>;
  /** Stops the retry timer, waits for pending notifications, closes the database, then lets the store go. */
  close(): Promise<void>;
};

/** Same-origin posts from the served site carry the server's own origin, on any port. */
export const LOCAL_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"];

/** How often the local server delivers what is due (retries, escalations) and applies retention, by default. */
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

/** How long closing waits for deliveries under way before the store closes. */
const CLOSE_WAIT_MS = 10_000;

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
  const inMemory = dataDir.startsWith("memory://");
  // PGlite is single-process: the store is held before it opens, released after it closes.
  const held = inMemory
    ? null
    : await holdStore(
        dataDir,
        { pid: process.pid, ...(options.holder ?? { role: "server" }) },
        { waitMs: parseLockWait(env.LEADS_LOCK_WAIT_MS), log },
      );
  let store: Awaited<ReturnType<typeof openPgliteStore>>;
  let signingSecret: string | null;
  try {
    signingSecret = config.signingSecret ?? (inMemory ? null : await localSigningSecret(dataDir));
    store = await openPgliteStore({ dataDir });
  } catch (error) {
    await held?.release();
    throw error;
  }
  const spool = inMemory ? null : createLeadSpool(spoolDir(dataDir), log);
  /** Stores what the spool holds; a store still down leaves it for the next run. */
  async function replaySpool(start = false): Promise<void> {
    if (!spool) return;
    try {
      const { stored, left } = await spool.replay(store, { start });
      if (stored > 0) log(`${stored} leads received while the store was down are stored now.`);
      if (left > 0) log(`${left} leads received while the store was down wait for the store.`);
    } catch (error) {
      log(
        `The spool of leads received while the store was down could not be read: ${errorText(error)}`,
      );
    }
  }
  // This process holds the store alone: an attempt left "sending" was its predecessor's,
  // which died before it could record it, so it is due again now.
  const orphans = await store.releaseClaims();
  if (orphans > 0) log(`${orphans} deliveries interrupted by a stop are sent again.`);
  // Before the first request, so a lead a stop left in the spool is listed at once.
  await replaySpool(true);
  if (config.teamEmailMissing.length > 0) {
    log(
      `The team's e-mail is off, ${config.teamEmailMissing.join(", ")} not set: new leads go to this log only.`,
    );
  }
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const done = () => pending.delete(work);
    pending.add(work);
    work.then(done, done);
    return work;
  };
  const { handle, runMaintenance: maintain } = createLeadHandler({
    config: {
      ...config,
      signingSecret,
      allowedOrigins: [
        ...config.allowedOrigins,
        ...(options.allowedOrigins ?? []),
        ...LOCAL_ORIGINS,
      ],
    },
    store,
    defer: track,
    log,
    now: options.now,
    spool,
  });

  let run: Promise<MaintenanceReport> | null = null;
  /** One run at a time: a slow provider must not pile runs up. */
  function runMaintenance(): Promise<MaintenanceReport> {
    if (!run) {
      run = replaySpool()
        .then(maintain)
        .finally(() => {
          run = null;
        });
      track(run);
    }
    return run;
  }
  held?.serve(async (request) => {
    const result = await answerOperator(store, request);
    // A status the operator set goes to the webhooks now, not at the next timer.
    if (request.method === "recordStatus" || request.method === "redeliver") {
      runMaintenance().catch((error: unknown) => log(`Delivering failed: ${errorText(error)}`));
    }
    return result;
  });
  const timer =
    retryIntervalMs === null
      ? undefined
      : setInterval(() => {
          runMaintenance().catch((error: unknown) =>
            log(`Delivering what is due failed: ${errorText(error)}`),
          );
        }, retryIntervalMs);
  // The timer alone must not keep a process (a test, the CLI) alive.
  timer?.unref();
  // What a stopped server left due goes out now, not a timer's interval later.
  if (timer) {
    runMaintenance().catch((error: unknown) =>
      log(`Delivering what is due failed: ${errorText(error)}`),
    );
  }

  return {
    handle,
    listLeads: () => store.list(),
    runMaintenance,
    async settled() {
      await Promise.allSettled(pending);
    },
    async close() {
      clearInterval(timer);
      // Deliveries still under way get a few seconds; one cut off stays in the outbox, held
      // "sending", and the next server on this store sends it again with the same id.
      await Promise.race([
        Promise.allSettled(pending),
        new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
      ]);
      await store.close();
      await held?.release();
    },
  };
}
