import { formatPostDate } from "@/lib/build/blog";
import type { Language } from "@/lib/languages";
import { situationsCopy } from "@/content/situations";
import type { Translation } from "@/content/translation";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { formatDateEs } from "@/content/es/language";
import { situationsCopyEs } from "@/content/es/situations";
import { STATE_NAMES_ES } from "@/content/es/state-names";

/**
 * What a guide and its state table say in one language: the words around the Markdown, the
 * state tables' headings and cells, and how dates and state names are written. The English is
 * the default everywhere, so the English pages are exactly as they were.
 */
export type GuideWords = {
  language: Language;
  copy: Translation<typeof situationsCopy>;
  /** The breadcrumb's name for screen readers. */
  breadcrumbLabel: string;
  stateLaw: Translation<typeof chromeCopy.stateLawTable>;
  formatDate: (isoDate: string) => string;
  /** A state's name as the table's row header and digest write it (the data's is English). */
  stateName: (name: string) => string;
  /**
   * Said once above a state table on a page in another language: the rows quote the law and
   * its sources in English and are not translated. Their cells are marked lang="en".
   */
  rowsInEnglish?: string;
};

const SPANISH_STATE_NAMES: Readonly<Record<string, string>> = STATE_NAMES_ES;

export const GUIDE_WORDS: Record<Language, GuideWords> = {
  en: {
    language: "en",
    copy: situationsCopy,
    breadcrumbLabel: chromeCopy.breadcrumb.label,
    stateLaw: chromeCopy.stateLawTable,
    formatDate: formatPostDate,
    stateName: (name) => name,
  },
  es: {
    language: "es",
    copy: situationsCopyEs,
    breadcrumbLabel: chromeCopyEs.breadcrumb.label,
    stateLaw: chromeCopyEs.stateLawTable,
    formatDate: formatDateEs,
    stateName: (name) => SPANISH_STATE_NAMES[name] ?? name,
    rowsInEnglish: "Los detalles de cada estado están en inglés, como en las fuentes.",
  },
};
