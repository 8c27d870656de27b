import { z } from "zod";

/**
 * The dates a figure lives by: when each version of a rate is in force, and when a row is
 * due to be read in its sources again. Build-time only: the calculator's island chooses the
 * version in force with `inForce` (lib/net-proceeds.ts); this module checks the versions and
 * says when each row is due for `npm run check:data` and the pages.
 */

export const isoDate = z.iso.date();

/**
 * How often a row must be read again:
 * - `yearly`: a rate a legislature, council or budget may change in any year;
 * - `indexed`: a threshold adjusted every year on a known day (`indexedOn`, "MM-DD");
 * - `statute`: a statute that rarely moves, read again every two years.
 */
export const RECHECK = ["yearly", "indexed", "statute"] as const;
export type Recheck = (typeof RECHECK)[number];

const RECHECK_MONTHS: Record<Exclude<Recheck, "indexed">, number> = { yearly: 12, statute: 24 };

/** How the report and the pages name each cadence: "the rate {words}". */
export const RECHECK_WORDS: Record<Recheck, string> = {
  yearly: "may change every year",
  indexed: "is adjusted every year",
  statute: "is set by a statute that rarely changes",
};

export const recheckFields = {
  recheck: z.enum(RECHECK),
  /** For `indexed`: the day of the year the figure is adjusted, "MM-DD" ("07-01"). */
  indexedOn: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "a day of the year as MM-DD")
    .optional(),
};

/** `indexed` names its day, and only `indexed` does. */
export function checkRecheck(
  row: { recheck: Recheck; indexedOn?: string | undefined },
  context: z.RefinementCtx,
) {
  if ((row.recheck === "indexed") !== (row.indexedOn !== undefined)) {
    context.addIssue({
      code: "custom",
      path: ["indexedOn"],
      message: "an indexed row names the day it is adjusted (indexedOn), and only an indexed row",
    });
  }
}

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The first `MM-DD` strictly after `day`. */
function nextOccurrence(day: string, monthDay: string): string {
  const year = Number(day.slice(0, 4));
  const thisYear = `${year}-${monthDay}`;
  return thisYear > day ? thisYear : `${year + 1}-${monthDay}`;
}

/**
 * When a row read on `checked` must be read again: at its cadence, or sooner on the day an
 * enacted change it carries takes effect (to confirm it took effect as enacted). An indexed
 * figure is due on its next adjustment after the version it states took effect, not after
 * the day it was read: figures read in November for the year from July are due next July,
 * and last July's figures read today are due already.
 */
export function recheckDue(
  row: { checked: string; recheck: Recheck; indexedOn?: string | undefined },
  versionStarts: readonly string[] = [],
): string {
  const stated =
    versionStarts
      .filter((day) => day <= row.checked)
      .sort()
      .at(-1) ?? row.checked;
  const cadence =
    row.recheck === "indexed"
      ? nextOccurrence(stated, row.indexedOn!)
      : addMonths(row.checked, RECHECK_MONTHS[row.recheck]);
  return [cadence, ...versionStarts.filter((day) => day > row.checked)].sort()[0]!;
}

/** A dated version: in force from `inForceFrom` (or always) until the day before `inForceUntil`. */
export type Dated = { name: string; inForceFrom?: string | undefined; inForceUntil?: string };

/**
 * The versions of one figure (same `name`) whose days in force overlap, as messages; the
 * build stops on any. A version that ends must end after it starts.
 */
export function overlappingVersions(versions: readonly Dated[]): string[] {
  const problems: string[] = [];
  versions.forEach((version, index) => {
    const from = version.inForceFrom ?? "";
    const until = version.inForceUntil ?? "9999-12-31";
    if (until <= from) {
      problems.push(`${version.name}: in force until ${until}, not after its start ${from}`);
    }
    for (const other of versions.slice(index + 1)) {
      if (other.name !== version.name) continue;
      const otherFrom = other.inForceFrom ?? "";
      const otherUntil = other.inForceUntil ?? "9999-12-31";
      if (from < otherUntil && otherFrom < until) {
        problems.push(
          `${version.name}: two versions in force on the same days (${from || "always"} to ${until} and ${otherFrom || "always"} to ${otherUntil})`,
        );
      }
    }
  });
  return problems;
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today in UTC, as the build and the report date things. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
