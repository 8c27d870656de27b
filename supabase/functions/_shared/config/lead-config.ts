import { parsePhone } from "../contract/contacts.ts";
import { originWithTwin, SITE_ORIGINS } from "./cors.ts";
import { EMAIL_PATTERN } from "../contract/lead-rules.ts";
import {
  DEFAULT_COMPANY_EMAIL,
  DEFAULT_COMPANY_NAME,
  DEFAULT_COMPANY_PHONE,
} from "../contract/site-facts.ts";

/**
 * Where the client's address is read. `socket`: the connection's peer. `first-forwarded`:
 * the first X-Forwarded-For entry, which Supabase's gateway writes. `proxies` (a number of
 * reverse proxies the operator runs in front, e.g. nginx with proxy_add_x_forwarded_for):
 * the address the outermost of them saw, counted from the right of X-Forwarded-For, so an
 * entry the client wrote itself is never believed.
 */
export type AddressSource = "socket" | "first-forwarded" | { proxies: number };

export type MetaConfig = {
  datasetId: string;
  accessToken: string;
  /** "v26.0" */
  apiVersion: string;
  /** Base URL, default https://graph.facebook.com; tests point it at a fake. */
  url?: string;
  /** Sends to Events Manager's Test Events tab instead of the live dataset. */
  testEventCode?: string;
};

/** Meta's Graph API; tests point META_GRAPH_URL at a fake. */
export const META_GRAPH_URL = "https://graph.facebook.com";

/**
 * The function's configuration from the environment, read and checked here and
 * nowhere else: by the Supabase entry (Deno.env) and the local server (process.env).
 */
export type Env = (name: string) => string | undefined;

/** At most `max` stored requests per client address in each window of `windowSeconds`. */
export type RateLimit = { max: number; windowSeconds: number };

/** Resend's e-mail API: the key, and where it is called (tests point it at a fake). */
export type ResendConfig = { apiKey: string; url: string };

/** Twilio's Messages API, for the team's alerts and the homeowner's texts. */
export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** A number in E.164, or a Messaging Service's SID (MG...). */
  from: string;
  /** Twilio's API base; tests point it at a fake. */
  url: string;
  /**
   * The public address Twilio posts inbound texts to, as configured at Twilio: its
   * signature covers that address, which a proxy in front may have changed. Null: the
   * request's own URL.
   */
  inboundUrl: string | null;
};

/** A CRM or automation tool that takes signed Standard Webhooks. */
export type WebhookEndpoint = {
  url: string;
  /** whsec_... secrets; more than one while a secret is rotated (each signs). */
  secrets: string[];
};

/** What a homeowner's messages say of the company. */
export type CompanyFacts = { name: string; phone: string; email: string };

export type LeadConfig = {
  /** Origins whose pages may post; "http://localhost:*" allows any port. */
  allowedOrigins: string[];
  /** Null when turned off (LEADS_RATE_LIMIT=off). */
  rateLimit: RateLimit | null;
  /** Where the client's address is read for the rate limit. */
  addressSource: AddressSource;
  /** The bearer token the retry run must present; null turns that endpoint off. */
  cronSecret: string | null;
  /** Null without RESEND_API_KEY: no e-mail leaves the function. */
  resend: ResendConfig | null;
  /** The team's inbox (LEADS_NOTIFY_TO) and the sender (LEADS_NOTIFY_FROM); null: the log. */
  teamEmail: { to: string[]; from: string } | null;
  /** The team e-mail's settings that are set, when only some are: worth a warning. */
  teamEmailMissing: string[];
  /** Null without the TWILIO_* settings: no text leaves the function. */
  twilio: TwilioConfig | null;
  /** The team's phones for an alert per lead (LEADS_ALERT_SMS_TO), in E.164. */
  alertSmsTo: string[];
  /** LEADS_WEBHOOK_URL with LEADS_WEBHOOK_SECRET. */
  webhooks: WebhookEndpoint[];
  /** The sender of the homeowner's confirmation e-mail (LEADS_CONFIRM_FROM); null: none is sent. */
  confirmFrom: string | null;
  /** LEADS_CONFIRM_SMS=1: a confirmation text to a homeowner who ticked the box for texts. */
  confirmSms: boolean;
  /** A lead still new after `afterMinutes` alerts `to` (e-mails and phones) once more. */
  escalation: { afterMinutes: number; to: string[] };
  /** The company as the homeowner's messages name it. */
  company: CompanyFacts;
  /** The company's name, as the consent wording the site shows states it (COMPANY_NAME). */
  brand: string;
  /** Null when no Lead event goes to Meta (META_DATASET_ID and META_ACCESS_TOKEN unset). */
  meta: MetaConfig | null;
};

export const DEFAULT_RATE_LIMIT = "5/600";
export const RESEND_URL = "https://api.resend.com/emails";
const TEAM_EMAIL_VARIABLES = ["RESEND_API_KEY", "LEADS_NOTIFY_TO", "LEADS_NOTIFY_FROM"] as const;
export const TWILIO_URL = "https://api.twilio.com";
const TWILIO_VARIABLES = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;
export const DEFAULT_ESCALATE_AFTER_MINUTES = 15;
/** The Graph API version the Lead event was written against (meta-conversions.ts). */
export const DEFAULT_META_API_VERSION = "v26.0";
const META_VARIABLES = ["META_DATASET_ID", "META_ACCESS_TOKEN"] as const;

/** "5/600" -> 5 per 600 seconds; "off" -> null. Throws naming the variable otherwise. */
export function parseRateLimit(text: string): RateLimit | null {
  const value = text.trim().toLowerCase();
  if (value === "off") return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const max = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || max < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
    throw new Error(
      `LEADS_RATE_LIMIT must be "<requests>/<seconds>" (e.g. "${DEFAULT_RATE_LIMIT}", at most a day) or "off"; got "${text}".`,
    );
  }
  return { max, windowSeconds };
}

function parseFlag(name: string, value: string | undefined, fallback: boolean): boolean {
  const text = value?.trim().toLowerCase();
  if (!text) return fallback;
  if (["1", "true", "yes", "on"].includes(text)) return true;
  if (["0", "false", "no", "off"].includes(text)) return false;
  throw new Error(`${name} must be 1 or 0; got "${value}".`);
}

/**
 * LEADS_TRUSTED_PROXIES=N: the operator runs N reverse proxies in front (nginx, Caddy), each
 * appending the address it saw to X-Forwarded-For. LEADS_TRUST_FORWARDED_FOR=1: the first
 * entry, as Supabase's gateway writes it (the default there). Neither: the socket's peer.
 */
function parseAddressSource(env: Env, onSupabase: boolean): AddressSource {
  const proxies = env("LEADS_TRUSTED_PROXIES")?.trim();
  const first = env("LEADS_TRUST_FORWARDED_FOR")?.trim();
  if (proxies) {
    if (first) {
      throw new Error(
        "Set LEADS_TRUSTED_PROXIES or LEADS_TRUST_FORWARDED_FOR, not both: they read the client's address in different ways.",
      );
    }
    const count = Number(proxies);
    if (!Number.isInteger(count) || count < 0 || count > 10) {
      throw new Error(
        `LEADS_TRUSTED_PROXIES must be the number of reverse proxies in front (0 to 10); got "${proxies}".`,
      );
    }
    return count === 0 ? "socket" : { proxies: count };
  }
  return parseFlag("LEADS_TRUST_FORWARDED_FOR", first, onSupabase) ? "first-forwarded" : "socket";
}

/**
 * Both the dataset and its token, or neither. Unlike a half-set e-mail, which still leaves
 * the lead in the log, a half-set Meta would send nothing for every lead and say so only
 * when one arrives: the function refuses to start instead.
 */
function parseMeta(env: Env): MetaConfig | null {
  const [datasetId, accessToken] = META_VARIABLES.map((name) => env(name)?.trim() ?? "");
  const missing = META_VARIABLES.filter((name) => !env(name)?.trim());
  if (missing.length === META_VARIABLES.length) return null;
  if (missing.length > 0) {
    const set = META_VARIABLES.find((name) => !missing.includes(name));
    throw new Error(
      `${missing.join(", ")} is not set, but ${set} is: set both to send Lead events to Meta, or neither.`,
    );
  }
  if (!/^\d+$/.test(datasetId!)) {
    throw new Error(`META_DATASET_ID must be the dataset's id, digits only; got "${datasetId}".`);
  }
  const apiVersion = env("META_API_VERSION")?.trim() || DEFAULT_META_API_VERSION;
  if (!/^v\d+\.\d+$/.test(apiVersion)) {
    throw new Error(
      `META_API_VERSION must look like "${DEFAULT_META_API_VERSION}"; got "${apiVersion}".`,
    );
  }
  const testEventCode = env("META_TEST_EVENT_CODE")?.trim();
  return {
    datasetId: datasetId!,
    accessToken: accessToken!,
    apiVersion,
    url: env("META_GRAPH_URL")?.trim() || META_GRAPH_URL,
    ...(testEventCode ? { testEventCode } : {}),
  };
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Set together or not at all: a half-set channel would fail on every lead, so the function refuses to start. */
function allOrNone<T extends string>(env: Env, names: readonly T[], purpose: string) {
  const values = names.map((name) => env(name)?.trim() ?? "");
  const missing = names.filter((_, index) => !values[index]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set, but ${names
        .filter((name) => !missing.includes(name))
        .join(
          ", ",
        )} ${names.length - missing.length === 1 ? "is" : "are"}: set all of ${names.join(", ")} ${purpose}, or none.`,
    );
  }
  return Object.fromEntries(names.map((name, index) => [name, values[index]!])) as Record<
    T,
    string
  >;
}

function parseTwilio(env: Env): TwilioConfig | null {
  const set = allOrNone(env, TWILIO_VARIABLES, "to send texts through Twilio");
  if (!set) return null;
  if (!/^AC[0-9a-f]{32}$/i.test(set.TWILIO_ACCOUNT_SID)) {
    throw new Error(
      `TWILIO_ACCOUNT_SID must be the account's SID (AC and 32 hex digits); got "${set.TWILIO_ACCOUNT_SID}".`,
    );
  }
  const from = /^MG[0-9a-f]{32}$/i.test(set.TWILIO_FROM)
    ? set.TWILIO_FROM
    : parsePhone(set.TWILIO_FROM)?.e164;
  if (!from) {
    throw new Error(
      `TWILIO_FROM must be a phone number of the account or a Messaging Service SID (MG...); got "${set.TWILIO_FROM}".`,
    );
  }
  return {
    accountSid: set.TWILIO_ACCOUNT_SID,
    authToken: set.TWILIO_AUTH_TOKEN,
    from,
    url: env("TWILIO_API_URL")?.trim() || TWILIO_URL,
    inboundUrl: httpUrl(env, "TWILIO_INBOUND_URL"),
  };
}

function httpUrl(env: Env, name: string): string | null {
  const text = env(name)?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol === "https:" || url.protocol === "http:") return url.href;
  } catch {
    // refused below
  }
  throw new Error(`${name} must be an http(s) address; got "${text}".`);
}

/** Loopback may be plain http (tests, a local relay); anything else carries leads over https only. */
function webhookUrl(text: string): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // refused below
  }
  const loopback = url !== null && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (!url || !(url.protocol === "https:" || (url.protocol === "http:" && loopback))) {
    throw new Error(
      `LEADS_WEBHOOK_URL takes https addresses, comma-separated (plain http only on this machine's loopback); got "${text}".`,
    );
  }
  return url.href;
}

/** whsec_ and the base64 of 24 to 64 random bytes, as Standard Webhooks' symmetric secrets are. */
function webhookSecret(text: string): string {
  const base64 = text.startsWith("whsec_") ? text.slice("whsec_".length) : "";
  let bytes = -1;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    try {
      bytes = atob(base64).length;
    } catch {
      // refused below
    }
  }
  if (bytes < 24 || bytes > 64) {
    throw new Error(
      "LEADS_WEBHOOK_SECRET must be Standard Webhooks secrets: whsec_ followed by the base64 of 24 to 64 random bytes (one for every endpoint, or one per endpoint in LEADS_WEBHOOK_URL's order; several for one endpoint separated by spaces while rotating).",
    );
  }
  return text;
}

/**
 * LEADS_WEBHOOK_URL="https://a.example/hook,https://b.example/hook" with one secret for all, or
 * one per endpoint in the same order; within one endpoint's entry, secrets separated by spaces
 * all sign (a rotation). Never unsigned: an endpoint without a secret stops the function.
 */
function parseWebhooks(env: Env): WebhookEndpoint[] {
  const urls = list(env("LEADS_WEBHOOK_URL")).map(webhookUrl);
  const secrets = list(env("LEADS_WEBHOOK_SECRET"));
  if (urls.length === 0) {
    if (secrets.length > 0) {
      throw new Error(
        "LEADS_WEBHOOK_SECRET is set but LEADS_WEBHOOK_URL is not: set both, or neither.",
      );
    }
    return [];
  }
  if (secrets.length !== 1 && secrets.length !== urls.length) {
    throw new Error(
      `LEADS_WEBHOOK_URL names ${urls.length} endpoints and LEADS_WEBHOOK_SECRET has ${secrets.length} entries: give one secret for all, or one per endpoint in the same order. Unsigned webhooks are not sent.`,
    );
  }
  return urls.map((url, index) => ({
    url,
    secrets: (secrets[secrets.length === 1 ? 0 : index] ?? "").split(/\s+/).map(webhookSecret),
  }));
}

/** An address or an E.164 number, for LEADS_ALERT_SMS_TO and LEADS_ESCALATE_TO. */
function recipient(
  name: string,
  text: string,
  { phones, emails }: { phones: boolean; emails: boolean },
) {
  if (emails && EMAIL_PATTERN.test(text)) return text;
  const phone = phones ? parsePhone(text) : null;
  if (phone) return phone.e164;
  throw new Error(
    `${name} takes ${[phones && "phone numbers", emails && "e-mail addresses"].filter(Boolean).join(" or ")}, comma-separated; "${text}" is neither.`,
  );
}

function parseEscalation(
  env: Env,
  { resend, twilio, teamEmail }: Pick<LeadConfig, "resend" | "twilio" | "teamEmail">,
) {
  const minutesText = env("LEADS_ESCALATE_AFTER_MINUTES")?.trim();
  const afterMinutes = minutesText ? Number(minutesText) : DEFAULT_ESCALATE_AFTER_MINUTES;
  if (!Number.isInteger(afterMinutes) || afterMinutes < 1 || afterMinutes > 1440) {
    throw new Error(
      `LEADS_ESCALATE_AFTER_MINUTES must be whole minutes from 1 to 1440; got "${minutesText}".`,
    );
  }
  const to = list(env("LEADS_ESCALATE_TO")).map((item) =>
    recipient("LEADS_ESCALATE_TO", item, { phones: true, emails: true }),
  );
  if (to.some((item) => item.startsWith("+")) && !twilio) {
    throw new Error(
      "LEADS_ESCALATE_TO names a phone number: set the TWILIO_* settings to text it.",
    );
  }
  if (to.some((item) => !item.startsWith("+")) && !(resend && teamEmail)) {
    throw new Error(
      "LEADS_ESCALATE_TO names an e-mail address: set RESEND_API_KEY, LEADS_NOTIFY_TO and LEADS_NOTIFY_FROM to send it.",
    );
  }
  return { afterMinutes, to };
}

/**
 * `onSupabase`: the Edge runtime sits behind Supabase's gateway, which puts the
 * visitor's address first in X-Forwarded-For; anywhere else that header is whatever
 * the client wrote, so it is trusted only when LEADS_TRUST_FORWARDED_FOR=1 says so.
 */
export function readLeadConfig(env: Env, { onSupabase }: { onSupabase: boolean }): LeadConfig {
  const siteUrl = env("NEXT_PUBLIC_SITE_URL")?.trim();
  const allowedOrigins = [
    ...new Set([
      ...SITE_ORIGINS,
      ...(siteUrl ? originWithTwin(siteUrl) : []),
      ...list(env("ALLOWED_ORIGINS")),
    ]),
  ];

  const apiKey = env("RESEND_API_KEY")?.trim();
  const resend = apiKey ? { apiKey, url: env("RESEND_API_URL")?.trim() || RESEND_URL } : null;
  const [, to, from] = TEAM_EMAIL_VARIABLES.map((name) => env(name)?.trim() ?? "");
  const teamEmailMissing = TEAM_EMAIL_VARIABLES.filter((name) => !env(name)?.trim());
  const teamEmail = resend && to && from ? { to: list(to), from } : null;

  const twilio = parseTwilio(env);
  const alertSmsTo = list(env("LEADS_ALERT_SMS_TO")).map((item) =>
    recipient("LEADS_ALERT_SMS_TO", item, { phones: true, emails: false }),
  );
  if (alertSmsTo.length > 0 && !twilio) {
    throw new Error("LEADS_ALERT_SMS_TO is set: set the TWILIO_* settings to text the team.");
  }
  const confirmFrom = env("LEADS_CONFIRM_FROM")?.trim() || null;
  if (confirmFrom && !resend) {
    throw new Error(
      "LEADS_CONFIRM_FROM is set: set RESEND_API_KEY to send the homeowner's confirmation.",
    );
  }
  const confirmSms = parseFlag("LEADS_CONFIRM_SMS", env("LEADS_CONFIRM_SMS"), false);
  if (confirmSms && !twilio) {
    throw new Error("LEADS_CONFIRM_SMS is on: set the TWILIO_* settings to text homeowners.");
  }
  const companyPhone = env("COMPANY_PHONE")?.trim() || DEFAULT_COMPANY_PHONE;
  if (!parsePhone(companyPhone)) {
    throw new Error(`COMPANY_PHONE must be a phone number; got "${companyPhone}".`);
  }
  const companyEmail = env("COMPANY_EMAIL")?.trim() || DEFAULT_COMPANY_EMAIL;
  if (!EMAIL_PATTERN.test(companyEmail)) {
    throw new Error(`COMPANY_EMAIL must be an e-mail address; got "${companyEmail}".`);
  }
  const brand = env("COMPANY_NAME")?.trim() || DEFAULT_COMPANY_NAME;

  return {
    allowedOrigins,
    rateLimit: parseRateLimit(env("LEADS_RATE_LIMIT") || DEFAULT_RATE_LIMIT),
    addressSource: parseAddressSource(env, onSupabase),
    cronSecret: env("LEADS_CRON_SECRET")?.trim() || null,
    resend,
    teamEmail,
    teamEmailMissing: teamEmailMissing.length < TEAM_EMAIL_VARIABLES.length ? teamEmailMissing : [],
    twilio,
    alertSmsTo,
    webhooks: parseWebhooks(env),
    confirmFrom,
    confirmSms,
    escalation: parseEscalation(env, { resend, twilio, teamEmail }),
    company: { name: brand, phone: companyPhone, email: companyEmail },
    brand,
    meta: parseMeta(env),
  };
}
