/**
 * The names of the offer form's inputs that are not the visitor's own fields, on their own
 * with no imports: the page script every page runs fills them for a form that posts itself.
 */
export const FORM_FIELDS = {
  call: "call",
  texts: "texts",
  consentVersion: "consent_version",
  consentAt: "consent_at",
  consentShown: "consent_shown",
  elapsedMs: "elapsed_ms",
  attribution: "attribution",
  pageUrl: "page_url",
  /** "es" on a Spanish page; the function takes a form without it as English. */
  language: "language",
} as const;
