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
import { check, flag, list, listOf, orDefault, refuse, settings, text } from "./setting-schemas.ts";
import { type Channels } from "./texts-schema.ts";

/**
 * The function's settings as zod schemas, one per group, each parsing the environment's
 * values by name; Twilio's, the alerts' and the escalation's are in texts-schema.ts, the
 * webhooks' and Meta's in integrations-schema.ts. readLeadConfig
 * (lead-config.ts) parses the groups in turn and stops at the first refusal, whose message
 * names the setting and shows a value only through `quote`. A group that depends on
 * another's result (a text needs Twilio) is given it.
 */

export const DEFAULT_RATE_LIMIT = "5/600";
export const RESEND_URL = "https://api.resend.com/emails";
/**
 * Messages to homeowners (confirmation e-mails and texts) per rolling hour: a busy hour of
 * real leads is a handful, so 30 leaves room for a campaign's peak and still stops a script
 * that posts strangers' addresses from turning the company's sender into a spam cannon.
 */
export const DEFAULT_HOMEOWNER_MESSAGES_PER_HOUR = 30;
const HOMEOWNER_MESSAGES_PER_HOUR_MAX = 10_000;

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

/** LEADS_HOMEOWNER_MESSAGES_PER_HOUR: whole messages, 0 turns the cap off (null). */
function homeownerCapSetting(quote: Quote) {
  return text.transform((written, ctx) => {
    const perHour = written === undefined ? DEFAULT_HOMEOWNER_MESSAGES_PER_HOUR : Number(written);
    if (Number.isInteger(perHour) && perHour >= 0 && perHour <= HOMEOWNER_MESSAGES_PER_HOUR_MAX) {
      return perHour === 0 ? null : perHour;
    }
    return refuse(
      ctx,
      `LEADS_HOMEOWNER_MESSAGES_PER_HOUR must be whole messages from 0 (no cap) to ${HOMEOWNER_MESSAGES_PER_HOUR_MAX}; got ${quote(written ?? "")}.`,
    );
  });
}

/**
 * The rate limit, the cap on homeowners' messages an hour, and the bearer token the retry
 * run must present (none: that endpoint is off).
 */
export const limitSettings = (quote: Quote) =>
  settings({
    LEADS_RATE_LIMIT: rateLimitSetting(quote),
    LEADS_HOMEOWNER_MESSAGES_PER_HOUR: homeownerCapSetting(quote),
    LEADS_CRON_SECRET: text.transform((secret) => secret ?? null),
  }).transform((limits) => ({
    rateLimit: limits.LEADS_RATE_LIMIT,
    homeownerMessagesPerHour: limits.LEADS_HOMEOWNER_MESSAGES_PER_HOUR,
    cronSecret: limits.LEADS_CRON_SECRET,
  }));

/** Long enough to be guessed by nobody: what `openssl rand -base64 32` prints is 44. */
const SIGNING_SECRET_MIN = 32;

/**
 * What the list of deliveries sent while the store was down is signed with (the key is
 * derived from it: intake/notified-signature.ts): LEADS_SIGNING_SECRET, or on Supabase the
 * service role key, which Supabase puts in every function's environment. Null elsewhere: the
 * local server keeps a random one in its data folder.
 */
export const signingSettings = (onSupabase: boolean) =>
  settings({
    LEADS_SIGNING_SECRET: text.refine(
      (secret) => !secret || secret.length >= SIGNING_SECRET_MIN,
      `LEADS_SIGNING_SECRET must be at least ${SIGNING_SECRET_MIN} characters (openssl rand -base64 32 makes one).`,
    ),
    SUPABASE_SERVICE_ROLE_KEY: text,
  }).transform(
    (signing) =>
      signing.LEADS_SIGNING_SECRET ??
      (onSupabase ? (signing.SUPABASE_SERVICE_ROLE_KEY ?? null) : null),
  );

/**
 * LEADS_TRUSTED_PROXIES=N: the operator runs N reverse proxies in front (nginx, Caddy), each
 * appending the address it saw to X-Forwarded-For. LEADS_TRUST_FORWARDED_FOR=1: as
 * Supabase's gateway passes it, CF-Connecting-IP, else the last X-Forwarded-For entry (the
 * default there). Neither: the socket's peer.
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
      if (proxies === undefined) return first ? ("supabase" as const) : ("socket" as const);
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
    COMPANY_SPANISH_PHONE: z
      .string()
      .optional()
      .superRefine(
        check(
          (phone) => phone === undefined || parsePhone(phone) !== null,
          (shown) => `COMPANY_SPANISH_PHONE must be a phone number; got ${shown}.`,
          quote,
        ),
      ),
  }).transform((company) => ({
    company: {
      name: company.COMPANY_NAME,
      phone: company.COMPANY_PHONE,
      email: company.COMPANY_EMAIL,
      spanishPhone: company.COMPANY_SPANISH_PHONE ?? null,
    },
    brand: company.COMPANY_NAME,
  }));
