import { FORM_FIELDS } from "./form-fields.ts";
import type { Language } from "./language.ts";
import { HONEYPOT_FIELD } from "./lead-rules.ts";

export { FORM_FIELDS };

/**
 * The offer form posted by the browser itself, when no script ran: its fields, and the
 * page of the site it is answered with. The same handler, validation, spam rules,
 * idempotency and rate limit serve it as serve the page's script.
 */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

/** The static pages a form post is answered with (app/offer-received, app/offer-not-sent). */
export const RECEIVED_PATH = "/offer-received";
export const NOT_SENT_PATH = "/offer-not-sent";
/** A page for each thing the visitor can fix, and for what they cannot. */
export const NOT_SENT_REASONS = [
  "address",
  "condition",
  "email",
  "phone",
  "request",
  "busy",
  "unavailable",
] as const;
export type NotSentReason = (typeof NOT_SENT_REASONS)[number];

/** The pages a form post is answered with, per language of the form (its `language` field). */
export const FORM_RESULT_PATHS: Record<Language, { received: string; notSent: string }> = {
  en: { received: RECEIVED_PATH, notSent: NOT_SENT_PATH },
  es: { received: "/es/oferta-recibida", notSent: "/es/oferta-no-enviada" },
};

/** The slug of each reason's page under its language's not-sent path. */
export const NOT_SENT_SLUGS: Record<Language, Record<NotSentReason, string>> = {
  en: {
    address: "address",
    condition: "condition",
    email: "email",
    phone: "phone",
    request: "request",
    busy: "busy",
    unavailable: "unavailable",
  },
  es: {
    address: "direccion",
    condition: "estado",
    email: "correo",
    phone: "telefono",
    request: "solicitud",
    busy: "ocupado",
    unavailable: "no-disponible",
  },
};

/** The page that says why a post was not taken, in the form's language. */
export function notSentPath(language: Language, reason: NotSentReason): string {
  return `${FORM_RESULT_PATHS[language].notSent}/${NOT_SENT_SLUGS[language][reason]}`;
}

/** The path of the page that says what became of a form post, in the form's language. */
export function formResultPath(outcome: FormOutcome, language: Language = "en"): string {
  return outcome.kind === "received"
    ? FORM_RESULT_PATHS[language].received
    : notSentPath(language, notSentReason(outcome));
}

export type FormOutcome =
  | { kind: "received" }
  | { kind: "invalid"; fields: readonly string[] }
  | { kind: "busy"; retryAfter: number }
  | { kind: "unavailable" };

/**
 * A form field whose percent escapes are not UTF-8. The form's page is UTF-8, so a browser
 * never sends one; decoding it anyway would store U+FFFD in place of what was sent.
 */
export class FormEncodingError extends Error {
  constructor(readonly field: string) {
    super(`${field}: The characters sent in this field could not be read. Type it again.`);
  }
}

/** Whether a name=value pair's escapes decode as UTF-8 (a bare "%" is read as itself). */
function decodesAsUtf8(pair: string): boolean {
  try {
    decodeURIComponent(pair.replace(/%(?![\da-f]{2})/gi, "%25"));
    return true;
  } catch {
    return false;
  }
}

/** The form's fields as the request the page's script would have sent. */
export function formToRequest(text: string): Record<string, unknown> {
  const unreadable = text.split("&").find((pair) => !decodesAsUtf8(pair));
  if (unreadable !== undefined) {
    throw new FormEncodingError([...new URLSearchParams(unreadable).keys()][0] ?? "");
  }
  const form = new URLSearchParams(text);
  // An input left empty (a hidden one the page script never filled) was not sent.
  const field = (name: string) => form.get(name) || undefined;
  const call = form.get(FORM_FIELDS.call) === "on";
  const phone = call ? (field("phone") ?? "") : "";
  let attribution: unknown;
  try {
    attribution = JSON.parse(field(FORM_FIELDS.attribution) ?? "null") ?? undefined;
  } catch {
    // The normaliser notes it and leaves it out; the lead is kept.
    attribution = field(FORM_FIELDS.attribution);
  }
  return {
    id: field("id"),
    address: field("address"),
    condition: field("condition"),
    email: field("email"),
    phone,
    state: field("state"),
    source: field("source"),
    [HONEYPOT_FIELD]: field(HONEYPOT_FIELD),
    elapsedMs: field(FORM_FIELDS.elapsedMs),
    consent: {
      version: field(FORM_FIELDS.consentVersion),
      at: field(FORM_FIELDS.consentAt),
      calls: call && phone.trim() !== "",
      texts: form.get(FORM_FIELDS.texts) === "on",
      shown: field(FORM_FIELDS.consentShown),
    },
    attribution,
    pageUrl: field(FORM_FIELDS.pageUrl),
    language: field(FORM_FIELDS.language),
  };
}

/**
 * The language a form post's pages are in: Spanish for a form that says "es", English for any
 * other (a form without the field, or one whose value the schema refuses).
 */
export function formLanguage(raw: Record<string, unknown>): Language {
  return raw.language === "es" ? "es" : "en";
}

/** The page of the site that says what became of the request. */
export function notSentReason(outcome: FormOutcome): NotSentReason {
  if (outcome.kind === "busy") return "busy";
  if (outcome.kind === "unavailable") return "unavailable";
  const first = outcome.kind === "invalid" ? outcome.fields[0] : undefined;
  return (NOT_SENT_REASONS as readonly string[]).includes(first ?? "")
    ? (first as NotSentReason)
    : "request";
}

/**
 * 303 See Other: the browser shows that page, in the form's language, with GET, and a reload
 * does not post again.
 */
export function formRedirect(
  site: string,
  outcome: FormOutcome,
  language: Language = "en",
): Response {
  return new Response(null, {
    status: 303,
    headers: {
      location: new URL(formResultPath(outcome, language), site).href,
      "cache-control": "no-store",
    },
  });
}
