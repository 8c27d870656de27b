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

function toRecord(result: AttemptResult, attempts: number): AttemptRecord {
  switch (result.outcome) {
    case "sent":
      return { status: "sent", httpStatus: result.status ?? null };
    case "logged":
      return { status: "logged" };
    case "skipped":
      return { status: "skipped", error: result.reason };
    case "failed":
      return { status: "failed", error: result.error, httpStatus: result.status ?? null };
    case "retry":
      return {
        status: "pending",
        error: result.error,
        httpStatus: result.status ?? null,
        delaySeconds: Math.max(retryDelaySeconds(attempts), result.retryAfterSeconds ?? 0),
      };
  }
}

export function errorText(error: unknown): string {
  return escapeNonPrintable(error instanceof Error ? error.message : String(error));
}

export function createDeliverer({ store, channels, log, sleep = defaultSleep }: DelivererDeps) {
  /** One attempt, recorded; returns what was recorded (null when the record failed). */
  async function attempt({ delivery, ...context }: ClaimedDelivery): Promise<AttemptRecord | null> {
    let result: AttemptResult;
    try {
      result = await channels[delivery.channel]({ delivery, ...context });
    } catch (error) {
      // A fault of ours, not the provider's answer: the delivery is kept and tried again.
      result = { outcome: "retry", error: errorText(error) };
    }
    const record = toRecord(result, delivery.attempts);
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

  return {
    /**
     * After the answer: sends a new lead's deliveries at once, and waits out the first
     * retry (5 seconds) in place, as webhook senders do, before leaving the rest to the
     * retry runs. Never rejects: nothing the visitor waits on depends on it.
     */
    async deliverLead(leadId: string): Promise<void> {
      for (let round = 0; round < 2; round++) {
        let claimed: ClaimedDelivery[];
        try {
          claimed = await store.claimDeliveries({ leadId, limit: 50 });
        } catch (error) {
          log(`Deliveries of lead ${leadId} are left to the retry run: ${errorText(error)}`);
          return;
        }
        const records = await Promise.all(claimed.map(attempt));
        const soon = records.flatMap((record) =>
          record?.status === "pending" && record.delaySeconds <= WAIT_IN_PLACE_SECONDS
            ? [record.delaySeconds]
            : [],
        );
        if (soon.length === 0) return;
        await sleep(Math.max(...soon) * 1000);
      }
    },

    /** The retry run's part: every due delivery, a batch at a time, up to RUN_MAX. */
    async deliverDue(): Promise<DeliveryCounts> {
      const counts: DeliveryCounts = { sent: 0, retrying: 0, failed: 0, logged: 0, skipped: 0 };
      for (let done = 0; done < RUN_MAX;) {
        const claimed = await store.claimDeliveries({ limit: BATCH });
        count(await Promise.all(claimed.map(attempt)), counts);
        done += claimed.length;
        if (claimed.length < BATCH) break;
      }
      return counts;
    },

    /**
     * The store is down: the lead's team deliveries are sent now, straight from the plan,
     * and the ids of those a provider took with a 2xx are returned. A log line is not one.
     */
    async sendWithoutStore(
      lead: Lead,
      consent: ConsentRecord | null,
      planned: readonly PlannedDelivery[],
    ): Promise<string[]> {
      const now = new Date().toISOString();
      const team = planned.filter((delivery) => TEAM_CHANNELS.includes(delivery.channel));
      const results = await Promise.all(
        team.map(async (plan) => {
          const delivery: DeliveryRow = {
            ...plan,
            lead_id: lead.id,
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
          const result = await withTimeout(
            channels[plan.channel]({
              delivery,
              lead: { ...lead, created_at: now },
              consent,
              optOuts: [],
            }),
            OUTAGE_TIMEOUT_MS,
          ).catch((error: unknown): AttemptResult => ({
            outcome: "retry",
            error: errorText(error),
          }));
          if (result.outcome !== "sent" && result.outcome !== "logged") {
            log(
              `${CHANNELS[plan.channel].label} for lead ${lead.id} failed while the store is down: ${"error" in result ? result.error : result.outcome}`,
            );
          }
          return result.outcome === "sent" ? [plan.id] : [];
        }),
      );
      return results.flat();
    },
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
