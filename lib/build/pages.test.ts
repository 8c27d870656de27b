import { getPosts, postModified } from "@/lib/build/blog";
import { getComparePage, getSituations } from "@/lib/build/situations";
import { getLegalPage } from "@/lib/build/legal";
import { getPublicPages } from "@/lib/build/pages";
import { ogImageName } from "@/lib/seo";
import { getStatePages } from "@/lib/build/state-pages";

describe("getPublicPages", () => {
  const pages = getPublicPages();

  it("lists the 71 public pages: home, the blog, six posts, the guides, the calculator, 50 states and three policies", () => {
    expect(pages).toHaveLength(71);
    expect(pages.map((page) => page.path)).toEqual([
      "/",
      "/blog",
      ...getPosts().map((post) => `/blog/${post.slug}`),
      "/situations",
      ...getSituations().map((situation) => `/situations/${situation.slug}`),
      "/cash-offer-vs-listing",
      "/calculator",
      ...getStatePages().map((state) => `/sell-house-fast-${state.slug}`),
      "/privacy",
      "/terms",
      "/sms-policy",
    ]);
  });

  it("dates only the posts, the guides and the policies, by their last revision", () => {
    const dated = pages.filter((page) => page.lastModified);
    expect(dated.map((page) => [page.path, page.lastModified])).toEqual([
      ...getPosts().map((post) => [post.path, postModified(post)]),
      ...getSituations().map((situation) => [situation.path, situation.updated]),
      [getComparePage().path, getComparePage().updated],
      ["/privacy", getLegalPage("privacy").updated],
      ["/terms", getLegalPage("terms").updated],
      ["/sms-policy", getLegalPage("sms").updated],
    ]);
  });

  it("gives every page its own Open Graph image and headline", () => {
    expect(new Set(pages.map((page) => ogImageName(page.path))).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.og.headline)).size).toBe(pages.length);
    expect(pages.find((page) => page.path === "/sell-house-fast-ohio")?.og.headline).toBe(
      "Sell Your House Fast in Ohio",
    );
  });

  it("keeps image text to characters the bundled Inter subset draws", () => {
    // Anything outside Latin and general punctuation would make next/og fetch a font.
    for (const { og } of pages) {
      expect(`${og.eyebrow}${og.headline}${og.footnote ?? ""}`).toMatch(
        /^[\u0020-\u00ff\u2010-\u2027]*$/,
      );
    }
  });
});
