import { createHash } from "node:crypto";

import { consentFor } from "@/content/consent";
import { shownDisclosure } from "@/supabase/functions/_shared/contract/disclosures.ts";
import type { Language } from "@/supabase/functions/_shared/contract/language.ts";

/** What the offer form says it showed: the version, and the SHA-256 of each text it may show. */
export type ConsentWording = {
  version: string;
  /** With the phone field (a call requested): the call and text wording, then the submit line. */
  withPhone: string;
  /** The submit line alone. */
  withoutPhone: string;
};

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * Computed at build time for the company's name and the page's language (English unless
 * told), passed to the form as plain data.
 */
export function consentWording(companyName: string, language: Language = "en"): ConsentWording {
  const { version } = consentFor(language);
  const text = (phoneSection: boolean) => shownDisclosure(version, companyName, { phoneSection })!;
  return {
    version,
    withPhone: sha256(text(true)),
    withoutPhone: sha256(text(false)),
  };
}
