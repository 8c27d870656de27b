import type { Language } from "@/lib/languages";
import { HOME_ES, type BreadcrumbItem } from "@/lib/structured-data";
import { formatPostDate } from "@/lib/build/blog";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { formatDateEs } from "@/content/es/language";

/** What a policy page says around its Markdown, in one language. */
export type LegalWords = {
  /** Where the breadcrumb starts: the home page in the page's language. */
  home: BreadcrumbItem;
  /** The breadcrumb's name for screen readers. */
  breadcrumbLabel: string;
  lastUpdated: string;
  formatDate: (isoDate: string) => string;
};

export const LEGAL_WORDS: Record<Language, LegalWords> = {
  en: {
    home: { name: chromeCopy.breadcrumb.home, href: "/" },
    breadcrumbLabel: chromeCopy.breadcrumb.label,
    lastUpdated: chromeCopy.legal.lastUpdated,
    formatDate: formatPostDate,
  },
  es: {
    home: HOME_ES,
    breadcrumbLabel: chromeCopyEs.breadcrumb.label,
    lastUpdated: chromeCopyEs.legal.lastUpdated,
    formatDate: formatDateEs,
  },
};
