/**
 * The export's pages in two languages, checked after `next build` (scripts/islands/next-build.ts):
 * every Spanish page has its English counterpart, each links the other (the language switch),
 * and a pair search engines see lists the same hreflang links on both pages, each page itself
 * included, as Google's guide to localized versions asks ("If two pages don't both point to
 * each other, the tags will be ignored"). A Spanish page without its counterpart, or a pair
 * whose links are not reciprocal, fails the build naming both pages.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { filesUnder } from "../../lib/build/files.ts";

type PageLinks = {
  route: string;
  lang: string | undefined;
  noindex: boolean;
  /** hreflang -> the route it names. */
  alternates: Map<string, string>;
  /** The language switch's target, if the page has one. */
  switchTo: string | undefined;
};

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

/** "/x/y.html" -> "/x/y", "/index.html" -> "/". */
function routeOf(outDir: string, file: string): string {
  const route = `/${path.relative(outDir, file).split(path.sep).join("/")}`.replace(/\.html$/, "");
  return route === "/index" ? "/" : route;
}

/** The site's own route an absolute or root-relative address names, or undefined. */
function routeOfHref(href: string, siteUrl: string): string | undefined {
  const base = new URL(siteUrl);
  const url = new URL(href, base);
  if (url.origin !== base.origin) return undefined;
  return url.pathname.replace(/\/$/, "") || "/";
}

function readPage(outDir: string, file: string, siteUrl: string): PageLinks {
  const html = readFileSync(file, "utf8");
  const alternates = new Map<string, string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="alternate"[^>]*>/gi)) {
    const hreflang = attribute(tag, "hrefLang");
    const href = attribute(tag, "href");
    const route = href && routeOfHref(href, siteUrl);
    if (hreflang && route) alternates.set(hreflang, route);
  }
  const switchTag = /<a\b[^>]*data-language-switch[^>]*>/i.exec(html)?.[0];
  const switchHref = switchTag && attribute(switchTag, "href");
  return {
    route: routeOf(outDir, file),
    lang: /<html\b[^>]*\slang="([^"]+)"/i.exec(html)?.[1],
    noindex: /<meta name="robots" content="[^"]*noindex/i.test(html),
    alternates,
    switchTo: switchHref ? routeOfHref(switchHref, siteUrl) : undefined,
  };
}

const sameLinks = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([lang, route]) => b.get(lang) === route);

/** What is wrong with the export's language pairs; empty when every pair holds. */
export function languagePairProblems(outDir: string, siteUrl: string): string[] {
  const pages = new Map(
    filesUnder(outDir, ".html").map((file) => {
      const page = readPage(outDir, file, siteUrl);
      return [page.route, page] as const;
    }),
  );
  const problems: string[] = [];
  for (const page of pages.values()) {
    if (page.lang === "es") {
      const other = page.switchTo && pages.get(page.switchTo);
      if (!other || other.lang !== "en") {
        problems.push(
          `${page.route} is in Spanish but has no English counterpart (its language link ${page.switchTo ? `names ${page.switchTo}, which is not an English page` : "is missing"}).`,
        );
      } else if (other.switchTo !== page.route) {
        problems.push(
          `${page.route} links ${other.route} as its English page, but ${other.route} links ${other.switchTo ?? "no Spanish page"}.`,
        );
      }
      if (!page.noindex && page.alternates.get("es-US") !== page.route) {
        problems.push(`${page.route} does not list itself as hreflang es-US.`);
      }
    }
    if (page.alternates.size === 0) continue;
    for (const [lang, route] of page.alternates) {
      const named = pages.get(route);
      if (!named) {
        problems.push(`${page.route} names ${route} (hreflang ${lang}), which the export lacks.`);
      } else if (!sameLinks(page.alternates, named.alternates)) {
        problems.push(
          `${page.route} and ${route} (hreflang ${lang}) do not list the same hreflang links: search engines ignore a pair that is not reciprocal.`,
        );
      }
    }
  }
  return [...new Set(problems)];
}

/** The message the build fails with. */
export function languagePairRefusal(outDir: string, problems: readonly string[]): string {
  return [
    `The export in ${path.relative(process.cwd(), outDir) || outDir}/ has pages in two languages that do not pair:`,
    ...problems.map((problem) => `  - ${problem}`),
    "",
    "Every Spanish page is listed with its English counterpart in lib/languages.ts (languagePairs),",
    "and its page renders <SiteFrame path=...> and buildMetadata({ path, language }) with that path.",
  ].join("\n");
}
