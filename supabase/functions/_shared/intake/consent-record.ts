import { DISCLOSURES, sha256Hex, shownDisclosure } from "../contract/disclosures.ts";
import type { Language } from "../contract/language.ts";
import type { LeadSubmission } from "../contract/lead-schema.ts";
import type { ConsentRecord } from "../store/rows.ts";
import type { Via } from "./read-body.ts";

/** How long the browser keeps a request before it gives up (lib/browser/offer-outbox.ts). */
const OUTBOX_MAX_AGE_MS = 30 * 86_400_000;
/** How far a browser's clock may run ahead of the server's before its time is doubted. */
const CLOCK_AHEAD_MS = 10 * 60_000;

export type ConsentContext = {
  /** The company's name, as the wording the site shows states it (COMPANY_NAME). */
  brand: string;
  via: Via;
  gpc: boolean;
  userAgent: string | null;
  clientIp: string;
  /** The lead's intake notes: what is doubted or not recorded as agreed is added here. */
  notes: string[];
  now: Date;
};

type Consent = NonNullable<LeadSubmission["consent"]>;

/**
 * The consent the lead was sent under, saying only what happened. "Verified" only when the
 * page sent the SHA-256 of the wording it showed and it equals this function's rendering of
 * the version it names (for the company's name), in the lead's language: an English wording
 * sent with a Spanish lead, or the reverse, is kept and not verified. A page that sent no hash
 * is not verified.
 * Texts are agreed only with the separate box ticked, in a wording that had one, beside a
 * phone field that was shown and filled in. A consent time before the wording was
 * published, older than the browser keeps a request, or ahead of the server's clock is kept
 * as sent and doubted, in the record and in the lead's notes.
 */
export async function consentRecord(
  submission: LeadSubmission,
  context: ConsentContext,
): Promise<ConsentRecord> {
  const { consent, phone, language } = submission;
  const wording = consent ? DISCLOSURES[consent.version] : undefined;
  const shown = consent?.shown ?? null;
  const inLanguage = wording?.language === language;
  const matched =
    consent && shown && inLanguage
      ? await matchedPhoneSection(consent, shown, context.brand)
      : null;
  const verified = matched !== null;
  // Unverified, the page's word for whether the phone section showed is all there is.
  const phoneSection = matched ?? consent?.calls === true;
  if (consent && !verified) {
    context.notes.push(unverifiedNote(consent, context.brand, inLanguage ? null : language));
  }
  const texts =
    consent?.texts === true && wording?.texts !== undefined && phoneSection && phone !== null;
  if (consent?.texts === true && !texts) {
    const why =
      wording?.texts === undefined
        ? `wording version ${JSON.stringify(consent.version)} had no box for texts`
        : !phoneSection
          ? "the phone section was not shown"
          : "no phone number was sent";
    context.notes.push(`consent.texts: not recorded as agreed: ${why}.`);
  }
  const doubts = consent
    ? consentDoubts(consent.at, wording?.published ?? null, consent.version, context.now)
    : [];
  for (const doubt of doubts) context.notes.push(`consent.at: ${doubt}; kept as sent.`);
  return {
    consented_at: consent?.at ?? null,
    disclosure_version: consent?.version ?? null,
    disclosure_sha256: shown,
    disclosure_verified: verified,
    brand: context.brand,
    calls: phoneSection && consent?.calls === true && phone !== null,
    texts,
    page_url: submission.pageUrl ?? null,
    user_agent: context.userAgent?.slice(0, 500) ?? null,
    client_ip: context.clientIp,
    gpc: context.gpc,
    via: context.via,
    doubts,
  };
}

/**
 * Which of the version's two renderings (with the phone section, or without) the page's
 * hash is of; null when it is of neither.
 */
async function matchedPhoneSection(
  consent: Consent,
  shown: string,
  brand: string,
): Promise<boolean | null> {
  let matched: boolean | null = null;
  for (const phoneSection of [true, false]) {
    const text = shownDisclosure(consent.version, brand, { phoneSection });
    if (text !== null && (await sha256Hex(text)) === shown) matched = phoneSection;
  }
  return matched;
}

/** Why a consent is not verified, for the lead's notes; `otherLanguage`, the lead's, when the wording's is not it. */
function unverifiedNote(consent: Consent, brand: string, otherLanguage: Language | null): string {
  const wording = DISCLOSURES[consent.version];
  if (wording === undefined) {
    return `consent: wording version ${JSON.stringify(consent.version)} is not in this function's disclosures.ts; the page's hash is kept.`;
  }
  if (otherLanguage !== null) {
    return `consent.version: wording version ${consent.version} is in "${wording.language}" but the lead's language is "${otherLanguage}"; recorded as not verified; the page's hash is kept.`;
  }
  if ((consent.shown ?? null) === null) {
    return `consent.shown: the page sent no hash of the wording it showed; recorded as not verified.`;
  }
  return `consent.shown: the page's wording does not match version ${consent.version} as this function renders it for ${JSON.stringify(brand)}; check COMPANY_NAME on both; the page's hash is kept.`;
}

/** Why a consent time is not believable as the moment the visitor agreed. */
export function consentDoubts(
  at: string,
  published: string | null,
  version: string,
  now: Date,
): string[] {
  const time = Date.parse(at);
  return [
    published !== null && time < Date.parse(published)
      ? `${at} is before wording ${version} was published (${published})`
      : null,
    time < now.getTime() - OUTBOX_MAX_AGE_MS
      ? `${at} is older than the 30 days a browser keeps a request (server's clock ${now.toISOString()})`
      : null,
    time > now.getTime() + CLOCK_AHEAD_MS
      ? `${at} is ahead of the server's clock (${now.toISOString()})`
      : null,
  ].filter((doubt): doubt is string => doubt !== null);
}
