import type {
  AttemptOutcome,
  DeliveryAttempt,
  DeliveryRow,
} from "../supabase/functions/_shared/store/rows.ts";
import { CHANNELS } from "../supabase/functions/_shared/store/channels.ts";
import { escapeNonPrintable } from "../supabase/functions/_shared/contract/printable.ts";

/**
 * A delivery as the operator reads it: what it is and where it stands, in words that say
 * only what happened ("sent" only after a 2xx; a log line is "logged only").
 */

const ERROR_MAX = 70;

/** "team e-mail", "team text to +16145550100", "webhook to crm.example.com (contacted)" */
export function deliveryName(
  delivery: Pick<DeliveryRow, "channel" | "destination" | "event" | "payload">,
): string {
  const to = escapeNonPrintable(delivery.destination);
  const host = (() => {
    try {
      return new URL(delivery.destination).host;
    } catch {
      return to;
    }
  })();
  const { cliName } = CHANNELS[delivery.channel];
  switch (delivery.channel) {
    case "team_sms":
    case "escalation":
      return `${cliName} to ${to}`;
    case "webhook":
      return delivery.event === "lead.status_changed"
        ? `${cliName} to ${host} (${escapeNonPrintable(String(delivery.payload.status ?? "status"))})`
        : `${cliName} to ${host}`;
    default:
      return cliName;
  }
}

/** "12:01:07" on the lead's own day (UTC), otherwise "2026-11-28 12:01". */
function when(at: string, sameDayAs: string | null): string {
  const iso = new Date(at).toISOString();
  return sameDayAs && iso.slice(0, 10) === new Date(sameDayAs).toISOString().slice(0, 10)
    ? iso.slice(11, 19)
    : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function short(text: string | null): string {
  const shown = [...escapeNonPrintable(text ?? "no reason recorded")];
  return shown.length > ERROR_MAX ? `${shown.slice(0, ERROR_MAX - 1).join("")}…` : shown.join("");
}

/**
 * "sent 12:01:07", "retrying (3), next 12:15", "failed: 401 from the webhook", "logged only:
 * no provider configured", "skipped: opted out of e-mail on 2026-11-20". Times in UTC.
 */
export function deliveryState(delivery: DeliveryRow, leadCreatedAt: string | null = null): string {
  switch (delivery.status) {
    case "sent":
      return delivery.sent_at ? `sent ${when(delivery.sent_at, leadCreatedAt)}` : "sent";
    case "logged":
      return "logged only: no provider configured";
    case "skipped":
      return `skipped: ${short(delivery.last_error)}`;
    case "failed":
      return `failed: ${short(delivery.last_error)}`;
    case "unverified":
      return "e-mailed or only logged, before delivery records (not known which)";
    case "sending":
      return `sending (attempt ${delivery.attempts})`;
    case "pending":
      return delivery.attempts === 0
        ? "queued"
        : `retrying (${delivery.attempts}), next ${when(delivery.next_attempt_at, leadCreatedAt)}: ${short(delivery.last_error)}`;
  }
}

/** "team e-mail: sent 12:01:07" */
export function describeDelivery(
  delivery: DeliveryRow,
  leadCreatedAt: string | null = null,
): string {
  return `${deliveryName(delivery)}: ${deliveryState(delivery, leadCreatedAt)}`;
}

/** What an attempt left its delivery as, in the listing's words. */
const OUTCOME_WORDS: Record<AttemptOutcome, string> = {
  sent: "sent",
  logged: "logged only",
  pending: "to retry",
  failed: "failed",
  skipped: "skipped",
  unverified: "unverified",
};

/** "120 ms", "15.0 s"; "-" where it was not measured (attempts carried over). */
function duration(ms: number | null): string {
  if (ms === null) return "-";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * One attempt as aligned cells, printable: "#2", "2026-11-21 19:08:25", "to retry",
 * "HTTP 503", "120 ms", then the error or reason (its own width is the caller's).
 */
export function attemptCells(attempt: DeliveryAttempt): string[] {
  const at = new Date(attempt.at).toISOString();
  return [
    `#${attempt.attempt}`.padEnd(3),
    `${at.slice(0, 10)} ${at.slice(11, 19)}`,
    OUTCOME_WORDS[attempt.outcome].padEnd(11),
    (attempt.http_status === null ? "-" : `HTTP ${attempt.http_status}`).padEnd(8),
    duration(attempt.duration_ms).padEnd(8),
    escapeNonPrintable(attempt.excerpt ?? ""),
  ];
}
