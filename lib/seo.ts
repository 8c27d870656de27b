import type { Metadata, Viewport } from "next";

import { FEED_PATH, FEED_TITLE } from "@/lib/feed";
import { absoluteUrl, site } from "@/config/site";
import { APPLE_TOUCH_ICON, FAVICON } from "@/lib/icons";
import { languagePairs, type Language } from "@/lib/languages";

export type PageSeo = {
  /** The page's own title; the site name is appended to it. */
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
  article?: { publishedTime: string; modifiedTime?: string; tags: readonly string[] };
  /** Adds <link rel="alternate" type="application/rss+xml"> to the blog's feed. */
  rssFeed?: boolean;
  /** The page's language; English unless it is one of the Spanish pages. */
  language?: Language;
};

const OPEN_GRAPH_LOCALE: Record<Language, string> = { en: "en_US", es: "es_US" };
export const HREFLANG: Record<Language, string> = { en: "en-US", es: "es-US" };

/**
 * A page in both languages lists both, itself included, and the English as x-default, as
 * Google's guide to localized versions asks; the other page of the pair lists the same three.
 */
export function languageAlternates(path: string): Record<string, string> | undefined {
  const pair = languagePairs().find((candidate) => candidate.en === path || candidate.es === path);
  if (!pair?.indexed) return undefined;
  return {
    [HREFLANG.en]: absoluteUrl(pair.en),
    [HREFLANG.es]: absoluteUrl(pair.es),
    "x-default": absoluteUrl(pair.en),
  };
}

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const OG_IMAGE_DIR = "/og";

/**
 * The file name of a page's Open Graph image: "/" -> "home.png", "/blog/x" -> "blog-x.png".
 * The image route and the page metadata both use it, so the names always agree.
 */
export function ogImageName(path: string): string {
  const name = path.split("/").filter(Boolean).join("-");
  return `${name || "home"}.png`;
}

/** "/" -> "/og/home.png", "/sell-house-fast-ohio" -> "/og/sell-house-fast-ohio.png". */
export function ogImagePath(path: string): string {
  return `${OG_IMAGE_DIR}/${ogImageName(path)}`;
}

/** The full title as it appears in the tab and in search results. */
export function fullTitle(title: string): string {
  return `${title} | ${site.name}`;
}

/** One place that turns a page's words into its metadata: canonical, Open Graph and Twitter. */
export function buildMetadata({
  title,
  description,
  path,
  keywords,
  article,
  rssFeed,
  language = "en",
}: PageSeo): Metadata {
  const url = absoluteUrl(path);
  const languages = languageAlternates(path);
  const shareTitle = fullTitle(title);
  const images = [{ url: absoluteUrl(ogImagePath(path)), ...OG_IMAGE_SIZE, alt: shareTitle }];
  return {
    title: { absolute: shareTitle },
    description,
    keywords: keywords ? [...keywords] : undefined,
    alternates: {
      canonical: url,
      ...(languages ? { languages } : {}),
      ...(rssFeed
        ? { types: { "application/rss+xml": [{ url: absoluteUrl(FEED_PATH), title: FEED_TITLE }] } }
        : {}),
    },
    openGraph: {
      title: shareTitle,
      description,
      url,
      siteName: site.name,
      locale: OPEN_GRAPH_LOCALE[language],
      ...(languages ? { alternateLocale: OPEN_GRAPH_LOCALE[language === "en" ? "es" : "en"] } : {}),
      images,
      ...(article
        ? {
            type: "article",
            publishedTime: article.publishedTime,
            ...(article.modifiedTime ? { modifiedTime: article.modifiedTime } : {}),
            tags: [...article.tags],
          }
        : { type: "website" }),
    },
    twitter: { card: "summary_large_image", title: shareTitle, description, images },
  };
}

/** What every page in a root layout shares: the base URL, the title's template, the icons. */
export function rootMetadata(description: string): Metadata {
  return {
    metadataBase: new URL(site.url),
    title: { default: site.name, template: `%s | ${site.name}` },
    description,
    applicationName: site.name,
    // Listed here, not by file convention: a metadata `icons` field replaces app/icon.* files,
    // and iOS needs a filled PNG, which is drawn from the SVG mark at build.
    icons: {
      icon: [{ url: FAVICON.path, type: "image/svg+xml", sizes: "any" }],
      apple: [
        {
          url: APPLE_TOUCH_ICON.path,
          sizes: `${APPLE_TOUCH_ICON.size}x${APPLE_TOUCH_ICON.size}`,
          type: "image/png",
        },
      ],
    },
  };
}

export const rootViewport: Viewport = { themeColor: site.themeColor };
