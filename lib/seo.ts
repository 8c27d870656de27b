import type { Metadata } from "next";

import { FEED_PATH, FEED_TITLE } from "@/lib/feed";
import { absoluteUrl, site } from "@/config/site";

export type PageSeo = {
  /** The page's own title; the site name is appended to it. */
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
  article?: { publishedTime: string; modifiedTime?: string; tags: readonly string[] };
  /** Adds <link rel="alternate" type="application/rss+xml"> to the blog's feed. */
  rssFeed?: boolean;
};

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
}: PageSeo): Metadata {
  const url = absoluteUrl(path);
  const shareTitle = fullTitle(title);
  const images = [{ url: absoluteUrl(ogImagePath(path)), ...OG_IMAGE_SIZE, alt: shareTitle }];
  return {
    title: { absolute: shareTitle },
    description,
    keywords: keywords ? [...keywords] : undefined,
    alternates: {
      canonical: url,
      ...(rssFeed
        ? { types: { "application/rss+xml": [{ url: absoluteUrl(FEED_PATH), title: FEED_TITLE }] } }
        : {}),
    },
    openGraph: {
      title: shareTitle,
      description,
      url,
      siteName: site.name,
      locale: site.locale,
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
