// OWASP, CSV Injection, as read on 2026-11-27 (https://owasp.org/www-community/attacks/CSV_Injection):
// a cell starting with = + - @, tab, CR or LF is run as a formula; the fix is to wrap the cell in
// double quotes and prepend a single quote. csv-stringify's own escape_formulas knows neither the
// line feed nor leading spaces, and leaves the cell unquoted, hence the cast below.

import { stringify } from "csv-stringify/sync";

/**
 * A text a spreadsheet would run as a formula: one starting with = + - @ (or their
 * full-width forms ＝ ＋ － ＠), a tab, CR or LF, also after leading spaces.
 */
const FORMULA_START = /^\p{Zs}*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/u;

export function startsFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

export type CsvCell = string | number | null;

/**
 * The one CSV writer of the operator's files: RFC 4180 with CRLF, a field quoted when it
 * holds a comma, quote or line break, and every text a spreadsheet would take for a
 * formula written quoted behind an apostrophe, so it opens as the text it is.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      record_delimiter: "\r\n",
      quote_record_delimiter: true,
      cast: {
        string: (value) => (startsFormula(value) ? { value: `'${value}`, quoted: true } : value),
      },
    },
  );
}
