import {
  escapeNonPrintable,
  printableJson,
} from "../supabase/functions/_shared/contract/printable.ts";
import { toCsv, type CsvCell } from "./csv.ts";
import { EXPORT_COLUMNS } from "./lead-columns.ts";
import type { ListedLead } from "./listed-leads.ts";

/** Every column, in a fixed order; non-printable characters as JSON's \u escapes. */
export function leadsToJson(leads: readonly ListedLead[]): string {
  const rows = leads.map((lead) =>
    Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, lead[column] ?? null])),
  );
  return printableJson(rows, 2);
}

/**
 * Every column as CSV (csv.ts: formulas neutralised). Non-printables are written out as
 * \u{1b}, so no control character or line break reaches a cell.
 */
export function leadsToCsv(leads: readonly ListedLead[]): string {
  return toCsv([
    EXPORT_COLUMNS,
    ...leads.map((lead) => EXPORT_COLUMNS.map((column) => cell(lead[column]))),
  ]);
}

function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  return escapeNonPrintable(Array.isArray(value) ? value.join(" | ") : String(value));
}
