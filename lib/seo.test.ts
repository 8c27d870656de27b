import { buildMetadata, fullTitle, ogImagePath } from "@/lib/seo";
import { site } from "@/config/site";

describe("buildMetadata", () => {
  const metadata = buildMetadata({
    title: "Sell My House Fast Ohio - Cash Home Buyers OH",
    description: "Cash offers for Ohio houses.",
    path: "/sell-house-fast-ohio",
    keywords: ["sell my house fast ohio"],
  });

  it("appends the brand to the title once", () => {
    expect(metadata.title).toEqual({
      absolute: "Sell My House Fast Ohio - Cash Home Buyers OH | Quick Home Buyers",
    });
    expect(fullTitle("Blog")).toBe("Blog | Quick Home Buyers");
  });

  it("links the canonical and the share URL to the same absolute address", () => {
    expect(metadata.alternates?.canonical).toBe(`${site.url}/sell-house-fast-ohio`);
    expect(metadata.openGraph).toMatchObject({
      url: `${site.url}/sell-house-fast-ohio`,
      type: "website",
      description: "Cash offers for Ohio houses.",
    });
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image" });
    expect(metadata.keywords).toEqual(["sell my house fast ohio"]);
  });

  it("marks articles with their published time", () => {
    const post = buildMetadata({
      title: "Post",
      description: "d",
      path: "/blog/post",
      article: { publishedTime: "2024-01-15", tags: ["Cash Offers"] },
    });
    expect(post.openGraph).toMatchObject({ type: "article", publishedTime: "2024-01-15" });
  });
});

describe("Open Graph images", () => {
  it("names one PNG per page path", () => {
    expect(ogImagePath("/")).toBe("/og/home.png");
    expect(ogImagePath("/blog")).toBe("/og/blog.png");
    expect(ogImagePath("/blog/cash-offers")).toBe("/og/blog-cash-offers.png");
    expect(ogImagePath("/sell-house-fast-ohio")).toBe("/og/sell-house-fast-ohio.png");
  });

  it("puts the page's 1200x630 image in Open Graph and Twitter", () => {
    const metadata = buildMetadata({
      title: "Ohio",
      description: "d",
      path: "/sell-house-fast-ohio",
    });
    const image = {
      url: `${site.url}/og/sell-house-fast-ohio.png`,
      width: 1200,
      height: 630,
      alt: "Ohio | Quick Home Buyers",
    };
    expect(metadata.openGraph?.images).toEqual([image]);
    expect(metadata.twitter?.images).toEqual([image]);
  });
});

describe("RSS feed link", () => {
  it("is added only when asked for, beside the canonical", () => {
    const blog = buildMetadata({ title: "Blog", description: "d", path: "/blog", rssFeed: true });
    expect(blog.alternates).toEqual({
      canonical: `${site.url}/blog`,
      types: {
        "application/rss+xml": [
          { url: `${site.url}/blog/rss.xml`, title: "Quick Home Buyers Blog" },
        ],
      },
    });
    const home = buildMetadata({ title: "Home", description: "d", path: "/" });
    expect(home.alternates).toEqual({ canonical: site.url });
  });
});
