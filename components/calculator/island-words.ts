import type { CalculatorText } from "@/content/calculator";
import type { Translation } from "@/content/translation";
import type { Language } from "@/lib/languages";
import type { CalculatorWords } from "@/components/calculator/net-proceeds-calculator";

/**
 * Words the calculator needs that content/calculator.ts and content/es/calculator.ts do not
 * carry yet: the word between the ends of a range, and the Spanish page's one sentence about
 * the tax data's English. They belong in those modules; until they are there, they are here.
 */
export const PENDING_CALCULATOR_WORDS = {
  en: { to: "to", dataInEnglish: null },
  es: {
    to: "a",
    dataInEnglish: "Los detalles de cada impuesto están en inglés, como sus fuentes.",
  },
} as const satisfies Record<Language, { to: string; dataInEnglish: string | null }>;

/**
 * The island's words in one language: the content's, with the plurals of the arithmetic's
 * units (the same words as the results' "months" and "weeks", so "3 meses", not "3 mess").
 */
export function islandWords(
  text: Translation<CalculatorText>,
  language: Language,
): CalculatorWords {
  return {
    ...text,
    lines: { ...text.lines, months: text.results.months, weeks: text.results.weeks },
    results: { ...text.results, to: PENDING_CALCULATOR_WORDS[language].to },
  };
}
