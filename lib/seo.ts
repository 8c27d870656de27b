import type { Metadata } from "next";

import { absoluteUrl, site } from "@/lib/site";

export type PageSeo = {
  /** The page's own title; the site name is appended to it. */
  title: string;
  description: string;
  path: string;
  keywords?: readonly string[];
  article?: { publishedTime: string; tags: readonly string[] };
};

/** The full title as it appears in the tab and in search results. */
export function fullTitle(title: string): string {
  return `${title} | ${site.name}`;
}

/** One place that turns a page's words into its metadata: canonical, Open Graph and Twitter. */
export function buildMetadata({ title, description, path, keywords, article }: PageSeo): Metadata {
  const url = absoluteUrl(path);
  const shareTitle = fullTitle(title);
  return {
    title: { absolute: shareTitle },
    description,
    keywords: keywords ? [...keywords] : undefined,
    alternates: { canonical: url },
    openGraph: {
      title: shareTitle,
      description,
      url,
      siteName: site.name,
      locale: site.locale,
      ...(article
        ? { type: "article", publishedTime: article.publishedTime, tags: [...article.tags] }
        : { type: "website" }),
    },
    twitter: { card: "summary_large_image", title: shareTitle, description },
  };
}
