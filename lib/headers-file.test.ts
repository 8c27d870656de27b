import {
  contentSecurityPolicy,
  headersFor,
  parseHeadersFile,
  renderHeadersFile,
  siteHeaderRules,
} from "@/lib/headers-file";

describe("the Content-Security-Policy", () => {
  const policy = contentSecurityPolicy({
    connectOrigins: ["https://abc.supabase.co"],
    scriptHashes: ["sha256-abc="],
  });

  it("runs scripts only from the site and the hashes given, and lets nobody frame it", () => {
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("style-src-attr 'none'");
  });

  it("lets pages talk only to the site and the lead function", () => {
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co");
  });
});

describe("the _headers file", () => {
  const rules = siteHeaderRules({ connectOrigins: [], scriptHashes: [] });

  it("reads back what it writes", () => {
    expect(parseHeadersFile(renderHeadersFile(rules))).toEqual(rules);
  });

  it("applies every matching rule, the more specific one last", () => {
    expect(headersFor(rules, "/_next/static/islands/a.js")["Cache-Control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(headersFor(rules, "/blog")["Cache-Control"]).toBe("public, max-age=0, must-revalidate");
    expect(headersFor(rules, "/blog")["X-Frame-Options"]).toBe("DENY");
  });

  it("refuses a line it cannot read", () => {
    expect(() => parseHeadersFile("  X-Orphan: 1")).toThrow(/cannot read the line/);
  });
});
