import { LEGAL_PAGES } from "@/content/legal-pages";

/** A piece of consent text: plain words, or a link to one of the two policy pages. */
export type ConsentPart = string | { href: string; text: string };

/** Bump when any consent wording below changes; every lead stores the version it was shown. */
export const CONSENT_VERSION = "2026-11-23";

const terms = { href: LEGAL_PAGES.terms.path, text: LEGAL_PAGES.terms.title } as const;
const privacy = { href: LEGAL_PAGES.privacy.path, text: LEGAL_PAGES.privacy.title } as const;

/**
 * Shown under the phone field when a call is requested. Parts join as written, spaces
 * included. The company's name comes from the page (the island's props).
 */
export const callConsent = (companyName: string): readonly ConsentPart[] => [
  `By requesting a call, you agree that ${companyName} may call and text you at this number about your property and offer, including with automated technology. Consent is not a condition of any purchase. Message and data rates may apply. Reply STOP to end texts. See our `,
  terms,
  " and ",
  privacy,
  ".",
];

/** One line under the submit button. */
export const submitAgreement: readonly ConsentPart[] = [
  "By submitting, you agree to our ",
  terms,
  " and ",
  privacy,
  ".",
];
