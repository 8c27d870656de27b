import {
  CURRENT_WORDINGS,
  DISCLOSURE_VERSION,
  type DisclosurePart,
} from "@/supabase/functions/_shared/contract/disclosures.ts";
import type { Language } from "@/supabase/functions/_shared/contract/language.ts";

/**
 * The consent wording the offer form shows now, in each language. It is kept by version in
 * the function's folder (disclosures.ts), which checks the page's hash of it on every lead;
 * change it there, as a new version.
 */
export type ConsentPart = DisclosurePart;

/** The wording a page in one language shows: its version and its three sections. */
export type ConsentCopy = {
  version: string;
  /** One line under the submit button. */
  submit: readonly ConsentPart[];
  /** Under the phone field, when a call is requested. The company's name comes from the page. */
  calls: (companyName: string) => readonly ConsentPart[];
  /** The label of the optional, unticked box for text messages. */
  texts: (companyName: string) => readonly ConsentPart[];
};

/** The wording for a page in `language`: a Spanish page never shows the English one. */
export function consentFor(language: Language): ConsentCopy {
  const { version, wording } = CURRENT_WORDINGS[language];
  return {
    version,
    submit: wording.submit,
    calls: (companyName) => wording.calls(companyName),
    texts: (companyName) => wording.texts!(companyName),
  };
}

export const CONSENT_VERSION = DISCLOSURE_VERSION;

const english = consentFor("en");

/** One line under the submit button. */
export const submitAgreement = english.submit;

/** Under the phone field, when a call is requested. The company's name comes from the page. */
export const callConsent = english.calls;

/** The label of the optional, unticked box for text messages. */
export const textsConsent = english.texts;
