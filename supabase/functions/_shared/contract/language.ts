/**
 * The languages a lead can come in: the site's pages, the consent wording, the visitor's
 * messages and the homeowner's confirmations exist in each. English is the default: a
 * request that names none is English.
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
