import { buildMetadata, fullTitle } from "@/lib/seo";
import { site } from "@/lib/site";

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
