import type { Phone } from "@/config/site";
import {
  callSourceOf,
  type CallSource,
} from "@/supabase/functions/_shared/contract/attribution.ts";
import type { Touch } from "@/supabase/functions/_shared/contract/touch-fields.ts";

/**
 * Call tracking without a vendor's script. Every link that dials the company is marked
 * (data-phone, and data-phone-number on the number it shows: components/site/phone-link.tsx);
 * on a build with tracking numbers (COMPANY_PHONE_BY_SOURCE), each page's script calls
 * showTrackingPhone with them (scripts/islands/build.ts) before its islands hydrate. Without
 * script, on a build without them, or for a source without a number: the company's number.
 */

/** Each tracking number as the pages show it, by source. */
export type PhonesBySource = Partial<Record<CallSource, string>>;

export type ShownPhone = Pick<Phone, "display" | "href">;

/** The number for a visit whose first touch this is, or undefined for the company's own. */
export function trackingPhone(
  first: Touch | undefined,
  phones: PhonesBySource,
): ShownPhone | undefined {
  const display = first && phones[callSourceOf(first)];
  return display ? { display, href: `tel:+1${display.replace(/\D/g, "")}` } : undefined;
}

let shown: ShownPhone | undefined;

/**
 * Puts the number for the visit's first touch in every marked link. It runs before the
 * islands hydrate, so an island that renders its links with shownPhone() finds in the page
 * what it renders.
 */
export function showTrackingPhone(
  first: Touch | undefined,
  phones: PhonesBySource,
  page: Document,
): void {
  shown = trackingPhone(first, phones);
  if (!shown) return;
  for (const link of page.querySelectorAll<HTMLAnchorElement>("a[data-phone]")) {
    link.href = shown.href;
  }
  for (const number of page.querySelectorAll("[data-phone-number]")) {
    number.textContent = shown.display;
  }
}

/** The number an island shows: the visit's, once the page script chose it; else the company's. */
export function shownPhone(company: ShownPhone): ShownPhone {
  return shown ?? company;
}
