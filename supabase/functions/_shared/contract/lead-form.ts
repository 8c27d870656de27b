import { FORM_FIELDS } from "./form-fields.ts";
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
  };
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

/** 303 See Other: the browser shows that page with GET, and a reload does not post again. */
export function formRedirect(site: string, outcome: FormOutcome): Response {
  const path =
    outcome.kind === "received" ? RECEIVED_PATH : `${NOT_SENT_PATH}/${notSentReason(outcome)}`;
  return new Response(null, {
    status: 303,
    headers: { location: new URL(path, site).href, "cache-control": "no-store" },
  });
}
