import { z } from "zod";

import { parsePhone } from "../contract/contacts.ts";
import { EMAIL_PATTERN } from "../contract/lead-rules.ts";
import {
  DEFAULT_COMPANY_EMAIL,
  DEFAULT_COMPANY_NAME,
  DEFAULT_COMPANY_PHONE,
} from "../contract/site-facts.ts";
import { originWithTwin, SITE_ORIGINS } from "./cors.ts";
import { type Quote } from "./secrets.ts";
import {
  allOrNone,
  check,
  flag,
  httpUrl,
  list,
  listOf,
  orDefault,
  recipients,
  refuse,
  settings,
  text,
} from "./setting-schemas.ts";

/**
 * The function's settings as zod schemas, one per group, each parsing the environment's
 * values by name; the webhooks' and Meta's are in integrations-schema.ts. readLeadConfig
 * (lead-config.ts) parses the groups in turn and stops at the first refusal, whose message
 * names the setting and shows a value only through `quote`. A group that depends on
 * another's result (a text needs Twilio) is given it.
 */

export const DEFAULT_RATE_LIMIT = "5/600";
export const RESEND_URL = "https://api.resend.com/emails";
export const TWILIO_URL = "https://api.twilio.com";
export const DEFAULT_ESCALATE_AFTER_MINUTES = 15;

/** Whether the function can send texts (Twilio) and the e-mails in question (Resend). */
export type Channels = { texts: boolean; emails: boolean };

/** The site's own origins, NEXT_PUBLIC_SITE_URL with its www twin, and ALLOWED_ORIGINS. */
export const siteSettings = settings({
  NEXT_PUBLIC_SITE_URL: text,
  ALLOWED_ORIGINS: list,
}).transform((site) => [
  ...new Set([
    ...SITE_ORIGINS,
    ...(site.NEXT_PUBLIC_SITE_URL ? originWithTwin(site.NEXT_PUBLIC_SITE_URL) : []),
    ...site.ALLOWED_ORIGINS,
  ]),
]);

/** "5/600" -> 5 per 600 seconds, at most a day; "off" -> null. Only unset reads as the default. */
export function rateLimitSetting(quote: Quote) {
  return z
    .string()
    .optional()
    .transform((given, ctx) => {
      const written = given || DEFAULT_RATE_LIMIT;
      const value = written.trim().toLowerCase();
      if (value === "off") return null;
      const match = /^(\d+)\/(\d+)$/.exec(value);
      const max = Number(match?.[1]);
      const windowSeconds = Number(match?.[2]);
      if (match && max >= 1 && windowSeconds >= 1 && windowSeconds <= 86_400) {
        return { max, windowSeconds };
      }
      return refuse(
        ctx,
        `LEADS_RATE_LIMIT must be "<requests>/<seconds>" (e.g. "${DEFAULT_RATE_LIMIT}", at most a day) or "off"; got ${quote(written)}.`,
      );
    });
}

/** The rate limit, and the bearer token the retry run must present (none: that endpoint is off). */
export const limitSettings = (quote: Quote) =>
  settings({
    LEADS_RATE_LIMIT: rateLimitSetting(quote),
    LEADS_CRON_SECRET: text.transform((secret) => secret ?? null),
  }).transform((limits) => ({
    rateLimit: limits.LEADS_RATE_LIMIT,
    cronSecret: limits.LEADS_CRON_SECRET,
  }));

/**
 * LEADS_TRUSTED_PROXIES=N: the operator runs N reverse proxies in front (nginx, Caddy), each
 * appending the address it saw to X-Forwarded-For. LEADS_TRUST_FORWARDED_FOR=1: the first
 * entry, as Supabase's gateway writes it (the default there). Neither: the socket's peer.
 */
export const addressSettings = (quote: Quote, onSupabase: boolean) =>
  settings({ LEADS_TRUSTED_PROXIES: text, LEADS_TRUST_FORWARDED_FOR: text })
    .refine(
      (read) => !(read.LEADS_TRUSTED_PROXIES && read.LEADS_TRUST_FORWARDED_FOR),
      "Set LEADS_TRUSTED_PROXIES or LEADS_TRUST_FORWARDED_FOR, not both: they read the client's address in different ways.",
    )
    .pipe(
      z.object({
        LEADS_TRUSTED_PROXIES: z
          .string()
          .optional()
          .transform((proxies, ctx) => {
            if (proxies === undefined) return undefined;
            const count = Number(proxies);
            if (Number.isInteger(count) && count >= 0 && count <= 10) return count;
            return refuse(
              ctx,
              `LEADS_TRUSTED_PROXIES must be the number of reverse proxies in front (0 to 10); got ${quote(proxies)}.`,
            );
          }),
        LEADS_TRUST_FORWARDED_FOR: flag("LEADS_TRUST_FORWARDED_FOR", onSupabase, quote),
      }),
    )
    .transform(({ LEADS_TRUSTED_PROXIES: proxies, LEADS_TRUST_FORWARDED_FOR: first }) => {
      if (proxies === undefined) return first ? ("first-forwarded" as const) : ("socket" as const);
      return proxies === 0 ? ("socket" as const) : { proxies };
    });

const TEAM_EMAIL_VARIABLES = ["RESEND_API_KEY", "LEADS_NOTIFY_TO", "LEADS_NOTIFY_FROM"] as const;

/** Resend with RESEND_API_KEY; the team's e-mail with all three TEAM_EMAIL_VARIABLES. */
export const emailSettings = settings({
  RESEND_API_KEY: text,
  RESEND_API_URL: text,
  LEADS_NOTIFY_TO: text,
  LEADS_NOTIFY_FROM: text,
}).transform((email) => {
  const apiKey = email.RESEND_API_KEY;
  const resend = apiKey ? { apiKey, url: email.RESEND_API_URL || RESEND_URL } : null;
  const { LEADS_NOTIFY_TO: to, LEADS_NOTIFY_FROM: from } = email;
  const missing = TEAM_EMAIL_VARIABLES.filter((name) => !email[name]);
  return {
    resend,
    teamEmail: resend && to && from ? { to: listOf(to), from } : null,
    teamEmailMissing: missing.length < TEAM_EMAIL_VARIABLES.length ? missing : [],
  };
});

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

/** The homeowner's confirmation: an e-mail from LEADS_CONFIRM_FROM, a text if LEADS_CONFIRM_SMS. */
export const confirmationSettings = (quote: Quote, { texts, emails }: Channels) =>
  settings({
    LEADS_CONFIRM_FROM: text.refine(
      (from) => emails || !from,
      "LEADS_CONFIRM_FROM is set: set RESEND_API_KEY to send the homeowner's confirmation.",
    ),
    LEADS_CONFIRM_SMS: flag("LEADS_CONFIRM_SMS", false, quote).refine(
      (on) => texts || !on,
      "LEADS_CONFIRM_SMS is on: set the TWILIO_* settings to text homeowners.",
    ),
  }).transform((confirmation) => ({
    confirmFrom: confirmation.LEADS_CONFIRM_FROM ?? null,
    confirmSms: confirmation.LEADS_CONFIRM_SMS,
  }));

/** The company as the homeowner's messages name it; the site's example when unset. */
export const companySettings = (quote: Quote) =>
  settings({
    COMPANY_PHONE: orDefault(DEFAULT_COMPANY_PHONE).superRefine(
      check(
        (phone) => parsePhone(phone) !== null,
        (shown) => `COMPANY_PHONE must be a phone number; got ${shown}.`,
        quote,
      ),
    ),
    COMPANY_EMAIL: orDefault(DEFAULT_COMPANY_EMAIL).superRefine(
      check(
        (email) => EMAIL_PATTERN.test(email),
        (shown) => `COMPANY_EMAIL must be an e-mail address; got ${shown}.`,
        quote,
      ),
    ),
    COMPANY_NAME: orDefault(DEFAULT_COMPANY_NAME),
  }).transform((company) => ({
    company: {
      name: company.COMPANY_NAME,
      phone: company.COMPANY_PHONE,
      email: company.COMPANY_EMAIL,
    },
    brand: company.COMPANY_NAME,
  }));

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
