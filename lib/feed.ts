import { blogCopy } from "@/content/blog-page";
import { absoluteUrl, site } from "@/config/site";

/** Where the blog's RSS 2.0 feed is published; /blog links to it. */
export const FEED_PATH = "/blog/rss.xml";

export const FEED_TITLE = `${site.name} Blog`;
export const FEED_DESCRIPTION = blogCopy.seo.description;

export type FeedPost = {
  title: string;
  excerpt: string;
  category: string;
  /** "YYYY-MM-DD" */
  date: string;
  path: string;
};

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** "2024-01-15" -> "Mon, 15 Jan 2024 00:00:00 GMT", the RFC 822 date RSS 2.0 asks for. */
export function rfc822Date(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString();
}

/** Newest first, as feed readers expect. */
function byDateDescending(a: FeedPost, b: FeedPost): number {
  return b.date.localeCompare(a.date);
}

/**
 * The RSS 2.0 document for the given posts. Built only from the posts' own dates
 * (no clock), so the same content always gives the same file.
 */
export function buildRssFeed(posts: readonly FeedPost[]): string {
  const items = [...posts].sort(byDateDescending);
  const newest = items[0];
  const channel = [
    `<title>${escapeXml(FEED_TITLE)}</title>`,
    `<link>${escapeXml(absoluteUrl("/blog"))}</link>`,
    `<description>${escapeXml(FEED_DESCRIPTION)}</description>`,
    "<language>en-us</language>",
    ...(newest ? [`<lastBuildDate>${rfc822Date(newest.date)}</lastBuildDate>`] : []),
    `<atom:link href="${escapeXml(absoluteUrl(FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...items.map((post) => {
      const url = escapeXml(absoluteUrl(post.path));
      const fields = [
        `<title>${escapeXml(post.title)}</title>`,
        `<link>${url}</link>`,
        `<guid isPermaLink="true">${url}</guid>`,
        `<description>${escapeXml(post.excerpt)}</description>`,
        `<pubDate>${rfc822Date(post.date)}</pubDate>`,
        `<category>${escapeXml(post.category)}</category>`,
      ];
      return ["<item>", ...fields.map((field) => `  ${field}`), "</item>"].join("\n    ");
    }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    ...channel.map((line) => `    ${line}`),
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
