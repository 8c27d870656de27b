import { FEED_PATH, buildRssFeed, escapeXml, rfc822Date, type FeedPost } from "@/lib/feed";
import { site } from "@/config/site";

const posts: FeedPost[] = [
  {
    title: "Older & wiser",
    excerpt: 'Cash <offers> vs "traditional" sales, it\'s compared.',
    category: "Real Estate Market",
    date: "2024-01-15",
    path: "/blog/older",
  },
  {
    title: "Newer",
    excerpt: "The newest post.",
    category: "Home Selling",
    date: "2024-03-01",
    path: "/blog/newer",
  },
];

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });
});

describe("rfc822Date", () => {
  it("formats a post date as RFC 822 in GMT", () => {
    expect(rfc822Date("2024-01-15")).toBe("Mon, 15 Jan 2024 00:00:00 GMT");
  });
});

describe("buildRssFeed", () => {
  const xml = buildRssFeed(posts);

  it("is an RSS 2.0 channel that names itself", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain(`<link>${site.url}/blog</link>`);
    expect(xml).toContain("<language>en-us</language>");
    expect(xml).toContain(
      `<atom:link href="${site.url}${FEED_PATH}" rel="self" type="application/rss+xml"/>`,
    );
    expect(xml).toContain("<lastBuildDate>Fri, 01 Mar 2024 00:00:00 GMT</lastBuildDate>");
  });

  it("lists the posts newest first with permalinks, excerpts, dates and categories", () => {
    const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]).toContain("<title>Newer</title>");
    expect(items[1]).toContain("<title>Older &amp; wiser</title>");
    expect(items[1]).toContain(`<link>${site.url}/blog/older</link>`);
    expect(items[1]).toContain(`<guid isPermaLink="true">${site.url}/blog/older</guid>`);
    expect(items[1]).toContain(
      "<description>Cash &lt;offers&gt; vs &quot;traditional&quot; sales, it&apos;s compared.</description>",
    );
    expect(items[1]).toContain("<pubDate>Mon, 15 Jan 2024 00:00:00 GMT</pubDate>");
    expect(items[1]).toContain("<category>Real Estate Market</category>");
  });

  it("leaves no unescaped ampersand", () => {
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });
});
