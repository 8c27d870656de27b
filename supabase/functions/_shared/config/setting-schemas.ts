import { z } from "zod";

import { parsePhone } from "../contract/contacts.ts";
import { EMAIL_PATTERN } from "../contract/lead-rules.ts";
import { type Quote } from "./secrets.ts";

/**
 * Schemas for one setting's text, which env-schema.ts, texts-schema.ts and
 * integrations-schema.ts compose into groups. Each refusal names the setting; a value it
 * shows goes through `quote`.
 */

/** Stops the parse with `message`; a transform returns this in place of a value. */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue(message);
  return z.NEVER;
}

/** A check that refuses what `accepts` does not, with `message` given the value as quoted. */
export function check<T>(
  accepts: (value: T) => boolean,
  message: (shown: string) => string,
  quote: Quote,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (!accepts(value)) ctx.addIssue(message(quote(String(value))));
  };
}

/** Unset and blank read the same, as undefined; anything else is trimmed. */
export const text = z.preprocess(
  (value: string | undefined) => value?.trim() || undefined,
  z.string().optional(),
);

/** The setting, or `fallback` when it is unset or blank. */
export const orDefault = (fallback: string) => text.transform((value) => value ?? fallback);

export function listOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Comma-separated entries, trimmed, blank ones dropped. */
export const list = z.string().optional().transform(listOf);

const YES = ["1", "true", "yes", "on"];
const NO = ["0", "false", "no", "off"];

/** 1 or 0 (true/false, yes/no and on/off too); `fallback` when unset or blank. */
export function flag(name: string, fallback: boolean, quote: Quote) {
  return z
    .string()
    .optional()
    .transform((value = "", ctx) => {
      const word = value.trim().toLowerCase();
      if (!word) return fallback;
      if (YES.includes(word)) return true;
      if (NO.includes(word)) return false;
      return refuse(ctx, `${name} must be 1 or 0; got ${quote(value)}.`);
    });
}

export function urlOf(value: string): URL | null {
  return URL.canParse(value) ? new URL(value) : null;
}

/** An http(s) address; null when unset. */
export function httpUrl(name: string, quote: Quote) {
  return text.transform((value, ctx) => {
    if (!value) return null;
    const url = urlOf(value);
    if (url?.protocol === "https:" || url?.protocol === "http:") return url.href;
    return refuse(ctx, `${name} must be an http(s) address; got ${quote(value)}.`);
  });
}

/** Comma-separated phone numbers (read as E.164) or e-mail addresses, as `kinds` allows. */
export function recipients(
  name: string,
  kinds: { phones: boolean; emails: boolean },
  quote: Quote,
) {
  const what = [kinds.phones && "phone numbers", kinds.emails && "e-mail addresses"]
    .filter(Boolean)
    .join(" or ");
  const recipient = z.string().transform((item, ctx) => {
    if (kinds.emails && EMAIL_PATTERN.test(item)) return item;
    const phone = kinds.phones ? parsePhone(item) : null;
    if (phone) return phone.e164;
    return refuse(ctx, `${name} takes ${what}, comma-separated; ${quote(item)} is neither.`);
  });
  return list.pipe(z.array(recipient));
}

/**
 * Settings that work only together: a half-set channel would fail on every lead, so the
 * function refuses to start, and `remedy` says what to do. None of them set: null.
 */
export function allOrNone<const K extends string>(names: readonly K[], remedy: string) {
  const is = (count: number) => (count === 1 ? "is" : "are");
  return <S extends Partial<Record<K, string>>>(settings: S, ctx: z.RefinementCtx) => {
    const missing = names.filter((name) => !settings[name]);
    if (missing.length === names.length) return null;
    if (missing.length === 0) return settings as S & Record<K, string>;
    const set = names.filter((name) => !missing.includes(name));
    return refuse(
      ctx,
      `${missing.join(", ")} ${is(missing.length)} not set, but ${set.join(", ")} ${is(set.length)}: ${remedy}.`,
    );
  };
}

/** Every setting the groups read: readLeadConfig takes these from the environment. */
export const SETTINGS = [
  "NEXT_PUBLIC_SITE_URL",
  "ALLOWED_ORIGINS",
  "LEADS_RATE_LIMIT",
  "LEADS_HOMEOWNER_MESSAGES_PER_HOUR",
  "LEADS_CRON_SECRET",
  "LEADS_TRUSTED_PROXIES",
  "LEADS_TRUST_FORWARDED_FOR",
  "RESEND_API_KEY",
  "RESEND_API_URL",
  "LEADS_NOTIFY_TO",
  "LEADS_NOTIFY_FROM",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "TWILIO_API_URL",
  "TWILIO_INBOUND_URL",
  "LEADS_ALERT_SMS_TO",
  "LEADS_CONFIRM_FROM",
  "LEADS_CONFIRM_SMS",
  "LEADS_WEBHOOK_URL",
  "LEADS_WEBHOOK_SECRET",
  "LEADS_ESCALATE_AFTER_MINUTES",
  "LEADS_ESCALATE_TO",
  "COMPANY_NAME",
  "COMPANY_PHONE",
  "COMPANY_SPANISH_PHONE",
  "COMPANY_EMAIL",
  "META_DATASET_ID",
  "META_ACCESS_TOKEN",
  "META_API_VERSION",
  "META_TEST_EVENT_CODE",
  "META_GRAPH_URL",
  "LEADS_SIGNING_SECRET",
  "SUPABASE_SERVICE_ROLE_KEY",
] as const;

/** A group of settings by name; one not in SETTINGS would never be read, so it does not compile. */
export function settings<
  const S extends { [K in keyof S]: K extends (typeof SETTINGS)[number] ? z.ZodType : never },
>(shape: S) {
  return z.object(shape);
}
