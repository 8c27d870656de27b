import {
  ALLOW_EXAMPLE_COMPANY_FLAG,
  COMPANY_ENV_NAMES,
  LOCAL_BUILD_FLAG,
  companyEnv,
  publicEnv,
  type CompanyEnv,
} from "@/config/env";
import { COMMITMENTS } from "@/config/commitments";
import { spanishPhoneSetting } from "@/config/languages.mjs";
import { usPhoneDigits, usPhoneDisplay } from "@/config/phone";
import {
  CALL_SOURCES,
  type CallSource,
} from "@/supabase/functions/_shared/contract/attribution.ts";
import { EMAIL_PATTERN } from "@/supabase/functions/_shared/contract/lead-rules.ts";
import {
  DEFAULT_COMPANY_EMAIL,
  DEFAULT_COMPANY_NAME,
  DEFAULT_COMPANY_PHONE,
} from "@/supabase/functions/_shared/contract/site-facts.ts";

/**
 * The one typed site config: brand, domain, company identity and every promise and
 * number the pages state. Metadata, sitemap, JSON-LD and copy read it from here.
 */

export type Phone = { display: string; href: string; e164: string };

export type Company = {
  /** The brand, as pages and headers show it. */
  name: string;
  /** The legal entity that makes offers and signs purchase agreements. */
  legalName: string;
  phone: Phone;
  /** Toll-free, for privacy requests: see TOLL_FREE_AREA_CODES. */
  privacyPhone: Phone;
  email: string;
  address: { street: string; locality: string; region: string; postalCode: string };
  /** Call-tracking numbers by where the visit first came from; none unless set. */
  phoneBySource: Partial<Record<CallSource, Phone>>;
  /** Where a homeowner can check each claim (CLAIMS); null until set. */
  evidence: Record<Claim, string | null>;
  /** Serving in Spanish: the Spanish site exists only with it; null without a Spanish line. */
  spanish: SpanishService | null;
};

/** The contract's language for a homeowner served in Spanish (COMPANY_SPANISH_CONTRACTS). */
export const SPANISH_CONTRACTS = ["english", "spanish"] as const;
export type SpanishContracts = (typeof SPANISH_CONTRACTS)[number];

export type SpanishService = {
  /** Answered in Spanish: shown on every Spanish page. */
  phone: Phone;
  /** "english": contracts in English only, explained in Spanish; "spanish": translated. */
  contracts: SpanishContracts;
};

/** The numbers the pages state; every page reads them from `site`. */
const RATING = { score: "4.9", outOf: 5, reviewCount: "500+" } as const;
const TRUST = { homesPurchased: "4k+", bbbRating: "A+", licensedStates: 50 } as const;

/**
 * The claims a homeowner can check, each with the variable that says where (README, Company
 * details): a deploy build refuses to publish one without it, and the pages link the claim to it.
 */
export const CLAIMS = {
  rating: {
    variable: COMPANY_ENV_NAMES.ratingUrl,
    claim: `${RATING.score}/${RATING.outOf} rating from ${RATING.reviewCount} homeowners`,
    /** What the link leads to, for a screen reader: the link text is the claim itself. */
    leadsTo: "read the reviews",
  },
  bbb: {
    variable: COMPANY_ENV_NAMES.bbbUrl,
    claim: `${TRUST.bbbRating} rating`,
    leadsTo: "our Better Business Bureau profile",
  },
  licenses: {
    variable: COMPANY_ENV_NAMES.licenseUrl,
    claim: `licensed in all ${TRUST.licensedStates} states`,
    leadsTo: "our licences, state by state",
  },
} as const satisfies Record<string, { variable: string; claim: string; leadsTo: string }>;

export type Claim = keyof typeof CLAIMS;
const CLAIM_KEYS = Object.keys(CLAIMS) as Claim[];
const CLAIM_ENV_KEYS = { rating: "ratingUrl", bbb: "bbbUrl", licenses: "licenseUrl" } as const;

/**
 * The defaults are plainly examples: a 555-01xx number (reserved for fiction) and an
 * "Example Avenue". A deployment sets its own at build time (README, Company details), and
 * a deploy build refuses the examples (checkCompanyForDeploy).
 * No toll-free number is reserved for fiction, so the privacy line's default copies the
 * fictional 555-01xx shape into a toll-free code: it may ring somewhere, which is one more
 * reason only local builds may show it.
 */
const DEFAULT_COMPANY = {
  name: DEFAULT_COMPANY_NAME,
  legalName: `${DEFAULT_COMPANY_NAME} LLC`,
  phone: DEFAULT_COMPANY_PHONE,
  privacyPhone: "(800) 555-0142",
  email: DEFAULT_COMPANY_EMAIL,
  street: "100 Example Avenue, Suite 200",
  locality: "Columbus",
  region: "OH",
  postalCode: "43215",
} as const satisfies Required<
  Omit<
    CompanyEnv,
    "phoneBySource" | "spanishPhone" | "spanishContracts" | (typeof CLAIM_ENV_KEYS)[Claim]
  >
>;

/** A US number in any common spelling -> display, tel: link and E.164; throws naming the variable. */
export function parseUsPhone(value: string, variable: string = COMPANY_ENV_NAMES.phone): Phone {
  const digits = usPhoneDigits(value);
  if (!digits) {
    throw new Error(`${variable} must be a 10-digit US phone number (got "${value}").`);
  }
  const e164 = `+1${digits}`;
  return { display: usPhoneDisplay(digits), href: `tel:${e164}`, e164 };
}

/**
 * The toll-free codes, as the FCC lists them ("What is a toll free number and how does it
 * work?", as read on 2026-11-25: "800, 888, 877, 866, 855, 844 or 833";
 * https://www.fcc.gov/consumers/guides/what-toll-free-number-and-how-does-it-work).
 * 822 and 880-887, 889 are set aside for later: add one here when the FCC opens it.
 */
export const TOLL_FREE_AREA_CODES = ["800", "833", "844", "855", "866", "877", "888"] as const;

/**
 * The number for privacy requests must be toll-free. California's CCPA, Civ. Code
 * 1798.130(a)(1)(A): a business offers "two or more designated methods for submitting
 * requests ... including, at a minimum, a toll-free telephone number"; only one that
 * "operates exclusively online and has a direct relationship with a consumer" may offer
 * just an e-mail address (AB 1564, 2019). This one is not online only: it views houses and
 * closes sales in person. The regulation says the same for requests to delete, correct and
 * know (11 CCR 7020(b): "One of those methods must be a toll-free telephone number").
 * Read on 2026-11-25: the statute's words as quoted at
 * https://complianz.io/toll-free-phone-number-ccpa/ and the exception at
 * https://ccpatollfree.com/do-i-need-a-toll-free-number-for-ccpa/; the regulation at
 * https://advisori.com/cpra/%C2%A7-7020-methods-for-submitting-requests-to-delete-requests-to-correct-and-requests-to-know/
 */
export function parseTollFreePhone(
  value: string,
  variable: string = COMPANY_ENV_NAMES.privacyPhone,
): Phone {
  const phone = parseUsPhone(value, variable);
  const areaCode = phone.e164.slice(2, 5);
  if (!(TOLL_FREE_AREA_CODES as readonly string[]).includes(areaCode)) {
    throw new Error(
      `${variable} must be a toll-free number, with area code ${TOLL_FREE_AREA_CODES.join(", ")} ` +
        `(got "${value}").`,
    );
  }
  return phone;
}

/**
 * COMPANY_PHONE_BY_SOURCE: "google=(614) 555-0150,bing=…", each source one of CALL_SOURCES
 * (supabase/functions/_shared/contract/attribution.ts says how a visit's source is read).
 */
export function parsePhoneBySource(value: string | undefined): Company["phoneBySource"] {
  const variable = COMPANY_ENV_NAMES.phoneBySource;
  const phones: Company["phoneBySource"] = {};
  for (const entry of (value ?? "").split(",")) {
    if (entry.trim() === "") continue;
    const [source = "", number, ...rest] = entry.split("=").map((part) => part.trim());
    if (number === undefined || rest.length > 0) {
      throw new Error(
        `${variable} must list source=number pairs, such as google=(614) 555-0150 (got "${entry.trim()}").`,
      );
    }
    const name = source.toLowerCase();
    if (!(CALL_SOURCES as readonly string[]).includes(name)) {
      throw new Error(
        `${variable} names a source "${source}" the site does not tell apart: use ` +
          `${CALL_SOURCES.join(", ")}.`,
      );
    }
    if (Object.hasOwn(phones, name)) {
      throw new Error(`${variable} gives "${name}" twice.`);
    }
    phones[name as CallSource] = parseUsPhone(number, `${variable} (${name})`);
  }
  return phones;
}

/** A claim's evidence: an https:// address, or null when unset; throws naming the variable. */
export function parseEvidenceUrl(value: string | undefined, variable: string): string | null {
  if (value === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Said below, with what was given.
  }
  if (url?.protocol !== "https:") {
    throw new Error(
      `${variable} must be an https:// address where a homeowner can check the claim (got "${value}").`,
    );
  }
  return url.href;
}

/** The Spanish line and the contracts' language, or null where no Spanish line is set. */
export function parseSpanishService(env: CompanyEnv): SpanishService | null {
  const contracts = env.spanishContracts ?? "english";
  if (!(SPANISH_CONTRACTS as readonly string[]).includes(contracts)) {
    throw new Error(
      `${COMPANY_ENV_NAMES.spanishContracts} must be "english" (contracts in English only, explained in Spanish) or "spanish" (a Spanish translation given) (got "${contracts}").`,
    );
  }
  if (env.spanishPhone === undefined) {
    if (env.spanishContracts !== undefined) {
      throw new Error(
        `${COMPANY_ENV_NAMES.spanishContracts} is set but ${COMPANY_ENV_NAMES.spanishPhone} is not: the Spanish site is built only for a company with a number answered in Spanish.`,
      );
    }
    return null;
  }
  return {
    phone: parseUsPhone(env.spanishPhone, COMPANY_ENV_NAMES.spanishPhone),
    contracts: contracts as SpanishContracts,
  };
}

export function buildCompany(overrides: CompanyEnv): Company {
  const value = { ...DEFAULT_COMPANY, ...stripUndefined(overrides) };
  if (!EMAIL_PATTERN.test(value.email)) {
    throw new Error(`COMPANY_EMAIL must be an e-mail address (got "${value.email}").`);
  }
  if (!/^[A-Z]{2}$/.test(value.region)) {
    throw new Error(
      `COMPANY_REGION must be a two-letter state code such as OH (got "${value.region}").`,
    );
  }
  return {
    name: value.name,
    legalName: value.legalName,
    phone: parseUsPhone(value.phone),
    privacyPhone: parseTollFreePhone(value.privacyPhone),
    email: value.email,
    address: {
      street: value.street,
      locality: value.locality,
      region: value.region,
      postalCode: value.postalCode,
    },
    phoneBySource: parsePhoneBySource(overrides.phoneBySource),
    evidence: Object.fromEntries(
      CLAIM_KEYS.map((claim) => [
        claim,
        parseEvidenceUrl(overrides[CLAIM_ENV_KEYS[claim]], CLAIMS[claim].variable),
      ]),
    ) as Company["evidence"],
    spanish: parseSpanishService(overrides),
  };
}

/** 555-0100 to 555-0199 in any area code: the numbers reserved for fiction. */
export function isFictionalNumber(phone: Phone): boolean {
  return /^\+1\d{3}55501\d{2}$/.test(phone.e164);
}

/** A company value a deploy must not publish: the variable to set, and why. */
export type ExampleValue = { variable: string; problem: string };

/**
 * What a site that goes live would show of the examples: a phone number reserved for
 * fiction (the tracking numbers' too), the default privacy line, and any part of the address
 * left at (or set to) the example's. Each part of the address counts on its own: a real street
 * in the example's city is still a wrong address. And a claim whose evidence is not set.
 */
export function exampleCompanyValues(env: CompanyEnv): ExampleValue[] {
  const company = buildCompany(env);
  const found: ExampleValue[] = [];
  const fictional = (key: "phone" | "privacyPhone") => {
    if (env[key] === undefined) {
      found.push({
        variable: COMPANY_ENV_NAMES[key],
        problem: `not set, so the example number ${company[key].display} would be shown`,
      });
    } else if (isFictionalNumber(company[key])) {
      found.push({
        variable: COMPANY_ENV_NAMES[key],
        problem: `${company[key].display} is a 555-0100 to 555-0199 number, reserved for fiction`,
      });
    }
  };
  fictional("phone");
  fictional("privacyPhone");
  if (company.spanish && isFictionalNumber(company.spanish.phone)) {
    found.push({
      variable: COMPANY_ENV_NAMES.spanishPhone,
      problem: `${company.spanish.phone.display} is a 555-0100 to 555-0199 number, reserved for fiction`,
    });
  }
  for (const [source, phone] of Object.entries(company.phoneBySource)) {
    if (isFictionalNumber(phone)) {
      found.push({
        variable: COMPANY_ENV_NAMES.phoneBySource,
        problem: `${source}'s ${phone.display} is a 555-0100 to 555-0199 number, reserved for fiction`,
      });
    }
  }
  for (const key of ["street", "locality", "region", "postalCode"] as const) {
    const example = DEFAULT_COMPANY[key];
    if (env[key] === undefined) {
      found.push({
        variable: COMPANY_ENV_NAMES[key],
        problem: `not set, so the example address's "${example}" would be shown`,
      });
    } else if (key === "street" && sameText(env[key], example)) {
      found.push({
        variable: COMPANY_ENV_NAMES[key],
        problem: `"${env[key]}" is the example street`,
      });
    }
  }
  for (const claim of CLAIM_KEYS) {
    if (company.evidence[claim] === null) {
      found.push({
        variable: CLAIMS[claim].variable,
        problem: `not set, so "${CLAIMS[claim].claim}" would be published with nothing a homeowner can check`,
      });
    }
  }
  return found;
}

function sameText(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  return words(a) === words(b);
}

/**
 * Stops a deploy build (scripts/islands/check-env.ts, before `next build` starts, as for the
 * Supabase URL) that would publish the example company: a homeowner would call a number
 * that is not the company's, or write to an address that does not exist. The local server's own
 * build may show the examples; so may a test harness that deploy-builds the example site on
 * purpose, with QHB_ALLOW_EXAMPLE_COMPANY=1.
 */
export function checkCompanyForDeploy(env: Record<string, string | undefined> = process.env): void {
  if (env[LOCAL_BUILD_FLAG] === "1" || env[ALLOW_EXAMPLE_COMPANY_FLAG] === "1") return;
  const found = exampleCompanyValues(companyEnv(env));
  if (found.length === 0) return;
  const variables = found.map(({ variable }) => variable).join(", ");
  throw new Error(
    [
      "This deploy build would publish the example company details, or a claim with nothing behind it:",
      ...found.map(({ variable, problem }) => `  ${variable}: ${problem}.`),
      `Set ${variables} to the company's own details (README, Company details), or set ` +
        `${LOCAL_BUILD_FLAG}=1 for a build served by the local server (npm start does this).`,
      `${ALLOW_EXAMPLE_COMPANY_FLAG}=1 lets the examples through for test builds only (the ` +
        "hosted end-to-end stack sets it); never set it for a site that goes live.",
    ].join("\n"),
  );
}

function stripUndefined<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** "100 Example Avenue, Suite 200, Columbus, OH 43215" */
export function formatAddress({
  street,
  locality,
  region,
  postalCode,
}: Company["address"]): string {
  return `${street}, ${locality}, ${region} ${postalCode}`;
}

// npm start's example company answers in Spanish too (config/languages.mjs).
const company = buildCompany({
  ...companyEnv(),
  spanishPhone: spanishPhoneSetting(process.env),
});

export const site = {
  name: company.name,
  url: publicEnv.siteUrl,
  email: company.email,
  company,
  locale: "en_US",
  themeColor: "#1d4ed8",
  tagline: "Sell your house fast for cash, in any condition",
  description:
    "Sell your house fast for cash in any condition. Get a written cash offer within 24 hours, close in as little as 7 days, pay $0 fees or commissions — we cover closing costs.",
  keywords: [
    "sell my house fast",
    "cash home buyers",
    "we buy houses",
    "sell house as is",
    "cash offer for my house",
    "sell house without realtor",
  ],
  commitments: COMMITMENTS,
  rating: RATING,
  trust: TRUST,
} as const;

export type Site = typeof site;

/** An absolute URL on the production domain for a site path such as "/blog". */
export function absoluteUrl(path: string): string {
  return `${site.url}${path === "/" ? "" : path}`;
}
