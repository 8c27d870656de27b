import { companyEnv, publicEnv, type CompanyEnv } from "@/config/env";
import { COMMITMENTS } from "@/config/commitments";
import { DEFAULT_COMPANY_NAME } from "@/supabase/functions/_leads/site-facts.ts";

/**
 * The one typed site config: brand, domain, company identity and every promise and
 * number the pages state. Metadata, sitemap, JSON-LD and copy read it from here.
 */

export type Company = {
  /** The brand, as pages and headers show it. */
  name: string;
  /** The legal entity that makes offers and signs purchase agreements. */
  legalName: string;
  phone: { display: string; href: string; e164: string };
  email: string;
  address: { street: string; locality: string; region: string; postalCode: string };
};

/**
 * The defaults are plainly examples: a 555-01xx number (reserved for fiction) and an
 * "Example Avenue". A deployment sets its own at build time (README, Company details).
 */
const DEFAULT_COMPANY = {
  name: DEFAULT_COMPANY_NAME,
  legalName: `${DEFAULT_COMPANY_NAME} LLC`,
  phone: "(614) 555-0142",
  email: "offers@quickhomebuyers.com",
  street: "100 Example Avenue, Suite 200",
  locality: "Columbus",
  region: "OH",
  postalCode: "43215",
} as const satisfies Required<CompanyEnv>;

/** A US number in any common spelling -> display, tel: link and E.164; throws naming the variable. */
export function parseUsPhone(value: string, variable = "COMPANY_PHONE"): Company["phone"] {
  const digits = value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (digits.length !== 10) {
    throw new Error(`${variable} must be a 10-digit US phone number (got "${value}").`);
  }
  const e164 = `+1${digits}`;
  return {
    display: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    href: `tel:${e164}`,
    e164,
  };
}

export function buildCompany(overrides: CompanyEnv): Company {
  const value = { ...DEFAULT_COMPANY, ...stripUndefined(overrides) };
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(value.email)) {
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
    email: value.email,
    address: {
      street: value.street,
      locality: value.locality,
      region: value.region,
      postalCode: value.postalCode,
    },
  };
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

const company = buildCompany(companyEnv());

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
  rating: { score: "4.9", outOf: 5, reviewCount: "500+" },
  trust: {
    homesPurchased: "4k+",
    bbbRating: "A+",
    licensedStates: 50,
  },
} as const;

export type Site = typeof site;

/** An absolute URL on the production domain for a site path such as "/blog". */
export function absoluteUrl(path: string): string {
  return `${site.url}${path === "/" ? "" : path}`;
}
