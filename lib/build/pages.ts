import { blogCopy } from "@/content/blog-page";
import { CALCULATOR_PATH, calculatorPageCopy } from "@/content/calculator";
import { homeCopy } from "@/content/home";
import { statePageCopy } from "@/content/state-page";
import { formatPostDate, getPosts, postModified } from "@/lib/build/blog";
import { getComparePage, getSituations } from "@/lib/build/situations";
import { situationsCopy } from "@/content/situations";
import { SITUATIONS_PATH } from "@/lib/situations";
import { FEED_TITLE } from "@/lib/feed";
import { getLegalPage } from "@/lib/build/legal";
import { LEGAL_PAGES, type LegalSlug } from "@/content/legal-pages";
import { getStatePages } from "@/lib/build/state-pages";
import { getSpanishPublicPages } from "@/lib/build/spanish-pages";

/** What a page's Open Graph image says. */
export type OgCard = {
  eyebrow: string;
  headline: string;
  footnote?: string;
};

export type PublicPage = {
  path: string;
  /** "YYYY-MM-DD", only where the page has a true date of its own (a post, a guide, a policy). */
  lastModified?: string;
  og: OgCard;
};

/**
 * Every public page of the site, in sitemap order: home, the blog, its posts, the
 * situation guides and the comparison of ways to sell, the calculator, the state pages, the
 * policies. The calculator's 50 per-state copies are not listed: they point search engines
 * at /calculator. The sitemap and the Open Graph images are both made from this list, so
 * neither can miss a page the other has.
 */
export function getPublicPages(): PublicPage[] {
  return [
    { path: "/", og: { eyebrow: homeCopy.hero.eyebrow, headline: homeCopy.hero.title } },
    { path: "/blog", og: { eyebrow: FEED_TITLE, headline: blogCopy.title } },
    ...getPosts().map((post) => ({
      path: post.path,
      lastModified: postModified(post),
      og: {
        eyebrow: post.category,
        headline: post.title,
        footnote: `${formatPostDate(post.date)} · ${post.readTime}`,
      },
    })),
    {
      path: SITUATIONS_PATH,
      og: { eyebrow: homeCopy.hero.eyebrow, headline: situationsCopy.index.title },
    },
    ...getSituations().map((situation) => ({
      path: situation.path,
      lastModified: situation.updated,
      og: { eyebrow: situation.cardTitle, headline: situation.title },
    })),
    (() => {
      const compare = getComparePage();
      return {
        path: compare.path,
        lastModified: compare.updated,
        og: { eyebrow: compare.cardTitle, headline: compare.title },
      };
    })(),
    { path: CALCULATOR_PATH, og: calculatorPageCopy.og },
    ...getStatePages().map((state) => ({
      path: state.path,
      og: {
        eyebrow: `Cash home buyers in ${state.name}`,
        headline: statePageCopy.headline(state.name),
      },
    })),
    ...(Object.keys(LEGAL_PAGES) as LegalSlug[]).map((slug) => {
      const page = getLegalPage(slug);
      return {
        path: page.path,
        lastModified: page.updated,
        og: { eyebrow: homeCopy.hero.eyebrow, headline: page.title },
      };
    }),
    ...getSpanishPublicPages(),
  ];
}
