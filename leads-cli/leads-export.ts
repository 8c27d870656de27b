import { escapeNonPrintable, printableJson } from "../supabase/functions/_leads/printable.ts";
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
 * RFC 4180 CSV (CRLF, fields quoted when they hold a comma, quote or line break),
 * every column. Non-printables are written out as \u{1b}, and a cell a spreadsheet
 * would take for a formula (= + - @, tab, CR) starts with an apostrophe.
 */
export function leadsToCsv(leads: readonly ListedLead[]): string {
  const lines = [
    EXPORT_COLUMNS.join(","),
    ...leads.map((lead) => EXPORT_COLUMNS.map((column) => csvCell(lead[column])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = escapeNonPrintable(Array.isArray(value) ? value.join(" | ") : String(value));
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
