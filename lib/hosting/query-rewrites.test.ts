import { renderRedirectsFile, rewriteForQuery } from "@/lib/hosting/query-rewrites";

describe("rewriteForQuery", () => {
  it("answers /blog?category= with that category's pre-rendered page", () => {
    expect(rewriteForQuery("/blog", "?category=estate-sales")).toBe("/blog/category/estate-sales");
    expect(rewriteForQuery("/blog", "?x=1&category=market-analysis")).toBe(
      "/blog/category/market-analysis",
    );
  });

  it("answers /calculator?state= with that state's worked example, in either case", () => {
    expect(rewriteForQuery("/calculator", "?state=oh")).toBe("/calculator/ohio");
    expect(rewriteForQuery("/calculator", "?state=NH")).toBe("/calculator/new-hampshire");
    expect(rewriteForQuery("/calculator", "?utm_source=x&state=wy")).toBe("/calculator/wyoming");
  });

  it("leaves everything else alone", () => {
    expect(rewriteForQuery("/blog", "")).toBeNull();
    expect(rewriteForQuery("/blog", "?category=../../etc")).toBeNull();
    expect(rewriteForQuery("/blog", "?category=all-posts")).toBeNull();
    expect(rewriteForQuery("/", "?category=estate-sales")).toBeNull();
    expect(rewriteForQuery("/calculator", "?state=xx")).toBeNull();
    expect(rewriteForQuery("/calculator", "?state=ohio")).toBeNull();
    expect(rewriteForQuery("/blog", "?state=oh")).toBeNull();
  });
});

describe("renderRedirectsFile", () => {
  it("writes one forced rewrite per category and per state code in each case", () => {
    const lines = renderRedirectsFile().trimEnd().split("\n");
    expect(lines).toContain("/blog  category=estate-sales  /blog/category/estate-sales  200!");
    expect(lines).toContain("/calculator  state=oh  /calculator/ohio  200!");
    expect(lines).toContain("/calculator  state=OH  /calculator/ohio  200!");
    expect(lines.filter((line) => line.startsWith("/calculator "))).toHaveLength(100);
  });
});
