import { leadContactKeys } from "../contract/contacts.ts";
import type { LeadConfig } from "../config/lead-config.ts";
import { hasStopped } from "../store/lead-records.ts";
import type { ClaimedDelivery } from "../store/lead-store.ts";
import type { LeadRow } from "../store/rows.ts";
import { buildConfirmationEmail, buildConfirmationText } from "./messages/homeowner-messages.ts";
import { sendMetaLead, type MetaLeadInput } from "./providers/meta.ts";
import type { AttemptResult } from "./outbox.ts";
import type { DeliveryChannel } from "../store/channels.ts";
import { sendEmail } from "./providers/resend.ts";
import {
  buildEscalationEmail,
  buildEscalationText,
  buildTeamEmail,
  buildTeamText,
  describeLead,
} from "./messages/team-messages.ts";
import { sendText } from "./providers/twilio.ts";
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
  const { resend, teamEmail, twilio, company } = config;

  return {
    async team_email({ delivery, lead, consent }) {
      if (!resend || !teamEmail) {
        log(`New lead ${describeLead(lead)}`);
        return { outcome: "logged" };
      }
      // Rows carried over from before the outbox name no addresses: the team's current ones.
      const to = delivery.destination
        ? delivery.destination.split(",").map((item) => item.trim())
        : teamEmail.to;
      return sendEmail(
        resend,
        { from: teamEmail.from, to, replyTo: lead.email, ...buildTeamEmail(lead, consent) },
        delivery.id,
        fetchImpl,
      );
    },

    async team_sms({ delivery, lead }) {
      if (!twilio) return unset("TWILIO_ACCOUNT_SID");
      return sendText(twilio, delivery.destination, buildTeamText(lead), fetchImpl);
    },

    async webhook({ delivery, lead, consent }) {
      const endpoint = config.webhooks.find(({ url }) => url === delivery.destination);
      if (!endpoint) return unset("this endpoint in LEADS_WEBHOOK_URL");
      return sendWebhook(endpoint, delivery.id, leadEventBody(delivery, lead, consent), fetchImpl);
    },

    async meta({ lead, consent, optOuts }) {
      if (!config.meta) return unset("META_DATASET_ID");
      if (lead.gpc)
        return { outcome: "skipped", reason: "the browser sent Global Privacy Control" };
      const stop = hasStopped(optOuts, leadContactKeys(lead), "sharing");
      if (stop) {
        return {
          outcome: "skipped",
          reason: `${stop.contact} opted out of ${stop.channel === "all" ? "everything" : "sharing"} on ${stop.recorded_at.slice(0, 10)}`,
        };
      }
      return sendMetaLead(
        config.meta,
        metaInput(
          lead,
          consent?.page_url ?? null,
          consent?.user_agent ?? null,
          consent?.client_ip ?? null,
        ),
        fetchImpl,
      );
    },

    async confirm_email({ delivery, lead, optOuts }) {
      if (!resend || !config.confirmFrom) return unset("LEADS_CONFIRM_FROM");
      const stop = hasStopped(optOuts, [delivery.destination], "email");
      if (stop)
        return {
          outcome: "skipped",
          reason: `opted out of e-mail on ${stop.recorded_at.slice(0, 10)}`,
        };
      return sendEmail(
        resend,
        {
          from: config.confirmFrom,
          to: [lead.email],
          replyTo: company.email,
          ...buildConfirmationEmail(lead, company),
        },
        delivery.id,
        fetchImpl,
      );
    },

    async confirm_sms({ delivery, lead, optOuts }) {
      if (!twilio || !config.confirmSms) return unset("LEADS_CONFIRM_SMS");
      const stop = hasStopped(optOuts, [delivery.destination], "texts");
      if (stop)
        return {
          outcome: "skipped",
          reason: `opted out of texts on ${stop.recorded_at.slice(0, 10)}`,
        };
      return sendText(
        twilio,
        delivery.destination,
        buildConfirmationText(lead, company),
        fetchImpl,
      );
    },

    async escalation({ delivery, lead, consent }) {
      const minutes = Number(delivery.payload.after_minutes ?? config.escalation.afterMinutes);
      if (delivery.destination.startsWith("+")) {
        if (!twilio) return unset("TWILIO_ACCOUNT_SID");
        return sendText(
          twilio,
          delivery.destination,
          buildEscalationText(lead, minutes),
          fetchImpl,
        );
      }
      if (!resend || !teamEmail) return unset("RESEND_API_KEY");
      return sendEmail(
        resend,
        {
          from: teamEmail.from,
          to: [delivery.destination],
          replyTo: lead.email,
          ...buildEscalationEmail(lead, minutes, consent),
        },
        delivery.id,
        fetchImpl,
      );
    },
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
