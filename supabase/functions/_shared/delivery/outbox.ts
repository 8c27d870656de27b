import { uuidFromText } from "../contract/uuid.ts";
import { CHANNELS, type DeliveryChannel, type DeliveryEvent } from "../store/channels.ts";
import type { PlannedDelivery } from "../store/rows.ts";

/**
 * The outbox: every message a lead causes is one row of public.lead_deliveries, written
 * with the lead, and delivered by one loop (deliver.ts) through a small adapter per
 * channel (adapters.ts), each calling its provider through one transport (transport.ts).
 * This module holds what a row is, how one is planned and when a failed one is tried again.
 */

/**
 * What one attempt came to, as the adapter saw it. `retry`: the outcome is unknown or the
 * receiver is busy (a timeout, 408, 429, 5xx), so the same delivery is tried again with the
 * same id; `failed`: refused for good (410, another 4xx, a redirect); `logged`: no provider,
 * the log has it; `skipped`: a rule says not to send it (an opt-out), with the reason. A
 * `note` on a sent one says how it was found sent without sending (Twilio listed the text).
 */
export type AttemptResult =
  | { outcome: "sent"; status?: number; note?: string }
  | { outcome: "retry"; error: string; status?: number; retryAfterSeconds?: number }
  | { outcome: "failed"; error: string; status?: number }
  | { outcome: "logged" }
  | { outcome: "skipped"; reason: string };

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

/** A delivery planned now, pending, living its channel's retry window (store/channels.ts). */
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
    lifetimeSeconds: fields.lifetimeSeconds ?? CHANNELS[channel].lifetimeSeconds,
    onceKey: fields.onceKey ?? null,
    status: "pending",
    note: null,
  };
}
