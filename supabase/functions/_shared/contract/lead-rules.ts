import {
  FIELD_MESSAGES,
  FORM_MESSAGES,
  PHONE_ONE_NUMBER,
  fieldMessage,
  type FieldMessages,
  type FormMessages,
} from "./field-messages.ts";

/**
 * The offer request's rules as plain data and plain functions, with no imports
 * from packages: the browser form reads them for its inputs and checks text
 * with the same functions before sending (no zod in the page bundle), and the
 * zod schema in lead-schema.ts is built from the same values. Their messages are the
 * English catalogue's (field-messages.ts) unless another catalogue is given.
 */
export const CONDITIONS = [
  { value: "Excellent", description: "Move-in ready, no repairs needed" },
  { value: "Good", description: "Minor cosmetic updates needed" },
  { value: "Fair", description: "Some repairs and updates needed" },
  { value: "Needs Work", description: "Major repairs or renovations needed" },
  { value: "Poor", description: "Significant work required" },
] as const;

export type Condition = (typeof CONDITIONS)[number]["value"];

// Marked pure, so a page that needs none of the rules does not carry them.
export const CONDITION_VALUES: readonly Condition[] = /* @__PURE__ */ CONDITIONS.map(
  (c) => c.value,
);

export const LEAD_LIMITS = {
  addressMax: 300,
  emailMax: 254,
  phoneMax: 40,
  sourceMax: 200,
  /** The honeypot's text is only looked at, never stored. */
  honeypotMax: 1000,
  consentVersionMax: 40,
  pageUrlMax: 2000,
  /** Delivery ids a page sends back after a 503: one per team channel and destination. */
  notifiedMax: 32,
  /** Whole request body, in bytes. */
  bodyMax: 16 * 1024,
  /** A person cannot fill the three steps faster than this; a bot can. */
  minFillMs: 3000,
} as const;

/**
 * One address, an @, a domain with at least one dot and a top-level part of two
 * letters or more: ASCII letters, letters of any script (пример.рф), or the
 * punycode form Chromium sends for those (xn--p1ai). Stricter than the browser's
 * type="email" check, which accepts "name@gmail", so the form checks it too and
 * says so before anything is sent.
 * No format characters (zero-width spaces, soft hyphens, byte order marks): the
 * e-mail provider refuses such an address as reply-to, so the team's e-mail about
 * the lead could never be sent.
 */
export const EMAIL_PATTERN =
  /^[^\s\p{Cf}@"<>()[\]\\,;:]+@[^\s\p{Cf}@"<>()[\]\\,;:]+\.(?:\p{L}[\p{L}\p{M}]+|xn--[A-Za-z0-9-]+)$/u;

/** The honeypot input's name: hidden from people, filled in by form-filling bots. */
export const HONEYPOT_FIELD = "website";

export const ADDRESS_BLANK = FORM_MESSAGES.addressBlank;

/**
 * What the function says of a phone field holding a second number or a link (repeatable.ts):
 * words beside the one number are the visitor's to add. Checked by the function only: the
 * form's phone input has no format check.
 */
export { PHONE_ONE_NUMBER };

/** What the function says, and the form says first, of text over a limit. */
export const tooLong = (max: number, messages: FieldMessages = FIELD_MESSAGES) =>
  fieldMessage(messages, "tooLong", { max });

/**
 * Characters no visitor means to type, which can hide or reorder text where it is
 * shown later (the team's inbox, a terminal, a spreadsheet): C0 and C1 controls,
 * DEL, and the bidirectional formatting marks.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Half of a UTF-16 pair without its other half (in /u mode a whole pair is one code point). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * What is wrong with a piece of text a visitor sends, in words for that visitor,
 * or null when nothing is: "Remove the invisible control character (U+001B)." In the
 * catalogue given, English by default.
 */
export function textProblem(text: string, messages: FormMessages = FORM_MESSAGES): string | null {
  const control = CONTROL.exec(text)?.[0];
  if (control !== undefined) {
    return fieldMessage(messages, "controlCharacter", { code: codePoint(control) });
  }
  const bidi = BIDI.exec(text)?.[0];
  if (bidi !== undefined) {
    return fieldMessage(messages, "directionCharacter", { code: codePoint(bidi) });
  }
  const broken = LONE_SURROGATE.exec(text)?.[0];
  if (broken !== undefined) {
    return fieldMessage(messages, "brokenCharacter", { code: codePoint(broken) });
  }
  return null;
}

/**
 * Blank to the eye: white space of any kind (NBSP included), format characters
 * such as zero-width spaces and joiners, and the letters that render as nothing.
 */
const INVISIBLE = /[\s\p{Cf}\p{Cc}\u115f\u1160\u2800\u3164\uffa0]/gu;

/** Whether the text shows at least one character. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, "") !== "";
}

/** Which consent wording the visitor was shown (its version), and when they submitted. */
export type Consent = { version: string; at: string };
