// Google Ads file import (template, Parameters row), as read on 2026-11-25: https://support.google.com/google-ads/answer/7014069
// Google Ads ClickConversion (gclid, gbraid, wbraid; ISO 4217 currency), as read on 2026-11-25: https://developers.google.com/google-ads/api/reference/rpc/latest/ClickConversion
// Microsoft Advertising offline conversion fields and time example, as read on 2026-11-25: https://learn.microsoft.com/en-us/advertising/bulk-service/offline-conversion?view=bingads-13
// Microsoft Advertising import template (TimeZone as a GMT offset in HHMM), as read on 2026-11-25: https://help.ads.microsoft.com/#apex/ads/en/56852/2
// Only the opening of the Google page and the template text of the Microsoft page could be read:
// the GBRAID and WBRAID column names and Microsoft's time format want one test upload each.

import type { LeadStatus, StatusChange } from "../supabase/functions/_leads/lead-records.ts";
import type { ListedLead } from "./listed-leads.ts";

export type ConversionLead = {
  id: string;
  gclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
  msclkid: string | null;
  /** When the outcome happened (ISO 8601 with Z). */
  convertedAt: string;
  value: number | null;
  /** ISO 4217, e.g. "USD" */
  currency: string;
};

export type ConversionFileOptions = {
  /** The conversion action's name, spelled exactly as in the ad account. */
  conversionName: string;
  /** IANA, e.g. "America/New_York" */
  timeZone: string;
};

export type ConversionFile = { csv: string; skipped: { id: string; reason: string }[] };

const GOOGLE_COLUMNS = [
  "Google Click ID",
  "GBRAID",
  "WBRAID",
  "Conversion Name",
  "Conversion Time",
  "Conversion Value",
  "Conversion Currency",
] as const;

const MICROSOFT_COLUMNS = [
  "Microsoft Click ID",
  "Conversion Name",
  "Conversion Time",
  "Conversion Value",
  "Conversion Currency",
] as const;

const GOOGLE_CLICK_IDS = ["gclid", "gbraid", "wbraid"] as const;
const CLICK_ID_PATTERN = /^[A-Za-z0-9._~-]+$/;
const IANA_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Far above any house price; past 1e21 String() switches to exponent notation. */
const MAX_VALUE = 1e12;

/**
 * Google's offline click conversion file: the Parameters row names the time zone
 * (an IANA name) and each row carries exactly one of gclid, gbraid or wbraid in
 * its own column, a gclid taking precedence. Leads without a usable id are
 * skipped with the reason.
 */
export function googleAdsConversionCsv(
  leads: readonly ConversionLead[],
  options: ConversionFileOptions,
): ConversionFile {
  const { conversionName, timeZone } = checkedOptions(options);
  const skipped: ConversionFile["skipped"] = [];
  const rows: string[][] = [];
  for (const lead of leads) {
    const field = GOOGLE_CLICK_IDS.find((name) => lead[name]);
    if (!field) {
      skipped.push({ id: lead.id, reason: "no gclid, gbraid or wbraid" });
      continue;
    }
    const clickId = lead[field] ?? "";
    const problem = clickIdProblem(field, clickId) ?? conversionProblem(lead);
    if (problem) {
      skipped.push({ id: lead.id, reason: problem });
      continue;
    }
    const ids = GOOGLE_CLICK_IDS.map((name) => (name === field ? clickId : ""));
    rows.push([
      ...ids,
      conversionName,
      wallClock(Date.parse(lead.convertedAt), timeZone),
      valueCell(lead.value),
      lead.currency,
    ]);
  }
  return { csv: csvFile(`Parameters:TimeZone=${timeZone}`, GOOGLE_COLUMNS, rows), skipped };
}

/**
 * Microsoft's offline conversion file: only leads with an msclkid. Its Parameters
 * row takes a fixed GMT offset ("-0500"), not a zone name, so one file cannot follow
 * a daylight-saving change: every time is written at the offset the zone had at the
 * file's earliest conversion, which names the same instant whichever side of the
 * change it fell on. A file with no rows says +0000.
 */
export function microsoftAdsConversionCsv(
  leads: readonly ConversionLead[],
  options: ConversionFileOptions,
): ConversionFile {
  const { conversionName, timeZone } = checkedOptions(options);
  const skipped: ConversionFile["skipped"] = [];
  const usable: { lead: ConversionLead; clickId: string; at: number }[] = [];
  for (const lead of leads) {
    if (!lead.msclkid) {
      skipped.push({ id: lead.id, reason: "no msclkid" });
      continue;
    }
    const problem = clickIdProblem("msclkid", lead.msclkid) ?? conversionProblem(lead);
    if (problem) {
      skipped.push({ id: lead.id, reason: problem });
      continue;
    }
    usable.push({ lead, clickId: lead.msclkid, at: Date.parse(lead.convertedAt) });
  }
  const earliest = usable.reduce<number | null>(
    (min, { at }) => (min === null || at < min ? at : min),
    null,
  );
  const offsetMinutes = earliest === null ? 0 : offsetAt(earliest, timeZone);
  const rows = usable.map(({ lead, clickId, at }) => [
    clickId,
    conversionName,
    usClock(at, offsetMinutes),
    valueCell(lead.value),
    lead.currency,
  ]);
  return {
    csv: csvFile(`Parameters:TimeZone=${hhmmOffset(offsetMinutes)}`, MICROSOFT_COLUMNS, rows),
    skipped,
  };
}

function checkedOptions(options: ConversionFileOptions): ConversionFileOptions {
  const { conversionName, timeZone } = options;
  if (
    !conversionName.trim() ||
    /^[=+\-@]/.test(conversionName) ||
    NOT_PRINTABLE.test(conversionName)
  ) {
    throw new Error(
      "conversionName must be the conversion's name as the ad account spells it: not empty, not starting with = + - @, no control characters.",
    );
  }
  if (!IANA_NAME_PATTERN.test(timeZone) || !isKnownTimeZone(timeZone)) {
    throw new Error(`timeZone must be an IANA time zone name such as "America/New_York".`);
  }
  return { conversionName, timeZone };
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

function clickIdProblem(field: string, clickId: string): string | null {
  return CLICK_ID_PATTERN.test(clickId)
    ? null
    : `${field} has characters a click id never has (letters, digits and . _ ~ - only); not written`;
}

function conversionProblem(lead: ConversionLead): string | null {
  if (!/^\d{4}-\d\d-\d\dT/.test(lead.convertedAt) || Number.isNaN(Date.parse(lead.convertedAt))) {
    return "convertedAt is not an ISO 8601 date-time";
  }
  if (!CURRENCY_PATTERN.test(lead.currency)) return "currency is not an ISO 4217 code such as USD";
  if (
    lead.value !== null &&
    !(Number.isFinite(lead.value) && lead.value >= 0 && lead.value <= MAX_VALUE)
  ) {
    return "value is not an amount (a number from 0 up)";
  }
  return null;
}

function valueCell(value: number | null): string {
  return value === null ? "" : String(Math.round(value * 100) / 100);
}

/** The date and time on a clock in that zone, "yyyy-MM-dd HH:mm:ss". */
function wallClock(at: number, timeZone: string): string {
  const { year, month, day, hour, minute, second } = clockParts(at, timeZone);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

function clockParts(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? "";
  return {
    year: part("year").padStart(4, "0"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** Minutes the zone's clocks were ahead of UTC at that instant (New York in January: -300). */
function offsetAt(at: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = clockParts(at, timeZone);
  const asUtc = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

function hhmmOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** "M/d/yyyy h:mm:ss AM" at a fixed offset, as Microsoft's own example writes times. */
function usClock(at: number, offsetMinutes: number): string {
  const local = new Date(at + offsetMinutes * 60_000);
  const hour24 = local.getUTCHours();
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    `${local.getUTCMonth() + 1}/${local.getUTCDate()}/${local.getUTCFullYear()} ` +
    `${hour12}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ${hour24 < 12 ? "AM" : "PM"}`
  );
}

/**
 * RFC 4180 with CRLF. The Parameters row is padded with empty fields to the header's
 * width, as both platforms' templates are. Unlike leads-export's cells nothing is
 * rewritten here (an apostrophe would break the match with the ad account): every
 * value was checked above, so none can start a spreadsheet formula.
 */
function csvFile(parameters: string, columns: readonly string[], rows: string[][]): string {
  const lines = [[parameters, ...columns.slice(1).map(() => "")], [...columns], ...rows].map(
    (fields) => fields.map(csvField).join(","),
  );
  return `${lines.join("\r\n")}\r\n`;
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type ConversionSelection = {
  conversions: ConversionLead[];
  /** Leads that reached the status but may not be shared, and why. */
  leftOut: { gpc: number; optedOut: number };
};

/**
 * The leads to report as conversions: real leads that reached `status` (at or after
 * `since`), each once, at the time of its first change to that status and with the value
 * recorded then (or later, for that status). A lead whose browser sent Global Privacy
 * Control, or whose e-mail or phone opted out of sharing, is left out and counted.
 */
export function selectConversions(
  leads: readonly ListedLead[],
  changes: readonly StatusChange[],
  { status, since }: { status: LeadStatus; since: Date | null },
): ConversionSelection {
  const leftOut = { gpc: 0, optedOut: 0 };
  const conversions: ConversionLead[] = [];
  for (const lead of leads) {
    if (lead.spam_reason !== null) continue;
    const reached = changes.filter(
      (change) => change.lead_id === lead.id && change.status === status,
    );
    const first = reached[0];
    if (!first || (since && Date.parse(first.changed_at) < since.getTime())) continue;
    if (lead.gpc) leftOut.gpc += 1;
    else if (lead.no_sharing) leftOut.optedOut += 1;
    else {
      const valued = reached.findLast((change) => change.value !== null);
      conversions.push({
        id: lead.id,
        gclid: lead.gclid,
        gbraid: lead.gbraid,
        wbraid: lead.wbraid,
        msclkid: lead.msclkid,
        convertedAt: first.changed_at,
        value: valued?.value ?? null,
        currency: valued?.currency ?? "USD",
      });
    }
  }
  return { conversions, leftOut };
}
