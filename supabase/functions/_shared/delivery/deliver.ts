import type { AttemptRecord, ClaimedDelivery, LeadStore } from "../store/lead-store.ts";
import type { ConsentRecord, Lead } from "../store/rows.ts";
import { escapeNonPrintable } from "../contract/printable.ts";
import type { Channels } from "./adapters.ts";
import { retryDelaySeconds, WAIT_IN_PLACE_SECONDS, type AttemptResult } from "./outbox.ts";
import { CHANNELS, TEAM_CHANNELS } from "../store/channels.ts";
import { type DeliveryRow, type PlannedDelivery } from "../store/rows.ts";

/**
 * The one loop that delivers every channel: claim due rows (each held by a lease and its
 * attempt counted), send each through its channel's adapter, record what came of it. A
 * failure that may pass is tried again on the schedule in outbox.ts, with the same delivery
 * id; one refused for good, or still failing when its lifetime ends, is recorded failed.
 */

export type DeliveryCounts = {
  sent: number;
  retrying: number;
  failed: number;
  logged: number;
  skipped: number;
};

export type DelivererDeps = {
  store: LeadStore;
  channels: Channels;
  log: (line: string) => void;
  /** Waits out a short retry (5 seconds) in place; tests pass one that does not sleep. */
  sleep?: (ms: number) => Promise<void>;
};

/** Claimed at a time by a retry run. */
const BATCH = 25;
/** Attempts per run at most: a backlog drains over a few runs instead of one long request. */
const RUN_MAX = 200;
/** How long the team's channels may take while the store is down, before the visitor hears. */
const OUTAGE_TIMEOUT_MS = 8_000;

function toRecord(result: AttemptResult, attempts: number, durationMs: number): AttemptRecord {
  switch (result.outcome) {
    case "sent":
      return { status: "sent", httpStatus: result.status ?? null, durationMs };
    case "logged":
      return { status: "logged", durationMs };
    case "skipped":
      return { status: "skipped", error: result.reason, durationMs };
    case "failed":
      return {
        status: "failed",
        error: result.error,
        httpStatus: result.status ?? null,
        durationMs,
      };
    case "retry":
      return {
        status: "pending",
        error: result.error,
        httpStatus: result.status ?? null,
        delaySeconds: Math.max(retryDelaySeconds(attempts), result.retryAfterSeconds ?? 0),
        durationMs,
      };
  }
}

export function errorText(error: unknown): string {
  return escapeNonPrintable(error instanceof Error ? error.message : String(error));
}

/** The delivery through its channel's adapter, timed; a throw is a fault of ours, tried again. */
async function send(
  channels: Channels,
  claimed: ClaimedDelivery,
): Promise<{ result: AttemptResult; durationMs: number }> {
  const started = performance.now();
  let result: AttemptResult;
  try {
    result = await channels[claimed.delivery.channel](claimed);
  } catch (error) {
    result = { outcome: "retry", error: errorText(error) };
  }
  return { result, durationMs: performance.now() - started };
}

/** One attempt, sent and recorded; returns what was recorded (null when the record failed). */
async function attempt(
  { store, channels, log }: DelivererDeps,
  claimed: ClaimedDelivery,
): Promise<AttemptRecord | null> {
  const { delivery } = claimed;
  const { result, durationMs } = await send(channels, claimed);
  const record = toRecord(result, delivery.attempts, durationMs);
  const what = `${CHANNELS[delivery.channel].label} for lead ${delivery.lead_id} (${delivery.event}, attempt ${delivery.attempts})`;
  let stored: string | null;
  try {
    stored = await store.recordAttempt(delivery.id, delivery.attempts, record);
  } catch (error) {
    log(
      `${what}: ${result.outcome}, but it could not be recorded; it is tried again when its lease ends: ${errorText(error)}`,
    );
    return null;
  }
  if (record.status === "pending") {
    log(
      stored === "failed"
        ? `${what} failed and its time is up; it will not be tried again (npm run leads -- --deliveries): ${record.error}`
        : `${what} failed; tried again in ${record.delaySeconds} s: ${record.error}`,
    );
  } else if (record.status === "failed") {
    log(`${what} was refused and will not be tried again: ${record.error}`);
  }
  return stored === "failed" && record.status === "pending"
    ? { status: "failed", error: record.error }
    : record;
}

function count(records: (AttemptRecord | null)[], into: DeliveryCounts) {
  for (const record of records) {
    if (record === null || record.status === "pending") into.retrying += 1;
    else into[record.status] += 1;
  }
  return into;
}

/**
 * After the answer: sends a new lead's deliveries at once, and waits out the first retry
 * (5 seconds) in place, as webhook senders do, before leaving the rest to the retry runs.
 * Never rejects: nothing the visitor waits on depends on it.
 */
async function deliverLead(deps: Required<DelivererDeps>, leadId: string): Promise<void> {
  for (let round = 0; round < 2; round++) {
    let claimed: ClaimedDelivery[];
    try {
      claimed = await deps.store.claimDeliveries({ leadId, limit: 50 });
    } catch (error) {
      deps.log(`Deliveries of lead ${leadId} are left to the retry run: ${errorText(error)}`);
      return;
    }
    const records = await Promise.all(claimed.map((item) => attempt(deps, item)));
    const soon = records.flatMap((record) =>
      record?.status === "pending" && record.delaySeconds <= WAIT_IN_PLACE_SECONDS
        ? [record.delaySeconds]
        : [],
    );
    if (soon.length === 0) return;
    await deps.sleep(Math.max(...soon) * 1000);
  }
}

/** The retry run's part: every due delivery, a batch at a time, up to RUN_MAX. */
async function deliverDue(deps: DelivererDeps): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, retrying: 0, failed: 0, logged: 0, skipped: 0 };
  for (let done = 0; done < RUN_MAX;) {
    const claimed = await deps.store.claimDeliveries({ limit: BATCH });
    count(await Promise.all(claimed.map((item) => attempt(deps, item))), counts);
    done += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return counts;
}

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
async function sendWithoutStore(
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

/** The one loop, over a store and the channels' adapters. */
export function createDeliverer({ sleep = defaultSleep, ...rest }: DelivererDeps) {
  const deps = { ...rest, sleep };
  return {
    deliverLead: (leadId: string) => deliverLead(deps, leadId),
    deliverDue: () => deliverDue(deps),
    sendWithoutStore: (
      lead: Lead,
      consent: ConsentRecord | null,
      planned: readonly PlannedDelivery[],
    ) => sendWithoutStore(deps, lead, consent, planned),
  };
}

export type Deliverer = ReturnType<typeof createDeliverer>;

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
