import type { LeadConfig } from "../config/lead-config.ts";
import { escapeNonPrintable } from "../contract/printable.ts";
import { CHANNELS } from "../store/channels.ts";
import type { AttemptRecord, ClaimedDelivery, LeadStore } from "../store/lead-store.ts";
import type { Channels } from "./adapters.ts";
import { retryDelaySeconds, type AttemptResult } from "./outbox.ts";

/** One attempt of one claimed delivery: sent through its adapter, timed, and recorded. */

export type DelivererDeps = {
  store: LeadStore;
  channels: Channels;
  log: (line: string) => void;
  /** Waits out a short retry (5 seconds) in place; tests pass one that does not sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** The cap on homeowners' messages an hour, and the team's channels told of a pause; none: no cap. */
  config?: HomeownerCapConfig;
};

export type HomeownerCapConfig = Pick<
  LeadConfig,
  "homeownerMessagesPerHour" | "teamEmail" | "alertSmsTo"
>;

function toRecord(result: AttemptResult, attempts: number, durationMs: number): AttemptRecord {
  switch (result.outcome) {
    case "sent":
      return {
        status: "sent",
        httpStatus: result.status ?? null,
        ...(result.note ? { note: result.note } : {}),
        durationMs,
      };
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
export async function attempt(
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
