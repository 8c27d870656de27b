// libphonenumber-js with its small metadata: Google's libphonenumber rules for reading a
// number as people type it ("614-555-0177 ext 2", "(614) 555-0142 cell", "+44 20 7946 0958").
import { findPhoneNumbersInText, parsePhoneNumberFromString } from "libphonenumber-js";

import { EMAIL_PATTERN } from "./lead-rules.ts";
import { mailboxKey } from "./mailbox.ts";

/**
 * How a person is recognised across leads, opt-outs and the exports: one key for an e-mail's
 * mailbox (mailbox.ts) and one for a phone, made the same way when a key is written and when
 * one is matched, so every spelling of a contact finds the same rows.
 */

/** Numbers written without a country code are taken as US numbers. */
const DEFAULT_COUNTRY = "US";

/**
 * An e-mail as Meta's Conversions API hashes it for em: trimmed and lowercased, Meta's own
 * rule. Not how a person is matched here: that is mailboxKey.
 */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export type ParsedPhone = {
  /** "+16145550142" */
  e164: string;
  /** "2" for "614-555-0177 ext 2"; the extension reaches a desk, not another person. */
  extension: string | null;
};

/**
 * A phone number as typed, in E.164 with its extension apart; null when no possible number
 * can be read from it (a vanity number such as 1-800-FLOWERS, too few digits). Words around
 * the number ("cell", "after 5") are left aside.
 */
export function parsePhone(text: string): ParsedPhone | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_COUNTRY);
  const number =
    parsed?.isPossible() === true
      ? parsed
      : findPhoneNumbersInText(trimmed, DEFAULT_COUNTRY)[0]?.number;
  if (!number?.isPossible()) return null;
  return { e164: number.number, extension: number.ext ?? null };
}

/** The key a phone is matched by: its number in E.164, without the extension. */
export function phoneKey(text: string): string | null {
  return parsePhone(text)?.e164 ?? null;
}

/**
 * An e-mail or a phone number as opt-outs store it. Throws, saying what it takes, when the
 * text is neither.
 */
export function contactKey(text: string): string {
  const trimmed = text.trim();
  if (trimmed.includes("@")) {
    if (!EMAIL_PATTERN.test(trimmed)) throw new Error(`"${text}" is not an e-mail address.`);
    return mailboxKey(trimmed);
  }
  const phone = phoneKey(trimmed);
  if (!phone) {
    throw new Error(
      `"${text}" is neither an e-mail address nor a phone number (a US number has 10 digits; others start with + and the country code).`,
    );
  }
  return phone;
}

/** The keys a lead is reached at: its mailbox, and its phone when it gave one that reads as a number. */
export function leadContactKeys(lead: { email: string; phone: string | null }): string[] {
  const phone = lead.phone === null ? null : phoneKey(lead.phone);
  return [mailboxKey(lead.email), ...(phone ? [phone] : [])];
}
