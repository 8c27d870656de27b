import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { renderHeadersFile, siteHeaderRules } from "../lib/hosting/headers-file.ts";
import { listenOnLoopback } from "./local-test-kit.ts";
import { categoryRewrite, createStaticSite, nearest404 } from "./static-site.ts";

describe("nearest404", () => {
  const root = mkdtempSync(path.join(tmpdir(), "qhb-out-"));
  mkdirSync(path.join(root, "blog"));
  writeFileSync(path.join(root, "404.html"), "site");
  writeFileSync(path.join(root, "blog", "404.html"), "blog");

  it.each([
    ["/blog/no-such-post", "blog/404.html"],
    ["/blog/a/b/c", "blog/404.html"],
    ["/sell-house-fast-narnia", "404.html"],
    ["/", "404.html"],
    ["/docs/missing", "404.html"],
  ])("answers %s with %s", (pathname, expected) => {
    expect(nearest404(pathname, root)).toBe(path.join(root, expected));
  });

  it("never leaves the export folder", () => {
    expect(nearest404("/../../etc/passwd", root).startsWith(root)).toBe(true);
  });
});

describe("categoryRewrite", () => {
  it("answers /blog?category= with that category's pre-rendered page", () => {
    expect(categoryRewrite("/blog", "?category=estate-sales")).toBe("/blog/category/estate-sales");
    expect(categoryRewrite("/blog", "?x=1&category=market-analysis")).toBe(
      "/blog/category/market-analysis",
    );
  });

  it("leaves everything else alone", () => {
    expect(categoryRewrite("/blog", "")).toBeNull();
    expect(categoryRewrite("/blog", "?category=../../etc")).toBeNull();
    expect(categoryRewrite("/blog", "?category=all-posts")).toBeNull();
    expect(categoryRewrite("/", "?category=estate-sales")).toBeNull();
  });
});

describe("createStaticSite", () => {
  const root = mkdtempSync(path.join(tmpdir(), "qhb-site-"));
  mkdirSync(path.join(root, "_next", "static"), { recursive: true });
  writeFileSync(path.join(root, "index.html"), "<p>home</p>");
  writeFileSync(path.join(root, "404.html"), "<p>missing</p>");
  writeFileSync(path.join(root, "_next", "static", "a.js"), "1");
  writeFileSync(
    path.join(root, "_headers"),
    renderHeadersFile(
      siteHeaderRules({
        connectOrigins: ["https://x.supabase.co"],
        scriptHashes: [],
        styleHashes: [],
      }),
    ),
  );
  writeFileSync(path.join(root, "_redirects"), "/blog  category=a  /blog/category/a  200\n");
  let base = "";
  let close: () => Promise<void>;
  beforeAll(async () => {
    const site = createStaticSite(root);
    ({ url: base, close } = await listenOnLoopback(createServer((req, res) => site(req, res))));
  });
  afterAll(() => close());

  it("sends the security headers of out/_headers with pages and with the 404 page", async () => {
    for (const [pathname, status] of [
      ["/", 200],
      ["/missing", 404],
    ] as const) {
      const response = await fetch(`${base}${pathname}`);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("content-security-policy")).toContain(
        "connect-src 'self' https://x.supabase.co",
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("caches hashed files for a year and pages not at all", async () => {
    expect((await fetch(`${base}/_next/static/a.js`)).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await fetch(`${base}/`)).headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate",
    );
  });

  it("never serves the host's own files", async () => {
    expect((await fetch(`${base}/_headers`)).status).toBe(404);
    expect((await fetch(`${base}/_redirects`)).status).toBe(404);
    for (const spelling of ["/%5Fheaders", "/%5fredirects", "/_redirects/", "/%5Fheaders/"]) {
      expect((await fetch(`${base}${spelling}`)).status).toBe(404);
    }
  });
});
