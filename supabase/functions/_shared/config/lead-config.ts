import { type z } from "zod";

import {
  addressSettings,
  companySettings,
  confirmationSettings,
  emailSettings,
  limitSettings,
  rateLimitSetting,
  signingSettings,
  siteSettings,
} from "./env-schema.ts";
import { metaSettings, webhookSettings } from "./integrations-schema.ts";
import { quoteUnlessSecret, secretValues } from "./secrets.ts";
import { SETTINGS } from "./setting-schemas.ts";
import { alertSettings, escalationSettings, twilioSettings } from "./texts-schema.ts";

export {
  DEFAULT_HOMEOWNER_MESSAGES_PER_HOUR,
  DEFAULT_RATE_LIMIT,
  RESEND_URL,
} from "./env-schema.ts";
export { DEFAULT_META_API_VERSION, META_GRAPH_URL } from "./integrations-schema.ts";
export { DEFAULT_ESCALATE_AFTER_MINUTES, TWILIO_URL } from "./texts-schema.ts";

/**
 * Where the client's address is read. `socket`: the connection's peer. `supabase`: what
 * Supabase's gateway passes and the client cannot write, CF-Connecting-IP, else the last
 * X-Forwarded-For entry (intake/client-address.ts says what that rests on). `proxies` (a
 * number of reverse proxies the operator runs in front, e.g. nginx with
 * proxy_add_x_forwarded_for): the address the outermost of them saw, counted from the right
 * of X-Forwarded-For. An entry the client wrote itself is never believed.
 */
export type AddressSource = "socket" | "supabase" | { proxies: number };

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
export type CompanyFacts = {
  name: string;
  phone: string;
  email: string;
  /** The number answered in Spanish (COMPANY_SPANISH_PHONE): a Spanish lead's messages give it. */
  spanishPhone?: string | null;
};

export type LeadConfig = {
  /** Origins whose pages may post; "http://localhost:*" allows any port. */
  allowedOrigins: string[];
  /** Null when turned off (LEADS_RATE_LIMIT=off). */
  rateLimit: RateLimit | null;
  /** Where the client's address is read for the rate limit. */
  addressSource: AddressSource;
  /**
   * At most this many homeowner messages (confirmation e-mails and texts) go out in any
   * hour (LEADS_HOMEOWNER_MESSAGES_PER_HOUR); past it they wait, and the team is told once.
   * Null: no cap.
   */
  homeownerMessagesPerHour: number | null;
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
  /**
   * What the 503's list of deliveries sent while the store was down is signed with:
   * LEADS_SIGNING_SECRET, or on Supabase SUPABASE_SERVICE_ROLE_KEY; null: the host gives one.
   */
  signingSecret: string | null;
};

/** The schema's output, or an Error with its first refusal, which names the setting. */
function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new Error(result.error.issues[0]?.message);
}

/** "5/600" -> 5 per 600 seconds; "off" -> null. Throws naming the variable otherwise. */
export function parseRateLimit(text: string): RateLimit | null {
  return parsed(rateLimitSetting(quoteUnlessSecret([])), text);
}

/**
 * The settings are read group by group in zod schemas (env-schema.ts, texts-schema.ts,
 * integrations-schema.ts), in the order that decides which of two refusals is reported; the
 * first stops the function.
 * A refused value is shown only when it is none of the secrets and has no secret's shape
 * (secrets.ts).
 *
 * `onSupabase`: the Edge runtime sits behind Supabase's gateway (Cloudflare, then Supabase's
 * proxy), so the client's address is read as they pass it (AddressSource "supabase");
 * anywhere else the forwarding headers are whatever the client wrote, so they are read only
 * when LEADS_TRUST_FORWARDED_FOR=1 or LEADS_TRUSTED_PROXIES says so.
 */
export function readLeadConfig(env: Env, { onSupabase }: { onSupabase: boolean }): LeadConfig {
  const settings = Object.fromEntries(SETTINGS.map((name) => [name, env(name)]));
  const read = <T>(schema: z.ZodType<T>) => parsed(schema, settings);
  const quote = quoteUnlessSecret(secretValues(env));

  const twilio = read(twilioSettings(quote));
  const texts = twilio !== null;
  const alertSmsTo = read(alertSettings(quote, { texts }));
  const { resend, teamEmail, teamEmailMissing } = read(emailSettings);
  const confirmation = read(confirmationSettings(quote, { texts, emails: resend !== null }));
  const { company, brand } = read(companySettings(quote));
  const { rateLimit, homeownerMessagesPerHour, cronSecret } = read(limitSettings(quote));
  return {
    allowedOrigins: read(siteSettings),
    rateLimit,
    homeownerMessagesPerHour,
    addressSource: read(addressSettings(quote, onSupabase)),
    cronSecret,
    resend,
    teamEmail,
    teamEmailMissing,
    twilio,
    alertSmsTo,
    webhooks: read(webhookSettings(quote)),
    ...confirmation,
    escalation: read(escalationSettings(quote, { texts, emails: teamEmail !== null })),
    company,
    brand,
    meta: read(metaSettings(quote)),
    signingSecret: read(signingSettings(onSupabase)),
  };
}
