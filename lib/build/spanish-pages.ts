import { calculatorPageCopyEs, CALCULATOR_PATH_ES } from "@/content/es/calculator";
import { homeCopyEs } from "@/content/es/home";
import { statePageCopyEs } from "@/content/es/state-page";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { getSpanishStatePages } from "@/lib/build/state-pages";
import { getSpanishGuides } from "@/lib/build/situations";
import { getLegalPage } from "@/lib/build/legal";
import { LEGAL_PAGES, type LegalSlug } from "@/content/legal-pages";
import { SPANISH_HOME_PATH, spanishSiteOn } from "@/lib/languages";
import type { PublicPage } from "@/lib/build/pages";

/**
 * The Spanish pages search engines see, for the sitemap and the Open Graph images: none
 * without the Spanish site. Each has its English counterpart (lib/languages.ts); the build's
 * export check holds every pair's hreflang links to each other.
 */
export function getSpanishPublicPages(): PublicPage[] {
  if (!spanishSiteOn()) return [];
  return [
    {
      path: SPANISH_HOME_PATH,
      og: { eyebrow: homeCopyEs.hero.eyebrow, headline: homeCopyEs.hero.title },
    },
    { path: CALCULATOR_PATH_ES, og: calculatorPageCopyEs.og },
    ...getSpanishGuides().map((guide) => ({
      path: guide.path,
      lastModified: guide.updated,
      og: { eyebrow: guide.cardTitle, headline: guide.title },
    })),
    ...(Object.keys(LEGAL_PAGES) as LegalSlug[]).map((slug) => {
      const page = getLegalPage(slug, "es");
      return {
        path: page.path,
        lastModified: page.updated,
        og: { eyebrow: homeCopyEs.hero.eyebrow, headline: page.title },
      };
    }),
    ...getSpanishStatePages().map((state) => ({
      path: state.path,
      og: {
        eyebrow: homeCopyEs.hero.eyebrow,
        headline: statePageCopyEs.headline(STATE_NAMES_ES[state.name]),
      },
    })),
  ];
}
