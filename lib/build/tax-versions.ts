import { calculatorPageCopy } from "@/content/calculator";
import { RECHECK_WORDS_ES, calculatorPageCopyEs } from "@/content/es/calculator";
import { formatDateEs } from "@/content/es/language";
import type { Translation } from "@/content/translation";
import { formatPostDate } from "@/lib/build/blog";
import { RECHECK_WORDS, recheckDue, type Recheck } from "@/lib/build/data-dates";
import { fillText } from "@/lib/fill-text";
import type { Language } from "@/lib/languages";
import { formatMoney, formatPercent, type TransferTax } from "@/lib/net-proceeds";

/**
 * What the calculator's page says, at the build, about a row's dates: each enacted change
 * still to come, by its day and its rates, and a figure past its re-check date. The island
 * uses the version in force on the visitor's own day; these sentences say what it will do.
 */

/** The words of those sentences in one language, and how that language writes a date. */
export type TaxDateWords = {
  notes: Translation<typeof calculatorPageCopy.notes>;
  recheck: Readonly<Record<Recheck, string>>;
  formatDate: (isoDate: string) => string;
};

export const TAX_DATE_WORDS: Record<Language, TaxDateWords> = {
  en: { notes: calculatorPageCopy.notes, recheck: RECHECK_WORDS, formatDate: formatPostDate },
  es: { notes: calculatorPageCopyEs.notes, recheck: RECHECK_WORDS_ES, formatDate: formatDateEs },
};

/** "1.5% below $1,600,000, 2.5% from $1,600,000, 3% from $1,900,000, of the whole price". */
export function scheduleInWords(tax: TransferTax, { notes: words } = TAX_DATE_WORDS.en): string {
  const [first, ...rest] = tax.schedule;
  const brackets = rest.map((bracket) =>
    fillText(words.bracket, { rate: formatPercent(bracket.rate), from: formatMoney(bracket.from) }),
  );
  const opening =
    rest.length === 0
      ? formatPercent(first!.rate)
      : fillText(words.firstBracket, {
          rate: formatPercent(first!.rate),
          from: formatMoney(rest[0]!.from),
        });
  const how = tax.method === "marginal" ? words.eachPart : words.wholePrice;
  return [opening, ...brackets, how].join(", ");
}

/** A sentence for each version that takes effect after `day`, in the order they come. */
export function comingChanges(
  taxes: readonly TransferTax[],
  day: string,
  words = TAX_DATE_WORDS.en,
): string[] {
  return taxes
    .filter((tax) => tax.inForceFrom !== undefined && tax.inForceFrom > day)
    .sort((a, b) => a.inForceFrom!.localeCompare(b.inForceFrom!))
    .map((tax) =>
      fillText(words.notes.change, {
        date: words.formatDate(tax.inForceFrom!),
        tax: tax.name,
        schedule: scheduleInWords(tax, words),
      }),
    );
}

type Row = {
  checked: string;
  recheck: Recheck;
  indexedOn?: string | undefined;
  taxes: readonly TransferTax[];
};

/** When the row is due to be read again, counting the days its versions take effect. */
export function rowDue(row: Row): string {
  return recheckDue(
    row,
    row.taxes.flatMap((tax) => (tax.inForceFrom ? [tax.inForceFrom] : [])),
  );
}

/** The plain-words warning for a row whose re-check date has passed on `day`, else null. */
export function dueWarning(row: Row, day: string, words = TAX_DATE_WORDS.en): string | null {
  if (rowDue(row) > day) return null;
  return fillText(words.notes.due, {
    checked: words.formatDate(row.checked),
    cadence: words.recheck[row.recheck],
  });
}
