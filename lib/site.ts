/**
 * The one typed site config: brand, domain, contact and every promise and number
 * the pages state. Metadata, sitemap, JSON-LD and copy read it from here.
 */
const DEFAULT_SITE_URL = "https://quickhomebuyers.com";

function siteUrlFromEnv(value: string | undefined): string {
  const url = (value ?? "").trim() || DEFAULT_SITE_URL;
  return url.replace(/\/+$/, "");
}

export const site = {
  name: "Quick Home Buyers",
  url: siteUrlFromEnv(process.env.NEXT_PUBLIC_SITE_URL),
  email: "offers@quickhomebuyers.com",
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
  promises: {
    offerWithinHours: 24,
    closeInDays: 7,
    averageCloseDays: 7,
    fees: "$0",
  },
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
