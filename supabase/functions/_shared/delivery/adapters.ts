import { leadContactKeys } from "../contract/contacts.ts";
import type { LeadConfig } from "../config/lead-config.ts";
import { hasStopped } from "../store/lead-records.ts";
import type { ClaimedDelivery } from "../store/lead-store.ts";
import type { LeadRow, OptOut } from "../store/rows.ts";
import { buildConfirmationEmail, buildConfirmationText } from "./messages/homeowner-messages.ts";
import { sendMetaLead, type MetaLeadInput } from "./providers/meta.ts";
import type { AttemptResult } from "./outbox.ts";
import type { DeliveryChannel } from "../store/channels.ts";
import { sendEmail, type Email } from "./providers/resend.ts";
import {
  buildEscalationEmail,
  buildEscalationText,
  buildTeamEmail,
  buildTeamText,
  describeLead,
  teamAlert,
} from "./messages/team-messages.ts";
import { sendTextOnce } from "./providers/twilio.ts";
import { leadEventBody, sendWebhook } from "./providers/webhooks.ts";

/** Sends one claimed delivery and says what came of it; never throws for a provider's answer. */
export type ChannelAdapter = (claimed: ClaimedDelivery) => Promise<AttemptResult>;
export type Channels = Record<DeliveryChannel, ChannelAdapter>;

export type ChannelDeps = {
  log: (line: string) => void;
  /** How providers are called; default the global fetch. */
  fetch?: typeof fetch;
};

/** A setting removed after the delivery was planned: it can no longer be sent. */
const unset = (what: string): AttemptResult => ({
  outcome: "failed",
  error: `not sent: ${what} is no longer set`,
});

/**
 * One adapter per channel, each reading its settings; the differences between channels are
 * here and nowhere else. Opt-outs are checked at the moment of sending, so a stop recorded
 * after the lead arrived still holds.
 */
export function createChannels(
  config: LeadConfig,
  { log, fetch: fetchImpl = fetch }: ChannelDeps,
): Channels {
  const send = senders(config, fetchImpl);
  return {
    team_email: teamEmail(config, send, log),
    team_sms: teamSms(send),
    webhook: webhook(config, fetchImpl),
    meta: meta(config, fetchImpl),
    confirm_email: confirmEmail(config, send),
    confirm_sms: confirmSms(config, send),
    escalation: escalation(config, send),
  };
}

/**
 * The e-mail and text senders over the configured providers; unset when a provider is. A text
 * whose attempt before recorded no outcome is looked up at Twilio before it is sent again
 * (Twilio takes no idempotency key, as Resend does).
 */
type Senders = {
  email: ((email: Email, key: string) => Promise<AttemptResult>) | null;
  text: ((claimed: ClaimedDelivery, body: string) => Promise<AttemptResult>) | null;
};

function senders({ resend, twilio }: LeadConfig, fetchImpl: typeof fetch): Senders {
  return {
    email: resend && ((email, key) => sendEmail(resend, email, key, fetchImpl)),
    text:
      twilio &&
      (({ delivery, unrecordedSince }, body) =>
        sendTextOnce(twilio, delivery.destination, body, unrecordedSince ?? null, fetchImpl)),
  };
}

/** The latest opt-out of these contacts from this channel, as a skip; null when none holds. */
function optedOut(
  optOuts: ClaimedDelivery["optOuts"],
  contacts: string[],
  channel: "email" | "texts" | "sharing",
  reason: (stop: OptOut) => string,
): AttemptResult | null {
  const stop = hasStopped(optOuts, contacts, channel);
  return stop && { outcome: "skipped", reason: reason(stop) };
}

const on = (stop: OptOut) => stop.recorded_at.slice(0, 10);

function teamEmail(config: LeadConfig, send: Senders, log: ChannelDeps["log"]): ChannelAdapter {
  return async ({ delivery, lead, consent }) => {
    const team = config.teamEmail;
    const alert = teamAlert(delivery.payload);
    if (!send.email || !team) {
      log(alert ? alert.text : `New lead ${describeLead(lead)}`);
      return { outcome: "logged" };
    }
    // Rows carried over from before the outbox name no addresses: the team's current ones.
    const to = delivery.destination
      ? delivery.destination.split(",").map((item) => item.trim())
      : team.to;
    const email = {
      from: team.from,
      to,
      ...(alert ? alert : { replyTo: lead.email, ...buildTeamEmail(lead, consent) }),
    };
    return send.email(email, delivery.id);
  };
}

function teamSms(send: Senders): ChannelAdapter {
  return async (claimed) => {
    if (!send.text) return unset("TWILIO_ACCOUNT_SID");
    const alert = teamAlert(claimed.delivery.payload);
    return send.text(claimed, alert ? alert.text : buildTeamText(claimed.lead));
  };
}

function webhook(config: LeadConfig, fetchImpl: typeof fetch): ChannelAdapter {
  return async ({ delivery, lead, consent }) => {
    const endpoint = config.webhooks.find(({ url }) => url === delivery.destination);
    if (!endpoint) return unset("this endpoint in LEADS_WEBHOOK_URL");
    return sendWebhook(endpoint, delivery.id, leadEventBody(delivery, lead, consent), fetchImpl);
  };
}

function meta(config: LeadConfig, fetchImpl: typeof fetch): ChannelAdapter {
  return async ({ lead, consent, optOuts }) => {
    if (!config.meta) return unset("META_DATASET_ID");
    if (lead.gpc) return { outcome: "skipped", reason: "the browser sent Global Privacy Control" };
    const skipped = optedOut(
      optOuts,
      leadContactKeys(lead),
      "sharing",
      (stop) =>
        `${stop.contact} opted out of ${stop.channel === "all" ? "everything" : "sharing"} on ${on(stop)}`,
    );
    if (skipped) return skipped;
    const input = metaInput(
      lead,
      consent?.page_url ?? null,
      consent?.user_agent ?? null,
      consent?.client_ip ?? null,
    );
    return sendMetaLead(config.meta, input, fetchImpl);
  };
}

function confirmEmail(config: LeadConfig, send: Senders): ChannelAdapter {
  return async ({ delivery, lead, optOuts }) => {
    if (!send.email || !config.confirmFrom) return unset("LEADS_CONFIRM_FROM");
    const skipped = optedOut(
      optOuts,
      [delivery.destination],
      "email",
      (stop) => `opted out of e-mail on ${on(stop)}`,
    );
    if (skipped) return skipped;
    const email = {
      from: config.confirmFrom,
      to: [lead.email],
      replyTo: config.company.email,
      ...buildConfirmationEmail(lead, config.company),
    };
    return send.email(email, delivery.id);
  };
}

function confirmSms(config: LeadConfig, send: Senders): ChannelAdapter {
  return async (claimed) => {
    const { delivery, lead, optOuts } = claimed;
    if (!send.text || !config.confirmSms) return unset("LEADS_CONFIRM_SMS");
    const skipped = optedOut(
      optOuts,
      [delivery.destination],
      "texts",
      (stop) => `opted out of texts on ${on(stop)}`,
    );
    if (skipped) return skipped;
    return send.text(claimed, buildConfirmationText(lead, config.company));
  };
}

/**
 * The team's reminder of a lead nobody has answered: a text to a number, else an e-mail. Only
 * while the lead is still new at the moment of sending: a status recorded since it was planned
 * (contacted, or not a fit) makes it moot, on a retry and after --redeliver alike.
 */
function escalation(config: LeadConfig, send: Senders): ChannelAdapter {
  return async (claimed) => {
    const { delivery, lead, consent, leadStatus } = claimed;
    if (leadStatus && leadStatus.status !== "new") {
      return {
        outcome: "skipped",
        reason: `the lead was marked ${leadStatus.status} at ${leadStatus.changed_at}`,
      };
    }
    const minutes = Number(delivery.payload.after_minutes ?? config.escalation.afterMinutes);
    if (delivery.destination.startsWith("+")) {
      if (!send.text) return unset("TWILIO_ACCOUNT_SID");
      return send.text(claimed, buildEscalationText(lead, minutes));
    }
    if (!send.email || !config.teamEmail) return unset("RESEND_API_KEY");
    const email = {
      from: config.teamEmail.from,
      to: [delivery.destination],
      replyTo: lead.email,
      ...buildEscalationEmail(lead, minutes, consent),
    };
    return send.email(email, delivery.id);
  };
}

/**
 * What Meta's event is made of: the lead, its click id (the latest visit's, else the
 * first's), when that click id was first seen, and the page, browser and address of its
 * consent record.
 */
function metaInput(
  lead: LeadRow,
  pageUrl: string | null,
  userAgent: string | null,
  clientIp: string | null,
): MetaLeadInput {
  const sameClick = lead.fbclid === null || lead.fbclid === lead.first_fbclid;
  return {
    id: lead.id,
    email: lead.email,
    phone: lead.phone,
    fbclid: lead.fbclid ?? lead.first_fbclid,
    fbclidAt: sameClick ? (lead.first_touched_at ?? lead.touched_at) : lead.touched_at,
    createdAt: lead.created_at,
    eventSourceUrl: pageUrl,
    userAgent,
    clientIp,
  };
}
