import {
  CURRENT_WORDING,
  DISCLOSURE_VERSION,
  type DisclosurePart,
} from "@/supabase/functions/_shared/contract/disclosures.ts";

/**
 * The consent wording the offer form shows now. It is kept by version in the function's
 * folder (disclosures.ts), which checks the page's hash of it on every lead; change it
 * there, as a new version.
 */
export type ConsentPart = DisclosurePart;

export const CONSENT_VERSION = DISCLOSURE_VERSION;

const wording = CURRENT_WORDING;

/** One line under the submit button. */
export const submitAgreement = wording.submit;

/** Under the phone field, when a call is requested. The company's name comes from the page. */
export const callConsent = (companyName: string) => wording.calls(companyName);

/** The label of the optional, unticked box for text messages. */
export const textsConsent = (companyName: string) => wording.texts!(companyName);
