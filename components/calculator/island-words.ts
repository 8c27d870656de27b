import type { CalculatorText } from "@/content/calculator";
import type { Translation } from "@/content/translation";
import type { CalculatorWords } from "@/components/calculator/net-proceeds-calculator";

/**
 * The island's words in one language: the content's, with the plurals of the arithmetic's
 * units (the same words as the results' "months" and "weeks", so "3 meses", not "3 mess").
 */
export function islandWords(text: Translation<CalculatorText>): CalculatorWords {
  return {
    ...text,
    lines: { ...text.lines, months: text.results.months, weeks: text.results.weeks },
  };
}
