import { z } from "zod";

import { parsePhone } from "../contract/contacts.ts";
import { type Quote } from "./secrets.ts";
import {
  allOrNone,
  check,
  httpUrl,
  orDefault,
  recipients,
  refuse,
  settings,
  text,
} from "./setting-schemas.ts";

/**
 * The settings of texts through Twilio, and of the alerts that go out by text or e-mail:
 * the team's alert per lead and the escalation of a lead still new. A group here is given
 * which channels the function has, read before it (lead-config.ts).
 */

export const TWILIO_URL = "https://api.twilio.com";
export const DEFAULT_ESCALATE_AFTER_MINUTES = 15;

/** Whether the function can send texts (Twilio) and the e-mails in question (Resend). */
export type Channels = { texts: boolean; emails: boolean };

const TWILIO_VARIABLES = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/** Twilio's Messages API: all of TWILIO_VARIABLES, or none (no text leaves the function). */
export const twilioSettings = (quote: Quote) =>
  settings({
    TWILIO_ACCOUNT_SID: text,
    TWILIO_AUTH_TOKEN: text,
    TWILIO_FROM: text,
    TWILIO_API_URL: text,
    TWILIO_INBOUND_URL: text,
  })
    .transform(
      allOrNone(
        TWILIO_VARIABLES,
        `set all of ${TWILIO_VARIABLES.join(", ")} to send texts through Twilio, or none`,
      ),
    )
    .pipe(
      z
        .object({
          TWILIO_ACCOUNT_SID: z.string().superRefine(
            check(
              (sid) => /^AC[0-9a-f]{32}$/i.test(sid),
              (shown) =>
                `TWILIO_ACCOUNT_SID must be the account's SID (AC and 32 hex digits); got ${shown}.`,
              quote,
            ),
          ),
          TWILIO_AUTH_TOKEN: z.string(),
          TWILIO_FROM: z.string().transform((from, ctx) => {
            if (/^MG[0-9a-f]{32}$/i.test(from)) return from;
            return (
              parsePhone(from)?.e164 ??
              refuse(
                ctx,
                `TWILIO_FROM must be a phone number of the account or a Messaging Service SID (MG...); got ${quote(from)}.`,
              )
            );
          }),
          TWILIO_API_URL: orDefault(TWILIO_URL),
          TWILIO_INBOUND_URL: httpUrl("TWILIO_INBOUND_URL", quote),
        })
        .transform((twilio) => ({
          accountSid: twilio.TWILIO_ACCOUNT_SID,
          authToken: twilio.TWILIO_AUTH_TOKEN,
          from: twilio.TWILIO_FROM,
          url: twilio.TWILIO_API_URL,
          inboundUrl: twilio.TWILIO_INBOUND_URL,
        }))
        .nullable(),
    );

/** The team's phones for an alert per lead, which need Twilio. */
export const alertSettings = (quote: Quote, { texts }: Pick<Channels, "texts">) =>
  settings({
    LEADS_ALERT_SMS_TO: recipients(
      "LEADS_ALERT_SMS_TO",
      { phones: true, emails: false },
      quote,
    ).refine(
      (to) => texts || to.length === 0,
      "LEADS_ALERT_SMS_TO is set: set the TWILIO_* settings to text the team.",
    ),
  }).transform((alerts) => alerts.LEADS_ALERT_SMS_TO);

const isPhone = (recipient: string) => recipient.startsWith("+");

/** A lead still new after LEADS_ESCALATE_AFTER_MINUTES alerts LEADS_ESCALATE_TO once more. */
export const escalationSettings = (quote: Quote, { texts, emails }: Channels) =>
  settings({
    LEADS_ESCALATE_AFTER_MINUTES: text.transform((written, ctx) => {
      const minutes = written ? Number(written) : DEFAULT_ESCALATE_AFTER_MINUTES;
      if (Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440) return minutes;
      return refuse(
        ctx,
        `LEADS_ESCALATE_AFTER_MINUTES must be whole minutes from 1 to 1440; got ${quote(written ?? "")}.`,
      );
    }),
    LEADS_ESCALATE_TO: recipients("LEADS_ESCALATE_TO", { phones: true, emails: true }, quote)
      .refine(
        (to) => texts || !to.some(isPhone),
        "LEADS_ESCALATE_TO names a phone number: set the TWILIO_* settings to text it.",
      )
      .refine(
        (to) => emails || to.every(isPhone),
        "LEADS_ESCALATE_TO names an e-mail address: set RESEND_API_KEY, LEADS_NOTIFY_TO and LEADS_NOTIFY_FROM to send it.",
      ),
  }).transform((escalation) => ({
    afterMinutes: escalation.LEADS_ESCALATE_AFTER_MINUTES,
    to: escalation.LEADS_ESCALATE_TO,
  }));
