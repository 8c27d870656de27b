// The "max" metadata: Google's full rules, so isValid() checks the digits and getType() tells a
// premium-rate or toll-free number from a mobile one in the US territories too (the default
// "min" metadata types US numbers, but no number of PR, GU, VI, AS or MP).
import { findPhoneNumbersInText, type NumberType, type PhoneNumber } from "libphonenumber-js/max";

import { FIELD_MESSAGES, type FieldMessages } from "./field-messages.ts";
import { asRead } from "./printable.ts";

/**
 * What of a visitor's text a message to the homeowner may repeat (issue 41): anyone can type
 * anyone's address into the form, so the confirmation goes to a stranger as often as not, from
 * the company's own domain and number. It repeats the address only when it reads as a street
 * address, and the phone only as one valid US number written the site's way; a text goes only
 * to a number that can take one.
 */

/** Numbers written without a country code are taken as US numbers. */
const DEFAULT_COUNTRY = "US";

/**
 * The US and its territories: +1 with these regions (Puerto Rico, Guam, the US Virgin Islands,
 * American Samoa, the Northern Mariana Islands).
 */
const US_REGIONS: readonly string[] = ["US", "PR", "GU", "VI", "AS", "MP"];

/** A person's own line: not toll-free, premium-rate, a personal-number service or a pager. */
const PERSONAL_TYPES: readonly NumberType[] = ["MOBILE", "FIXED_LINE_OR_MOBILE", "FIXED_LINE"];

/**
 * Lines that take a text. Toll-free is left out: many toll-free numbers are landlines, call
 * centres or voice menus that take no text, and one that does is a business's line rather than
 * the homeowner's own phone.
 */
const TEXTING_TYPES: readonly NumberType[] = ["MOBILE", "FIXED_LINE_OR_MOBILE"];

/**
 * What a mail client or a phone turns into a link: a scheme ("https://", "mailto:"), "www.", or
 * a host name (labels and a top-level part of letters, "evil.example/verify", "bit.ly"). Without
 * the list of top-level domains a word joined to another by a dot ("St.Louis") counts as one:
 * the cost is an address not repeated to the homeowner, never a link sent.
 */
const URL_PATTERNS = [
  /[a-z][a-z\d+.-]*:\/\//iu,
  /\b(?:mailto|tel|sms|smsto|callto|javascript|data|file|whatsapp|skype|facetime):/iu,
  /\bwww\d{0,3}\./iu,
  /(?<![\p{L}\p{N}_@.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z\d-]+)(?![\p{L}\p{N}-])/iu,
];

const hasUrl = (read: string) => URL_PATTERNS.some((pattern) => pattern.test(read));

/** Angle brackets (HTML) and square ones (Markdown's [text](link), BBCode's [url]). */
const MARKUP = /[<>[\]]/u;

/** 555-0199: a local number without its area code, which libphonenumber does not read as one. */
const LOCAL_NUMBER = /(?<!\d)[2-9]\d{2}[-.]\d{4}(?!\d)/u;

/** 1-900-EVIL-NOW or 1-800-FLOWERS: a toll-free or premium-rate number spelled in capitals. */
const VANITY_NUMBER =
  /(?<![\p{L}\p{N}])(?:1[-. ]?)?\(?(?:800|833|844|855|866|877|888|900)\)?[-. ]?(?=[A-Z\d. -]*[A-Z])(?:[A-Z\d][-. ]?){6}[A-Z\d](?![\p{L}\p{N}])/u;

/**
 * The phone numbers libphonenumber finds in a text, read as typed in the US: valid ones only
 * (its default leniency, VALID), so "(611) 555-0123" is no number here.
 */
const numbersIn = (read: string) => findPhoneNumbersInText(read, DEFAULT_COUNTRY);

function hasPhoneNumber(read: string): boolean {
  return numbersIn(read).length > 0 || LOCAL_NUMBER.test(read) || VANITY_NUMBER.test(read);
}

/** What an address holds that keeps it out of the homeowner's messages. */
export type AddressContent = "a URL" | "an e-mail address" | "a phone number" | "markup";

/** What in the address keeps it out of the homeowner's messages; empty when it may be repeated. */
export function addressContents(address: string): AddressContent[] {
  const read = asRead(address);
  const found: [AddressContent, boolean][] = [
    ["a URL", hasUrl(read)],
    ["an e-mail address", read.includes("@")],
    ["a phone number", hasPhoneNumber(read)],
    ["markup", MARKUP.test(read)],
  ];
  return found.filter(([, present]) => present).map(([content]) => content);
}

/**
 * The address as typed when it reads as a street address (no URL, no @, no phone number, no
 * markup), so a message to the homeowner may repeat it; null when it may not.
 */
export function addressToRepeat(address: string): string | null {
  return addressContents(address).length === 0 ? address : null;
}

/** "it contains a URL and a phone number": why the address was left out, for the team. */
export function addressLeftOutBecause(address: string): string | null {
  const contents = addressContents(address);
  if (contents.length === 0) return null;
  const last = contents.pop()!;
  return `it contains ${contents.length > 0 ? `${contents.join(", ")} and ${last}` : last}`;
}

type PhoneField =
  { holds: "nothing" | "several" | "a link" } | { holds: "one"; number: PhoneNumber };

/** Digits in a row, joined only by the marks numbers are written with: 7 or more are a number. */
const DIGIT_RUN = /\d(?:[\s().-]*\d)*/gu;

/**
 * The phone field read for numbers: none, one, or more (a second one libphonenumber reads, or
 * seven digits and more in a row beside the first, such as a local "555-0199"), or a link.
 * Words beside the number ("cell", "ext 2", "after 5pm") are left aside.
 */
function readPhoneField(text: string): PhoneField {
  const read = asRead(text);
  if (hasUrl(read)) return { holds: "a link" };
  const found = numbersIn(read);
  let rest = read;
  for (const { startsAt, endsAt } of found) {
    rest = `${rest.slice(0, startsAt)}${" ".repeat(endsAt - startsAt)}${rest.slice(endsAt)}`;
  }
  const loose = (rest.match(DIGIT_RUN) ?? []).filter(
    (run) => run.replace(/\D/gu, "").length >= 7,
  ).length;
  if (found.length + loose > 1) return { holds: "several" };
  return found.length === 1 ? { holds: "one", number: found[0]!.number } : { holds: "nothing" };
}

/**
 * What is wrong with the phone field, for the visitor, or null: it takes one number, with any
 * words beside it, and no second number or link. A field with no number in it passes: the
 * team reads it, and nothing of it reaches the homeowner.
 */
export function phoneFieldProblem(
  text: string,
  messages: FieldMessages = FIELD_MESSAGES,
): string | null {
  const { holds } = readPhoneField(text);
  return holds === "several" || holds === "a link" ? messages.phoneOneNumber : null;
}

/**
 * The number to repeat to the homeowner, written as the site writes numbers ("(614)
 * 555-0123"), when the field holds one valid US number of a person's own line; null otherwise.
 * The extension is left out: its digits are the visitor's, and the team has them.
 */
export function phoneToRepeat(phone: string | null): string | null {
  const field = phone === null ? null : readPhoneField(phone);
  if (field?.holds !== "one" || !US_REGIONS.includes(field.number.country ?? "")) return null;
  const type = field.number.getType();
  return type && PERSONAL_TYPES.includes(type) ? withoutExtension(field.number) : null;
}

/** The number alone, "(614) 555-0177" for "614-555-0177 ext 2"; with the country code outside +1. */
function withoutExtension(number: PhoneNumber): string {
  return number.format(number.countryCallingCode === "1" ? "NATIONAL" : "INTERNATIONAL", {
    formatExtension: (formatted) => formatted,
  });
}

const HOLDS = {
  nothing: "no valid phone number",
  several: "more than one number",
  "a link": "a link",
};

export type TextableNumber = { e164: string } | { refused: string };

/**
 * The number a confirmation text may go to (E.164), or why none may, in words for the lead's
 * notes: one valid number of the US or its territories, on a line that takes texts (mobile, or
 * a US line libphonenumber cannot tell from one); never premium-rate, toll-free, a desk phone
 * reached by an extension, or a number elsewhere.
 */
export function textableNumber(phone: string): TextableNumber {
  const field = readPhoneField(phone);
  if (field.holds !== "one") return { refused: `the phone field holds ${HOLDS[field.holds]}` };
  const { number } = field;
  const written = withoutExtension(number);
  if (!US_REGIONS.includes(number.country ?? "")) {
    return { refused: `${written} is outside the US and its territories` };
  }
  if (number.ext) {
    return { refused: `${written} was given with an extension, a desk phone that takes no texts` };
  }
  const type = number.getType();
  if (type === "PREMIUM_RATE") return { refused: `${written} is a premium-rate number` };
  if (type === "TOLL_FREE") {
    return {
      refused: `${written} is toll-free, and many toll-free numbers are landlines or call centres`,
    };
  }
  if (!type || !TEXTING_TYPES.includes(type)) {
    const kind = type ? type.toLowerCase().replaceAll("_", " ") : "of no known type";
    return { refused: `${written} is not a mobile-capable number (${kind})` };
  }
  return { e164: number.number };
}
