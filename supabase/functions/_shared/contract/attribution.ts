import { textProblem } from "./lead-rules.ts";

/**
 * Where a lead came from: the browser notes each visit's arrival (a "touch") and
 * sends the first and the latest with the offer request. The field list below is
 * the only one: the request schema, the table's columns, the store's SQL, the
 * lead types and the CLI's columns are all made from it. No package imports: the
 * browser imports this file too.
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

/* ---------- Columns: the last touch as is, the first with a "first_" prefix ---------- */

type ColumnOf<F extends TouchField> = F extends "at" ? "touched_at" : F;
export type LastTouchColumn = ColumnOf<TouchField>;
export type FirstTouchColumn = `first_${LastTouchColumn}`;
export type AttributionColumn = LastTouchColumn | FirstTouchColumn;
/** The two touches as the leads table keeps them; null when not sent. */
export type AttributionColumns = Record<AttributionColumn, string | null>;

/** "at" is a reserved word in SQL's eyes and says little in a table: touched_at. */
export function touchColumn(touch: TouchKey, field: TouchField): AttributionColumn {
  const column = (field === "at" ? "touched_at" : field) as LastTouchColumn;
  return touch === "first" ? `first_${column}` : column;
}

// Pure: the page script imports this file and needs none of the columns.
export const ATTRIBUTION_COLUMNS: readonly AttributionColumn[] = /* @__PURE__ */ (
  ["last", "first"] as const
).flatMap((touch) => TOUCH_FIELDS.map((field) => touchColumn(touch, field)));

/** The columns for both touches; absent touches and fields are null. */
export function attributionToColumns(attribution: Attribution | undefined): AttributionColumns {
  const columns: Record<string, string | null> = Object.fromEntries(
    ATTRIBUTION_COLUMNS.map((column) => [column, null]),
  );
  for (const touch of TOUCH_KEYS) {
    const values = attribution?.[touch];
    if (!values) continue;
    for (const field of TOUCH_FIELDS) {
      columns[touchColumn(touch, field)] = values[field] ?? null;
    }
  }
  return columns as AttributionColumns;
}

/** One touch back from the columns, or null when it was not sent. */
export function touchFromColumns(columns: AttributionColumns, touch: TouchKey): Touch | null {
  const entries = TOUCH_FIELDS.flatMap((field) => {
    const value = columns[touchColumn(touch, field)];
    return value === null || value === undefined ? [] : [[field, value] as const];
  });
  const values = Object.fromEntries(entries) as Partial<Touch>;
  if (values.landing_page === undefined) return null;
  return values as Touch;
}

/* ---------- Where a visit came from, in words ---------- */

/** A touch sorted the way ad platforms and analytics tools sort visits. */
export type Channel = {
  /** "google", "bing", "facebook", "newsletter", "example.com", "(direct)" */
  source: string;
  /** "cpc", "organic", "social", "referral", "email", "(none)" */
  medium: string;
  campaign: string | null;
  /** The channel for a person: "Google Ads", "Bing search", "Referral from example.com" */
  label: string;
};

const PAID_MEDIUMS = new Set(["cpc", "ppc", "paid", "paidsearch", "paid_search", "sem"]);

type Site = [pattern: RegExp, source: string, name: string];

const SEARCH_ENGINES: Site[] = [
  // google.com, google.de, google.co.uk, google.com.au; not google.com.evil.example.
  [/(^|\.)google\.((com|co)\.)?[a-z]{2,3}$/, "google", "Google"],
  [/(^|\.)bing\.com$/, "bing", "Bing"],
  [/(^|\.)duckduckgo\.com$/, "duckduckgo", "DuckDuckGo"],
  [/(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.com$/, "yahoo", "Yahoo"],
  [/(^|\.)yandex\.((com|co)\.)?[a-z]{2,3}$/, "yandex", "Yandex"],
  [/(^|\.)baidu\.com$/, "baidu", "Baidu"],
  [/(^|\.)ecosia\.org$/, "ecosia", "Ecosia"],
  [/(^|\.)search\.brave\.com$/, "brave", "Brave"],
];

/** Meta's sites: one ad platform, so one call-tracking number (callSourceOf). */
const META_SITES: Site[] = [
  [/(^|\.)facebook\.com$|(^|\.)fb\.com$/, "facebook", "Facebook"],
  [/(^|\.)instagram\.com$/, "instagram", "Instagram"],
];

/** Apart from META_SITES rather than spread over them, so the page script leaves them out. */
const OTHER_SOCIAL_SITES: Site[] = [
  [/(^|\.)linkedin\.com$|(^|\.)lnkd\.in$/, "linkedin", "LinkedIn"],
  [/(^|\.)t\.co$|(^|\.)x\.com$|(^|\.)twitter\.com$/, "twitter", "X (Twitter)"],
  [/(^|\.)reddit\.com$/, "reddit", "Reddit"],
  [/(^|\.)youtube\.com$/, "youtube", "YouTube"],
  [/(^|\.)nextdoor\.com$/, "nextdoor", "Nextdoor"],
];

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

function siteOf(sites: readonly Site[], host: string): Site | undefined {
  return sites.find(([pattern]) => pattern.test(host));
}

/**
 * The ad platform each click id comes from (the platforms add them to their ads' links
 * themselves), in the order they are looked at.
 */
const CLICK_ID_PLATFORMS = {
  gclid: "google",
  gbraid: "google",
  wbraid: "google",
  msclkid: "bing",
  fbclid: "facebook",
} as const satisfies Record<ClickIdField, string>;

type Platform = (typeof CLICK_ID_PLATFORMS)[ClickIdField];

function clickedPlatform(touch: Touch | null | undefined): Platform | undefined {
  for (const id in CLICK_ID_PLATFORMS) {
    if (touch?.[id as ClickIdField]) return CLICK_ID_PLATFORMS[id as ClickIdField];
  }
  return undefined;
}

const PLATFORM_CHANNELS: Record<Platform, Omit<Channel, "campaign">> = {
  google: { source: "google", medium: "cpc", label: "Google Ads" },
  bing: { source: "bing", medium: "cpc", label: "Microsoft Ads" },
  facebook: { source: "facebook", medium: "social", label: "Facebook" },
};

/**
 * Click ids first (the ad platforms add them themselves), then campaign tags, then
 * the referrer; a visit with none of them was typed in or bookmarked.
 */
export function classifyTouch(touch: Touch | null | undefined): Channel {
  const campaign = touch?.utm_campaign?.trim() || null;
  const utmSource = touch?.utm_source?.trim() || null;
  const utmMedium = touch?.utm_medium?.trim() || null;
  const platform = clickedPlatform(touch);
  if (platform) return { ...PLATFORM_CHANNELS[platform], campaign };
  if (utmSource || utmMedium) {
    const source = (utmSource ?? "(not set)").toLowerCase();
    const medium = (utmMedium ?? "(not set)").toLowerCase();
    if (source === "google" && PAID_MEDIUMS.has(medium)) {
      return { source, medium, campaign, label: "Google Ads" };
    }
    if ((source === "bing" || source === "microsoft") && PAID_MEDIUMS.has(medium)) {
      return { source, medium, campaign, label: "Microsoft Ads" };
    }
    return { source, medium, campaign, label: `${utmSource ?? "(not set)"} / ${medium}` };
  }
  const host = touch?.referrer ? hostOf(touch.referrer) : null;
  if (host) {
    const engine = siteOf(SEARCH_ENGINES, host);
    if (engine) {
      return { source: engine[1], medium: "organic", campaign, label: `${engine[2]} search` };
    }
    const social = siteOf(META_SITES, host) ?? siteOf(OTHER_SOCIAL_SITES, host);
    if (social) return { source: social[1], medium: "social", campaign, label: social[2] };
    return { source: host, medium: "referral", campaign, label: `Referral from ${host}` };
  }
  return { source: "(direct)", medium: "(none)", campaign, label: "Direct visit" };
}

/* ---------- Which call-tracking number a visit is shown ---------- */

/**
 * The sources a call-tracking number can be set for (COMPANY_PHONE_BY_SOURCE): the groups
 * of classifyTouch's channels that an operator buys or earns separately.
 */
export const CALL_SOURCES = [
  "google",
  "bing",
  "facebook",
  "organic",
  "email",
  "referral",
  "direct",
] as const;
export type CallSource = (typeof CALL_SOURCES)[number];

/** utm_source values (lowercased) that name an ad platform with a number of its own. */
const UTM_PLATFORMS: Partial<Record<string, Platform>> = {
  google: "google",
  bing: "bing",
  microsoft: "bing",
  facebook: "facebook",
  fb: "facebook",
  instagram: "facebook",
  ig: "facebook",
};

/** A newsletter's links, tagged "email" or "e-mail" as their source or medium. */
const EMAIL_TAG = /^e-?mail$/;

/**
 * The source of a visit (its first touch), read in the same order as classifyTouch: a click
 * id names its ad platform (gclid, gbraid, wbraid: google; msclkid: bing; fbclid: facebook);
 * then campaign tags (utm_source google; bing or microsoft; facebook, fb, instagram or ig;
 * an "email" source or medium: email; any other tagged link: referral); then the referring
 * site (a search engine: organic; Facebook or Instagram: facebook; any other site:
 * referral); nothing at all: direct.
 */
export function callSourceOf(touch: Touch): CallSource {
  const platform = clickedPlatform(touch);
  if (platform) return platform;
  const source = touch.utm_source?.toLowerCase() ?? "";
  const medium = touch.utm_medium?.toLowerCase() ?? "";
  if (source || medium) {
    if (Object.hasOwn(UTM_PLATFORMS, source)) return UTM_PLATFORMS[source]!;
    return EMAIL_TAG.test(source) || EMAIL_TAG.test(medium) ? "email" : "referral";
  }
  const host = touch.referrer && hostOf(touch.referrer);
  if (!host) return "direct";
  if (siteOf(SEARCH_ENGINES, host)) return "organic";
  return siteOf(META_SITES, host) ? "facebook" : "referral";
}

/** "Google Ads, campaign ohio-probate, landed on /sell-house-fast-ohio" */
export function describeTouch(touch: Touch | null | undefined): string {
  const channel = classifyTouch(touch);
  return [
    channel.label,
    channel.campaign && `campaign ${channel.campaign}`,
    touch?.landing_page && `landed on ${touch.landing_page}`,
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * Where the lead came from in one line: the visit that sent the request, and the
 * first visit too when it came another way or landed elsewhere.
 */
export function describeAttribution(attribution: Attribution | undefined): string {
  const last = attribution?.last ?? null;
  const first = attribution?.first ?? null;
  const latest = describeTouch(last ?? first);
  if (!first || !last) return latest;
  const earlier = describeTouch(first);
  if (earlier === latest) return latest;
  return `${latest}; first visit: ${earlier}${first.at ? ` (${first.at.slice(0, 10)})` : ""}`;
}

/** Both touches back from a stored lead's columns. */
export function attributionFromColumns(columns: AttributionColumns): Attribution {
  const first = touchFromColumns(columns, "first");
  const last = touchFromColumns(columns, "last");
  return { ...(first ? { first } : {}), ...(last ? { last } : {}) };
}
