import { sha256Hex } from "../contract/disclosures.ts";

/**
 * The outbox: every message a lead causes is one row of public.lead_deliveries, written
 * with the lead, and delivered by one loop (deliver.ts) through a small adapter per
 * channel (channels.ts). This module holds what a row is, how one is planned and when a
 * failed one is tried again.
 */

/** How a delivery travels, and to whom. */
export const DELIVERY_CHANNELS = [
  /** The team's inbox (Resend), LEADS_NOTIFY_TO; the log when no provider is set. */
  "team_email",
  /** A text to each of the team's phones (Twilio), LEADS_ALERT_SMS_TO. */
  "team_sms",
  /** A signed Standard Webhooks POST to the operator's CRM or automation tool. */
  "webhook",
  /** Meta's Conversions API Lead event. */
  "meta",
  /** The homeowner's confirmation e-mail. */
  "confirm_email",
  /** The homeowner's confirmation text, when they ticked the box for texts. */
  "confirm_sms",
  /** One more alert to LEADS_ESCALATE_TO (an e-mail or a phone) about a lead nobody called. */
  "escalation",
] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** What happened: the type a webhook carries, and what each message is about. */
export const DELIVERY_EVENTS = ["lead.created", "lead.status_changed", "lead.escalated"] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];

/** See the migration (20261127000000_one_delivery_outbox.sql) for what each one means. */
export const DELIVERY_STATUSES = [
  "pending",
  "sending",
  "sent",
  "failed",
  "logged",
  "skipped",
  "unverified",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The team's channels: what may tell the team of a lead while the store is down. */
export const TEAM_CHANNELS: readonly DeliveryChannel[] = ["team_email", "team_sms", "webhook"];

/** A row of public.lead_deliveries, times as ISO strings. */
export type DeliveryRow = {
  id: string;
  lead_id: string;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  destination: string;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  lease_until: string | null;
  give_up_at: string;
  last_error: string | null;
  last_status: number | null;
  sent_at: string | null;
  once_key: string | null;
};

/** A delivery to write: the row's fields the planner chooses; the store adds the times. */
export type PlannedDelivery = {
  id: string;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  destination: string;
  payload: Record<string, unknown>;
  /** Seconds from now after which a delivery still failing is given up. */
  lifetimeSeconds: number;
  /** One delivery per key: the confirmation's address and day. */
  onceKey: string | null;
  /** pending for a new one; sent for one a team channel took while the store was down. */
  status: "pending" | "sent";
  note: string | null;
};

/**
 * What one attempt came to, as the adapter saw it. `retry`: the outcome is unknown or the
 * receiver is busy (a timeout, 408, 429, 5xx), so the same delivery is tried again with the
 * same id; `failed`: refused for good (410, another 4xx); `logged`: no provider, the log has
 * it; `skipped`: a rule says not to send it (an opt-out), with the reason.
 */
export type AttemptResult =
  | { outcome: "sent"; status?: number }
  | { outcome: "retry"; error: string; status?: number; retryAfterSeconds?: number }
  | { outcome: "failed"; error: string; status?: number }
  | { outcome: "logged" }
  | { outcome: "skipped"; reason: string };

/** Retries stop this long after a delivery was planned: Standard Webhooks' schedule spans about 3 days. */
export const DELIVERY_LIFETIME_SECONDS = 3 * 86_400;
/** Meta refuses an event whose event_time is more than 7 days old; an hour's margin. */
export const META_LIFETIME_SECONDS = 7 * 86_400 - 3_600;

/**
 * Seconds to wait after the given number of failed attempts: Standard Webhooks' example
 * schedule (spec/standard-webhooks.md, "Deliverability and reliability", read 2026-11-27):
 * at once, then 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours, 14 hours,
 * 20 hours, 24 hours, and every 24 hours after that until the delivery's lifetime ends.
 */
const SCHEDULE_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400];

export function retryDelaySeconds(failedAttempts: number): number {
  return SCHEDULE_SECONDS[Math.max(0, failedAttempts - 1)] ?? 86_400;
}

/** A delay this short is waited out by the attempt's own process rather than the next run. */
export const WAIT_IN_PLACE_SECONDS = 10;

/**
 * A UUID of version 8 (RFC 9562: laid out by the application) from the SHA-256 of a text:
 * the same text, the same id.
 */
export async function uuidFromText(text: string): Promise<string> {
  const hex = [...(await sha256Hex(text)).slice(0, 32)];
  hex[12] = "8";
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const id = hex.join("");
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

/**
 * A delivery's id: one per lead, channel, event, destination and (for a status change) the
 * change, so planning the same delivery twice writes one row.
 */
export function deliveryId(
  leadId: string,
  channel: DeliveryChannel,
  event: DeliveryEvent,
  destination: string,
  reference = "",
): Promise<string> {
  return uuidFromText(`delivery:${leadId}:${channel}:${event}:${destination}:${reference}`);
}

/** A delivery planned now, pending, living the usual 3 days. */
export async function planDelivery(
  leadId: string,
  fields: Pick<PlannedDelivery, "channel" | "event" | "destination"> &
    Partial<Pick<PlannedDelivery, "payload" | "lifetimeSeconds" | "onceKey">> & {
      reference?: string;
    },
): Promise<PlannedDelivery> {
  const { channel, event, destination, reference = "" } = fields;
  return {
    id: await deliveryId(leadId, channel, event, destination, reference),
    channel,
    event,
    destination,
    payload: fields.payload ?? {},
    lifetimeSeconds: fields.lifetimeSeconds ?? DELIVERY_LIFETIME_SECONDS,
    onceKey: fields.onceKey ?? null,
    status: "pending",
    note: null,
  };
}

/**
 * What an HTTP answer means for a delivery, as Standard Webhooks advises senders: 2xx is
 * delivered; 408, 429 and 5xx are passing (retry, after Retry-After when given); 410 means
 * the receiver wants no more; any other answer is refused for good. `detail` is what the
 * provider said, made printable by the caller.
 */
export function answerOutcome(
  status: number,
  retryAfter: string | null,
  describe: (status: number) => string,
): AttemptResult {
  if (status >= 200 && status < 300) return { outcome: "sent", status };
  const error = describe(status);
  if (status === 408 || status === 429 || status >= 500) {
    const seconds = retryAfterSeconds(retryAfter);
    return {
      outcome: "retry",
      error,
      status,
      ...(seconds === null ? {} : { retryAfterSeconds: seconds }),
    };
  }
  return { outcome: "failed", error, status };
}

/** Retry-After in seconds (a number or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A request that never got an answer: the receiver may have it, so it is tried again. */
export function unreachable(what: string, error: unknown): AttemptResult {
  // Not instanceof: a DOMException (the timeout's) may come from another realm.
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  const reason =
    name === "TimeoutError"
      ? "no answer within the timeout"
      : typeof message === "string"
        ? message
        : String(error);
  return { outcome: "retry", error: `${what} could not be reached: ${reason}` };
}
