import type { Attribution, ClickIdField, Touch } from "./touch-fields.ts";

/**
 * Where a visit came from, in words: the channel the team reads (classifyTouch,
 * describeAttribution) and the call-tracking number the page shows (callSourceOf).
 * No package imports: the page script imports this file too (lib/browser/call-tracking.ts).
 */

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
