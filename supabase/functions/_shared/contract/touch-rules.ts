import { TOUCH_FIELDS, tagFieldProblem, type Touch, type TouchField } from "./touch-fields.ts";

/**
 * The checks of a whole touch, its time included: the function's request schema and the
 * browser's sender (lib/browser/offer-sender.ts, loaded when there is a request to send) use them.
 * Apart from attribution.ts, so the script every page runs does not carry them: esbuild
 * puts a whole file in the shared script when a page reaches any of it.
 */

/**
 * What Date#toISOString writes, and the same with an offset or fewer digits, within what
 * timestamptz stores as the same instant: years 1970 to 9999 (a clock that lost its time
 * starts again at 1970, and the database driver reads years below 100 back as 19xx), hours
 * to 23, no leap second, offsets to Kiribati's +14:00 (Postgres refuses past ±15:59).
 */
const ISO_DATE_TIME =
  /^(19[7-9]\d|[2-9]\d{3})-(\d\d)-(\d\d)T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))$/;

export const ISO_DATE_TIME_MESSAGE =
  'Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".';

/**
 * Whether the text is a date-time Postgres stores as the same instant. Not Date.parse,
 * which takes 30 February, year 0 and an offset of +20:00: the pattern bounds each part,
 * and the calendar says whether the day exists in its month.
 */
export function isIsoDateTime(text: string): boolean {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // Date.UTC rolls 30 February over into March, and month 13 into the next year.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What is wrong with one touch field's value, in words, or null when it is fine. */
export function touchFieldProblem(field: TouchField, value: unknown): string | null {
  if (field !== "at") return tagFieldProblem(field, value);
  if (typeof value !== "string") return "Send this as text.";
  return isIsoDateTime(value) ? null : ISO_DATE_TIME_MESSAGE;
}

/**
 * A touch the function will accept, from whatever the browser has kept: fields
 * that break a rule are left out, and a touch without a valid landing page and
 * time is null. The browser sends this, so a stale or tampered value in storage
 * can never make the function refuse the lead itself.
 */
export function cleanTouch(value: unknown): Touch | null {
  if (typeof value !== "object" || value === null) return null;
  const raw = value as Record<string, unknown>;
  const touch: Record<string, string> = {};
  for (const field of TOUCH_FIELDS) {
    const item = raw[field];
    if (item === undefined || item === null || item === "") continue;
    if (touchFieldProblem(field, item) === null) touch[field] = item as string;
  }
  if (touch.landing_page === undefined || touch.at === undefined) return null;
  return touch as Touch;
}
