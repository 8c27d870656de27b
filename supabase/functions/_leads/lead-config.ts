import type { AddressSource } from "./client-address.ts";
import { originWithTwin, SITE_ORIGINS } from "./cors.ts";
import { META_GRAPH_URL, type MetaConfig } from "./meta-conversions.ts";
import { DEFAULT_COMPANY_NAME } from "./site-facts.ts";

/**
 * The function's configuration from the environment, read and checked here and
 * nowhere else: by the Supabase entry (Deno.env) and the local server (process.env).
 */
export type Env = (name: string) => string | undefined;

/** At most `max` stored requests per client address in each window of `windowSeconds`. */
export type RateLimit = { max: number; windowSeconds: number };

export type ResendConfig = {
  apiKey: string;
  /** One address or several, comma-separated. */
  to: string;
  from: string;
  /** Resend's endpoint; tests point it at a fake. */
  url: string;
};

export type LeadConfig = {
  /** Origins whose pages may post; "http://localhost:*" allows any port. */
  allowedOrigins: string[];
  /** Null when turned off (LEADS_RATE_LIMIT=off). */
  rateLimit: RateLimit | null;
  /** Where the client's address is read for the rate limit. */
  addressSource: AddressSource;
  /** The bearer token the retry run must present; null turns that endpoint off. */
  cronSecret: string | null;
  /** Null when e-mail is off: leads then go to the log only. */
  resend: ResendConfig | null;
  /** The e-mail settings that are set, when only some are: worth a warning. */
  resendMissing: string[];
  /** The company's name, as the consent wording the site shows states it (COMPANY_NAME). */
  brand: string;
  /** Null when no Lead event goes to Meta (META_DATASET_ID and META_ACCESS_TOKEN unset). */
  meta: MetaConfig | null;
};

export const DEFAULT_RATE_LIMIT = "5/600";
export const RESEND_URL = "https://api.resend.com/emails";
const RESEND_VARIABLES = ["RESEND_API_KEY", "LEADS_NOTIFY_TO", "LEADS_NOTIFY_FROM"] as const;
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

  const [apiKey, to, from] = RESEND_VARIABLES.map((name) => env(name)?.trim() ?? "");
  const resendMissing = RESEND_VARIABLES.filter((name) => !env(name)?.trim());
  const resend =
    apiKey && to && from
      ? { apiKey, to, from, url: env("RESEND_API_URL")?.trim() || RESEND_URL }
      : null;

  return {
    allowedOrigins,
    rateLimit: parseRateLimit(env("LEADS_RATE_LIMIT") || DEFAULT_RATE_LIMIT),
    addressSource: parseAddressSource(env, onSupabase),
    cronSecret: env("LEADS_CRON_SECRET")?.trim() || null,
    resend,
    resendMissing: resendMissing.length < RESEND_VARIABLES.length ? resendMissing : [],
    brand: env("COMPANY_NAME")?.trim() || DEFAULT_COMPANY_NAME,
    meta: parseMeta(env),
  };
}
