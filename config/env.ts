/**
 * The site's configuration from the environment, read and checked here and nowhere else.
 *
 * `publicEnv` is what the browser needs too: each value is read as a literal
 * `process.env.NEXT_PUBLIC_…`, which the island bundler replaces with the build's value.
 * `companyEnv()` is read at build time only (pages are static HTML).
 */

import { PRODUCTION_URL } from "@/supabase/functions/_shared/contract/site-facts.ts";

/**
 * Set by the local server's own build (npm start, the tests): the form posts to the page's
 * own origin, where that server answers the function. A deploy build must name the function's
 * host instead, or every lead would be posted to a static host that cannot take it.
 */
export const LOCAL_BUILD_FLAG = "QHB_LOCAL_BUILD";

/**
 * Lets a deploy build through with the example company details (config/site.ts,
 * checkCompanyForDeploy). For test harnesses only, such as the hosted end-to-end stack
 * (scripts/hosted-site.ts), which builds as a deploy does; never for a site that goes live.
 */
export const ALLOW_EXAMPLE_COMPANY_FLAG = "QHB_ALLOW_EXAMPLE_COMPANY";

/** The values the browser code reads; the island bundler replaces each with the build's value. */
export const PUBLIC_ENV_NAMES = [
  "NEXT_PUBLIC_SITE_URL",
  "NEXT_PUBLIC_SUPABASE_URL",
  "NEXT_PUBLIC_SUPABASE_ANON_KEY",
] as const;

/** Supabase's gateway wants the project's key; the local function server does not check it. */
const LOCAL_ANON_KEY = "local-anon-key";

function trimmed(value: string | undefined): string {
  return (value ?? "").trim();
}

export type PublicEnv = {
  siteUrl: string;
  /** The Supabase project the form calls; null means the page's own origin (local server). */
  supabaseUrl: string | null;
  supabaseAnonKey: string;
};

/** The values as the pages use them: trimmed, without a trailing slash, defaults filled in. */
export function readPublicEnv(values: {
  siteUrl?: string;
  supabaseUrl?: string;
  supabaseAnonKey?: string;
}): PublicEnv {
  const url = (value: string | undefined) => trimmed(value).replace(/\/+$/, "");
  return {
    siteUrl: url(values.siteUrl) || PRODUCTION_URL,
    supabaseUrl: url(values.supabaseUrl) || null,
    supabaseAnonKey: trimmed(values.supabaseAnonKey) || LOCAL_ANON_KEY,
  };
}

export const publicEnv: PublicEnv = readPublicEnv({
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL,
  supabaseUrl: process.env.NEXT_PUBLIC_SUPABASE_URL,
  supabaseAnonKey: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY,
});

function checkBaseUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `${name} must be an absolute URL such as https://example.com (got "${value}").`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name} must start with https:// (got "${value}").`);
  }
  if (url.search || url.hash) throw new Error(`${name} must not carry ?query or #hash.`);
}

/**
 * Stops the build (scripts/islands/check-env.ts, before `next build` starts) on a value that
 * cannot work, naming the variable; the browser takes the values as the build checked them.
 * Without NEXT_PUBLIC_SUPABASE_URL the form would post every lead to its own static host,
 * which answers 404 or 405: only the local server's build, which serves the function itself,
 * may say so with QHB_LOCAL_BUILD=1.
 */
export function checkPublicEnv(env: PublicEnv, localBuild: string | undefined): void {
  checkBaseUrl("NEXT_PUBLIC_SITE_URL", env.siteUrl);
  if (env.supabaseUrl) checkBaseUrl("NEXT_PUBLIC_SUPABASE_URL", env.supabaseUrl);
  if (env.supabaseUrl || localBuild === "1") return;
  throw new Error(
    "NEXT_PUBLIC_SUPABASE_URL is not set, so the offer form would post every lead to this " +
      "static site, which cannot take it. Set NEXT_PUBLIC_SUPABASE_URL (and " +
      `NEXT_PUBLIC_SUPABASE_ANON_KEY) to the Supabase project, or set ${LOCAL_BUILD_FLAG}=1 for a ` +
      "build served by the local server (npm start does this).",
  );
}

/** The variable each company value is read from (README, Company details). */
export const COMPANY_ENV_NAMES = {
  name: "COMPANY_NAME",
  legalName: "COMPANY_LEGAL_NAME",
  phone: "COMPANY_PHONE",
  /** The toll-free number for privacy requests (California, Civ. Code 1798.130(a)(1)). */
  privacyPhone: "COMPANY_PRIVACY_PHONE",
  email: "COMPANY_EMAIL",
  street: "COMPANY_STREET",
  locality: "COMPANY_LOCALITY",
  region: "COMPANY_REGION",
  postalCode: "COMPANY_POSTAL_CODE",
  /** Call-tracking numbers by where the visit first came from: google=(614) 555-0150,… (README) */
  phoneBySource: "COMPANY_PHONE_BY_SOURCE",
  /** Where each claim the pages make can be checked (README, Company details). */
  ratingUrl: "COMPANY_RATING_URL",
  bbbUrl: "COMPANY_BBB_URL",
  licenseUrl: "COMPANY_LICENSE_URL",
  /** A number answered in Spanish: the Spanish site is built only with it (config/languages.mjs). */
  spanishPhone: "COMPANY_SPANISH_PHONE",
  /**
   * The language of the contract the company signs with a Spanish-speaking homeowner:
   * "english" (English only, explained in Spanish) or "spanish" (a Spanish translation given).
   */
  spanishContracts: "COMPANY_SPANISH_CONTRACTS",
} as const;

/** The company's identity; every value can be replaced at build time. Unset: undefined. */
export type CompanyEnv = { [key in keyof typeof COMPANY_ENV_NAMES]?: string };

export function companyEnv(env: Record<string, string | undefined> = process.env): CompanyEnv {
  return Object.fromEntries(
    Object.entries(COMPANY_ENV_NAMES).map(([key, name]) => [key, trimmed(env[name]) || undefined]),
  ) as CompanyEnv;
}
