import { textProblem } from "./lead-rules.ts";

/**
 * Where a lead came from: the browser notes each visit's arrival (a "touch") and
 * sends the first and the latest with the offer request. The field list below is
 * the only one: the request schema, the table's columns (attribution-columns.ts), the
 * store's SQL, the lead types and the CLI's columns are all made from it. No package
 * imports: the browser imports this file too.
 */
export const UTM_FIELDS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export const CLICK_ID_FIELDS = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid"] as const;
export const TOUCH_FIELDS = [
  ...UTM_FIELDS,
  ...CLICK_ID_FIELDS,
  "referrer",
  "landing_page",
  "at",
] as const;

export type UtmField = (typeof UTM_FIELDS)[number];
export type ClickIdField = (typeof CLICK_ID_FIELDS)[number];
export type TouchField = (typeof TOUCH_FIELDS)[number];

/** One visit's arrival, as the browser sends it. */
export type Touch = {
  /** The first page of that visit: a path, starting with "/", without a query. */
  landing_page: string;
  /** When that visit arrived, an ISO date-time; left out when the browser's clock was not believed. */
  at?: string;
  /** The referring site's origin only, e.g. "https://www.google.com". */
  referrer?: string;
} & Partial<Record<UtmField | ClickIdField, string>>;

/** `first`: how the visitor first arrived (kept 30 days); `last`: how this session arrived. */
export type Attribution = { first?: Touch; last?: Touch };

export const TOUCH_KEYS = ["first", "last"] as const;
export type TouchKey = (typeof TOUCH_KEYS)[number];

export const ATTRIBUTION_LIMITS = {
  utmMax: 200,
  clickIdMax: 500,
  referrerMax: 200,
  landingPageMax: 200,
} as const;

const CLICK_ID_PATTERN = /^[A-Za-z0-9._~-]+$/;
/**
 * What is wrong with one touch field's value (every field but the time, which
 * touch-rules.ts checks), in words, or null when it is fine. The page script checks
 * the tags it reads from the address and the referrer with this alone.
 */
export function tagFieldProblem(field: Exclude<TouchField, "at">, value: unknown): string | null {
  if (typeof value !== "string") return "Send this as text.";
  const tooLong = (max: number) =>
    value.length > max ? `Use at most ${max} characters.` : textProblem(value);
  switch (field) {
    case "landing_page":
      if (!value.startsWith("/") || /[?#]/.test(value)) {
        return 'Send the landing page path, starting with "/", without a query string.';
      }
      return tooLong(ATTRIBUTION_LIMITS.landingPageMax);
    case "referrer":
      if (value.length > ATTRIBUTION_LIMITS.referrerMax) {
        return `Use at most ${ATTRIBUTION_LIMITS.referrerMax} characters.`;
      }
      return isHttpOrigin(value)
        ? null
        : 'Send the referring site\'s origin only, e.g. "https://www.google.com".';
    default:
      if ((CLICK_ID_FIELDS as readonly string[]).includes(field)) {
        if (value.length > ATTRIBUTION_LIMITS.clickIdMax) {
          return `Use at most ${ATTRIBUTION_LIMITS.clickIdMax} characters.`;
        }
        return CLICK_ID_PATTERN.test(value)
          ? null
          : "Send the click id as it was in the link: letters, digits and . _ ~ - only.";
      }
      return tooLong(ATTRIBUTION_LIMITS.utmMax);
  }
}

function isHttpOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === text;
  } catch {
    return false;
  }
}
