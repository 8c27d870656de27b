import { parsePhone } from "../contract/contacts.ts";
import { mailboxDoubt, mailboxKey } from "../contract/mailbox.ts";
import { textableNumber } from "../contract/repeatable.ts";
import type { LeadConfig } from "../config/lead-config.ts";
import type { StatusChange } from "../store/rows.ts";
import type { ConsentRecord, Lead } from "../store/rows.ts";
import { planDelivery } from "./outbox.ts";
import type { DeliveryChannel } from "../store/channels.ts";
import { type PlannedDelivery } from "../store/rows.ts";
import type { StatusChangePayload } from "./providers/webhooks.ts";

/**
 * Which deliveries an event causes, from the configuration: each channel that is switched on
 * by its settings gets a row per destination. Nothing for a lead held as spam.
 */

/** What the deliveries of a new lead are planned from. */
export type PlanConfig = Pick<
  LeadConfig,
  | "resend"
  | "teamEmail"
  | "twilio"
  | "alertSmsTo"
  | "webhooks"
  | "meta"
  | "confirmFrom"
  | "confirmSms"
  | "escalation"
>;

/** The confirmation's key: one per channel, address and UTC day. */
function onceKey(channel: DeliveryChannel, destination: string, now: Date): string {
  return `${channel}:${destination}:${now.toISOString().slice(0, 10)}`;
}

/**
 * The number a confirmation text goes to (E.164): one that can take a text (repeatable.ts),
 * read as the opt-outs key it (contacts.ts); null for any other phone field.
 */
function textDestination(phone: string | null): string | null {
  if (phone === null) return null;
  const textable = textableNumber(phone);
  const key = parsePhone(phone)?.e164;
  return "e164" in textable && textable.e164 === key ? key : null;
}

/**
 * A new lead's deliveries: the team's e-mail (the log when no provider is set, so the
 * listing says so), the team's texts, the webhooks, Meta's Lead event (never for a browser
 * that sent Global Privacy Control), the homeowner's confirmation e-mail, and a confirmation
 * text only when the visitor ticked the box for texts in a wording that had it, to a number
 * that can take one. Neither confirmation for an e-mail whose domain is in doubt.
 */
export async function planNewLead(
  lead: Lead,
  consent: Pick<ConsentRecord, "texts"> | null,
  config: PlanConfig,
  now = new Date(),
): Promise<PlannedDelivery[]> {
  if (lead.spam_reason) return [];
  const created = "lead.created" as const;
  const plans: Promise<PlannedDelivery>[] = [
    planDelivery(lead.id, {
      channel: "team_email",
      event: created,
      destination: config.teamEmail ? config.teamEmail.to.join(", ") : "log",
    }),
    ...config.alertSmsTo.map((destination) =>
      planDelivery(lead.id, { channel: "team_sms", event: created, destination }),
    ),
    ...config.webhooks.map(({ url }) =>
      planDelivery(lead.id, { channel: "webhook", event: created, destination: url }),
    ),
  ];
  if (config.meta && !lead.gpc) {
    plans.push(
      planDelivery(lead.id, {
        channel: "meta",
        event: created,
        destination: config.meta.datasetId,
      }),
    );
  }
  // No confirmation, by e-mail or text, to a homeowner whose address imitates another's
  // (mailbox.ts): the phone came in the same request as the doubted address.
  const doubted = mailboxDoubt(lead.email) !== null;
  if (config.resend && config.confirmFrom && !doubted) {
    // The mailbox's key, for the opt-out check and one a day; the e-mail goes to lead.email.
    const destination = mailboxKey(lead.email);
    plans.push(
      planDelivery(lead.id, {
        channel: "confirm_email",
        event: created,
        destination,
        onceKey: onceKey("confirm_email", destination, now),
      }),
    );
  }
  const phone = textDestination(lead.phone);
  if (config.twilio && config.confirmSms && consent?.texts === true && !doubted && phone) {
    plans.push(
      planDelivery(lead.id, {
        channel: "confirm_sms",
        event: created,
        destination: phone,
        onceKey: onceKey("confirm_sms", phone, now),
      }),
    );
  }
  return Promise.all(plans);
}

/** A status the operator recorded, to every webhook. */
export function planStatusChange(
  change: StatusChange & { previous_status: string },
  config: Pick<LeadConfig, "webhooks">,
): Promise<PlannedDelivery[]> {
  const payload: StatusChangePayload = {
    change_id: change.id,
    status: change.status,
    previous_status: change.previous_status,
    value: change.value,
    currency: change.currency,
    note: change.note,
    changed_at: change.changed_at,
  };
  return Promise.all(
    config.webhooks.map(({ url }) =>
      planDelivery(change.lead_id, {
        channel: "webhook",
        event: "lead.status_changed",
        destination: url,
        payload,
        reference: String(change.id),
      }),
    ),
  );
}

/** One more alert about a lead nobody has contacted, to each of LEADS_ESCALATE_TO. */
export function planEscalation(
  leadId: string,
  config: Pick<LeadConfig, "escalation">,
): Promise<PlannedDelivery[]> {
  return Promise.all(
    config.escalation.to.map((destination) =>
      planDelivery(leadId, {
        channel: "escalation",
        event: "lead.escalated",
        destination,
        payload: { after_minutes: config.escalation.afterMinutes },
      }),
    ),
  );
}
