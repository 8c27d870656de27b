// Google Ads file import (template, Parameters row), as read on 2026-11-25: https://support.google.com/google-ads/answer/7014069
// Google Ads ClickConversion (gclid, gbraid, wbraid; ISO 4217 currency), as read on 2026-11-25: https://developers.google.com/google-ads/api/reference/rpc/latest/ClickConversion
// Microsoft Advertising offline conversion fields and time example, as read on 2026-11-25: https://learn.microsoft.com/en-us/advertising/bulk-service/offline-conversion?view=bingads-13
// Microsoft Advertising import template (TimeZone as a GMT offset in HHMM), as read on 2026-11-25: https://help.ads.microsoft.com/#apex/ads/en/56852/2
// Only the opening of the Google page and the template text of the Microsoft page could be read:
// the GBRAID and WBRAID column names and Microsoft's time format want one test upload each.
//
// Click ids and their windows, as read on 2026-11-27:
// - Google's upload errors (https://developers.google.com/google-ads/api/reference/rpc/latest/ConversionUploadErrorEnum.ConversionUploadError):
//   UNPARSEABLE_GCLID "could not be decoded. Make sure you have not modified the click IDs";
//   CONVERSION_PRECEDES_EVENT, a conversion time before the click; EXPIRED_EVENT, a click
//   "before this conversion's click-through window". The window runs from the ad interaction
//   to the conversion and is set per conversion action (https://support.google.com/google-ads/answer/3123169);
//   its 90-day ceiling was not in the part of that page that could be read: unchecked.
// - Google's click ids are case-sensitive (Search Ads 360 Help, About click IDs,
//   https://support.google.com/searchads/answer/7342044). Google publishes no character set for
//   gclid, gbraid or wbraid; every value in its pages and in ad links ("Cj0KCQiA…_wcB", "0AAAAA…")
//   is URL-safe base64 (RFC 4648 §5: letters, digits, - and _) starting with a letter or digit.
//   Written: an id of the characters a URL carries unescaped (RFC 3986's unreserved: those and
//   . and ~) starting with a letter or digit, so a real click id is not lost to a guess and
//   none can start a formula or break a row. Unchecked against a specification: an id refused
//   here is listed in the summary, never dropped in silence.
// - Microsoft: "MSCLKID is a GUID, like cdd4afcccb1c9a4cad9544dd7e5006d5" (Microsoft Advertising
//   Help, Universal event tracking (UET) using an IMG tag, dated 2026-06-18); "The MSCLKID is a
//   GUID (32 characters)" and "If a conversion is uploaded more than 90 days after the last click,
//   it will not be imported" (Help, Tracking offline conversions). The conversion time must be
//   "later than the date and time of the recorded click" and within ConversionWindowInMinutes,
//   at most 129600 minutes (90 days) (https://learn.microsoft.com/en-us/advertising/campaign-management-service/offlineconversion?view=bingads-13,
//   .../offlineconversiongoal?view=bingads-13).

import { DateTime, FixedOffsetZone } from "luxon";

import type { LeadStatus, StatusChange } from "../supabase/functions/_shared/store/rows.ts";
import { escapeNonPrintable } from "../supabase/functions/_shared/contract/printable.ts";
import { startsFormula, toCsv } from "./csv.ts";
import type { ListedLead } from "./listed-leads.ts";

type ClickField = "gclid" | "gbraid" | "wbraid" | "msclkid";

/** One visit's ad click ids, and when that visit arrived. */
export type ConversionTouch = Record<ClickField, string | null> & {
  /** ISO 8601; null when the browser's clock was not believed. */
  at: string | null;
};

export type ConversionLead = {
  id: string;
  /** The visit that sent the request. */
  latest: ConversionTouch;
  /** The visitor's first visit, as the browser kept it (30 days); all null when not sent. */
  first: ConversionTouch;
  /** When the request was received: the latest visit's click came before it. */
  receivedAt: string;
  /** When the outcome happened (ISO 8601 with Z). */
  convertedAt: string;
  value: number | null;
  /** ISO 4217, e.g. "USD" */
  currency: string;
};

export type ConversionFileOptions = {
  /** The conversion action's name, spelled exactly as in the ad account. */
  conversionName: string;
  /** IANA, e.g. "America/New_York"; written in its canonical spelling. */
  timeZone: string;
};

/** Which visit a written conversion's click came from. */
export type ClickVisit = "latest" | "first";

export type ConversionFile = {
  csv: string;
  /** The canonical name of the zone the times are in. */
  timeZone: string;
  written: { id: string; visit: ClickVisit }[];
  skipped: { id: string; reason: string }[];
};

type Platform = {
  name: string;
  /** The click ids it reads, the one it prefers first. */
  fields: readonly ClickField[];
  clickId: RegExp;
  clickIdWords: string;
  windowDays: number;
};

const GOOGLE: Platform = {
  name: "Google Ads",
  fields: ["gclid", "gbraid", "wbraid"],
  clickId: /^[A-Za-z0-9][A-Za-z0-9._~-]*$/,
  clickIdWords: "letters, digits, - _ . and ~, starting with a letter or digit",
  windowDays: 90,
};

const MICROSOFT: Platform = {
  name: "Microsoft Advertising",
  fields: ["msclkid"],
  clickId: /^[0-9A-Fa-f]{32}$/,
  clickIdWords: "32 hexadecimal digits",
  windowDays: 90,
};

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

const IANA_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Far above any house price; past 1e21 String() switches to exponent notation. */
const MAX_VALUE = 1e12;
const DAY_MS = 86_400_000;

/**
 * Google's offline click conversion file: the Parameters row names the time zone
 * (an IANA name) and each row carries exactly one of gclid, gbraid or wbraid in
 * its own column, a gclid taking precedence.
 */
export function googleAdsConversionCsv(
  leads: readonly ConversionLead[],
  options: ConversionFileOptions,
): ConversionFile {
  const { conversionName, timeZone } = checkedOptions(options);
  const { usable, written, skipped } = clicksFor(GOOGLE, leads);
  const rows = usable.map(({ lead, field, clickId, at }) => [
    ...GOOGLE.fields.map((name) => (name === field ? clickId : "")),
    conversionName,
    wallClock(at, timeZone),
    valueCell(lead.value),
    lead.currency,
  ]);
  return {
    csv: csvFile(`Parameters:TimeZone=${timeZone}`, GOOGLE_COLUMNS, rows),
    timeZone,
    written,
    skipped,
  };
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
  const { usable, written, skipped } = clicksFor(MICROSOFT, leads);
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
    timeZone,
    written,
    skipped,
  };
}

type Click = { visit: ClickVisit; field: ClickField; clickId: string };
type UsableClick = Click & { lead: ConversionLead; at: number };

/**
 * The click each lead's conversion is reported on: the latest visit's, else the first
 * visit's (the visitor clicked an ad, then came back another way). A lead is skipped,
 * with the reason, when neither visit has one, when it is not a click id of the
 * platform's (never written: an id like "-A1" would be a formula, and quoting it would
 * change it), or when the click is older than the platform's window.
 */
function clicksFor(platform: Platform, leads: readonly ConversionLead[]) {
  const usable: UsableClick[] = [];
  const written: ConversionFile["written"] = [];
  const skipped: ConversionFile["skipped"] = [];
  for (const lead of leads) {
    const click = chosenClick(platform, lead);
    if (!click) {
      skipped.push({
        id: lead.id,
        reason: `no ${idList(platform.fields)} in the latest or the first visit`,
      });
      continue;
    }
    const problem = conversionProblem(lead) ?? clickProblem(platform, lead, click);
    if (problem) {
      skipped.push({ id: lead.id, reason: problem });
      continue;
    }
    usable.push({ ...click, lead, at: Date.parse(lead.convertedAt) });
    written.push({ id: lead.id, visit: click.visit });
  }
  return { usable, written, skipped };
}

function chosenClick(platform: Platform, lead: ConversionLead): Click | null {
  for (const visit of ["latest", "first"] as const) {
    for (const field of platform.fields) {
      const clickId = lead[visit][field];
      if (clickId) return { visit, field, clickId };
    }
  }
  return null;
}

function clickProblem(
  platform: Platform,
  lead: ConversionLead,
  { visit, field, clickId }: Click,
): string | null {
  const where = `the ${visit} visit's ${field}`;
  if (!platform.clickId.test(clickId)) {
    return `${where} is not a ${platform.name} click id (${platform.clickIdWords}); not written`;
  }
  const clickedAt = clickTime(lead, visit, field);
  if (clickedAt === null) {
    return `${where} came without a time (the browser's clock was not believed), so the click's age is unknown; not written`;
  }
  const days = (Date.parse(lead.convertedAt) - clickedAt) / DAY_MS;
  if (days < 0) return `the conversion is dated before ${where} click; not written`;
  if (days > platform.windowDays) {
    return `${where} click was ${Math.floor(days)} days before the conversion, and ${platform.name} takes clicks up to ${platform.windowDays} days old; not written`;
  }
  return null;
}

/**
 * When the click was made: the earliest visit that carried the same id (a visitor can
 * come back through the same ad link); for the latest visit without a believed time,
 * the request's receipt, which that visit's click preceded.
 */
function clickTime(lead: ConversionLead, visit: ClickVisit, field: ClickField): number | null {
  const clickId = lead[visit][field];
  const seen = [lead.first, lead.latest]
    .filter((touch) => touch[field] === clickId && touch.at !== null)
    .map((touch) => Date.parse(touch.at!));
  if (seen.length > 0) return Math.min(...seen);
  return visit === "latest" ? Date.parse(lead.receivedAt) : null;
}

function idList(fields: readonly string[]): string {
  return fields.length === 1
    ? fields[0]!
    : `${fields.slice(0, -1).join(", ")} or ${fields[fields.length - 1]}`;
}

function checkedOptions(options: ConversionFileOptions): ConversionFileOptions {
  const { conversionName } = options;
  if (
    !conversionName.trim() ||
    startsFormula(conversionName) ||
    NOT_PRINTABLE.test(conversionName)
  ) {
    throw new Error(
      "conversionName must be the conversion's name as the ad account spells it: not empty, not starting with = + - @ (or their full-width forms, even after spaces), no control characters.",
    );
  }
  const timeZone = canonicalTimeZone(options.timeZone);
  if (!timeZone) {
    throw new Error(`timeZone must be an IANA time zone name such as "America/New_York".`);
  }
  return { conversionName, timeZone };
}

/**
 * The zone's canonical IANA name ("america/new_york" is America/New_York, "US/Eastern"
 * too), as the platforms' lists spell it; null for a name that is no time zone, or an
 * offset such as "-05:00".
 */
export function canonicalTimeZone(name: string): string | null {
  try {
    const zone = new Intl.DateTimeFormat("en-US", { timeZone: name.trim() }).resolvedOptions()
      .timeZone;
    return IANA_NAME_PATTERN.test(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The --time-zone flag's zone, canonical; this machine's zone without the flag. */
export function exportTimeZone(typed: string | undefined): string {
  const zone = canonicalTimeZone(typed ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (zone) return zone;
  if (typed === undefined) return "UTC";
  throw new Error(
    `--time-zone takes an IANA time zone name such as America/New_York; "${escapeNonPrintable(typed)}" is not one.`,
  );
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
  return DateTime.fromMillis(at, { zone: timeZone }).toFormat("yyyy-MM-dd HH:mm:ss");
}

/** Minutes the zone's clocks were ahead of UTC at that instant (New York in January: -300). */
function offsetAt(at: number, timeZone: string): number {
  return DateTime.fromMillis(at, { zone: timeZone }).offset;
}

/** "-0500" */
function hhmmOffset(minutes: number): string {
  return DateTime.fromMillis(0, { zone: FixedOffsetZone.instance(minutes) }).toFormat("ZZZ");
}

/** "M/d/yyyy h:mm:ss AM" at a fixed offset, as Microsoft's own example writes times. */
function usClock(at: number, offsetMinutes: number): string {
  return DateTime.fromMillis(at, { zone: FixedOffsetZone.instance(offsetMinutes) })
    .setLocale("en-US")
    .toFormat("M/d/yyyy h:mm:ss a");
}

/**
 * The Parameters row padded with empty fields to the header's width, as both platforms'
 * templates are, then the header and the rows, through the one CSV writer. Every value
 * was checked above, so its formula guard never rewrites a cell the platform must match.
 */
function csvFile(parameters: string, columns: readonly string[], rows: string[][]): string {
  return toCsv([[parameters, ...columns.slice(1).map(() => "")], columns, ...rows]);
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
        latest: {
          at: lead.touched_at,
          gclid: lead.gclid,
          gbraid: lead.gbraid,
          wbraid: lead.wbraid,
          msclkid: lead.msclkid,
        },
        first: {
          at: lead.first_touched_at,
          gclid: lead.first_gclid,
          gbraid: lead.first_gbraid,
          wbraid: lead.first_wbraid,
          msclkid: lead.first_msclkid,
        },
        receivedAt: lead.created_at,
        convertedAt: first.changed_at,
        value: valued?.value ?? null,
        currency: valued?.currency ?? "USD",
      });
    }
  }
  return { conversions, leftOut };
}

/**
 * What the operator reads on stderr beside the file: how many conversions were written
 * and from which visit's click, who was never shared, and every lead skipped with why.
 */
export function conversionSummary(
  file: ConversionFile,
  {
    status,
    since,
    leftOut,
  }: { status: LeadStatus; since: Date | null; leftOut: ConversionSelection["leftOut"] },
): string {
  const count = (visit: ClickVisit) => file.written.filter((row) => row.visit === visit).length;
  const total = file.written.length;
  return [
    `${total} ${total === 1 ? "conversion" : "conversions"} written (leads that reached ${status}${
      since ? ` since ${since.toISOString().slice(0, 10)}` : ""
    }, times in ${file.timeZone}): ${count("latest")} from the latest visit's click, ${count("first")} from the first visit's click.`,
    `Left out, never shared: ${leftOut.gpc} sent Global Privacy Control, ${leftOut.optedOut} opted out of sharing.`,
    ...file.skipped.map(({ id, reason }) => `Skipped ${id}: ${reason}.`),
  ].join("\n");
}
