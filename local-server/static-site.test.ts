import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { renderHeadersFile, siteHeaderRules } from "../lib/hosting/headers-file.ts";
import { listenOnLoopback, rawRequest } from "./local-test-kit.ts";
import { createStaticSite, fileFor, nearest404 } from "./static-site.ts";

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

describe("fileFor", () => {
  const root = mkdtempSync(path.join(tmpdir(), "qhb-files-"));
  mkdirSync(path.join(root, "blog"));
  writeFileSync(path.join(root, "index.html"), "");
  writeFileSync(path.join(root, "blog.html"), "");

  it("finds the file a clean URL names, and nothing outside the root", () => {
    expect(fileFor(root, "/")).toBe("/index.html");
    expect(fileFor(root, "/blog")).toBe("/blog.html");
    expect(fileFor(root, "/blog/")).toBe("/blog.html");
    expect(fileFor(root, "/missing")).toBeNull();
    expect(fileFor(root, "/../" + path.basename(root) + "/index.html")).toBeNull();
  });
});

describe("createStaticSite", () => {
  const root = mkdtempSync(path.join(tmpdir(), "qhb-site-"));
  mkdirSync(path.join(root, "_next", "static"), { recursive: true });
  writeFileSync(path.join(root, "index.html"), "<p>home</p>");
  writeFileSync(path.join(root, "blog.html"), "<p>the blog, twenty-five b</p>");
  mkdirSync(path.join(root, "blog"));
  writeFileSync(path.join(root, "blog", "post.html"), "<p>a post</p>");
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
  let port = 0;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const site = createStaticSite(root);
    ({
      url: base,
      port,
      close,
    } = await listenOnLoopback(createServer((req, res) => site(req, res))));
  });
  const get = (target: string, headers: Record<string, string> = {}, method = "GET") =>
    rawRequest(port, { method, path: target, headers });

  it("serves clean URLs: a page without .html, a folder's page beside it, a trailing slash", async () => {
    expect(await get("/blog")).toMatchObject({
      status: 200,
      body: "<p>the blog, twenty-five b</p>",
    });
    expect(await get("/blog/")).toMatchObject({
      status: 200,
      body: "<p>the blog, twenty-five b</p>",
    });
    expect(await get("/blog/post")).toMatchObject({ status: 200, body: "<p>a post</p>" });
    expect(await get("/")).toMatchObject({ status: 200, body: "<p>home</p>" });
  });

  it("answers byte ranges as HTTP says: a suffix range is the last bytes, a reversed one 416", async () => {
    const body = "<p>the blog, twenty-five b</p>";
    const suffix = await get("/blog", { range: "bytes=-10" });
    expect(suffix).toMatchObject({ status: 206, body: body.slice(-10) });
    expect(suffix.headers["content-range"]).toBe(
      `bytes ${body.length - 10}-${body.length - 1}/${body.length}`,
    );
    expect(await get("/blog", { range: "bytes=5-9" })).toMatchObject({
      status: 206,
      body: body.slice(5, 10),
    });
    const reversed = await get("/blog", { range: "bytes=5-2" });
    expect(reversed.status).toBe(416);
    expect(reversed.headers["content-range"]).toBe(`bytes */${body.length}`);
    expect((await get("/blog", { range: "bytes=999-" })).status).toBe(416);
  });

  it("answers a conditional request with 304 and HEAD with the headers alone", async () => {
    const first = await get("/blog");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    expect((await get("/blog", { "if-none-match": etag })).status).toBe(304);
    const head = await get("/blog", {}, "HEAD");
    expect(head).toMatchObject({ status: 200, body: "" });
    expect(head.headers["content-length"]).toBe(String(first.body.length));
  });

  it("does not read //anything as a host: it is a missing page, not the home page", async () => {
    for (const target of ["//anything", "//evil.example/blog"]) {
      const result = await get(target);
      expect(result).toMatchObject({ status: 404, body: "<p>missing</p>" });
    }
  });

  it("never leaves the export folder, however the path is spelled", async () => {
    for (const target of [
      "/../../../../etc/passwd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/blog/..%2f..%2fetc%2fpasswd",
      "/%00",
    ]) {
      expect([400, 404]).toContain((await get(target)).status);
    }
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
