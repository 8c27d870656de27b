import {
  contentSecurityPolicy,
  headersFileNotes,
  headersFor,
  parseHeadersFile,
  renderHeadersFile,
  siteHeaderRules,
} from "@/lib/hosting/headers-file";

describe("the Content-Security-Policy", () => {
  const policy = contentSecurityPolicy({
    connectOrigins: ["https://abc.supabase.co"],
    scriptHashes: ["sha256-abc="],
    styleHashes: ["sha256-css="],
  });

  it("runs scripts only from the site and the hashes given, and lets nobody frame it", () => {
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("style-src-attr 'none'");
  });

  it("names the pages' stylesheets for browsers that only read style-src", () => {
    expect(policy).toContain("style-src 'self' 'sha256-css=';");
    // A hash in style-src-elem would switch its 'unsafe-inline' off for newer browsers.
    expect(policy).toContain("style-src-elem 'self' 'unsafe-inline';");
  });

  it("lets pages talk only to the site and the lead function", () => {
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co");
  });
});

describe("the _headers file", () => {
  const rules = siteHeaderRules({ connectOrigins: [], scriptHashes: [], styleHashes: [] });

  it("reads back what it writes", () => {
    expect(parseHeadersFile(renderHeadersFile(rules))).toEqual(rules);
  });

  it("refuses a line a host would not read whole, naming it", () => {
    const hash = (n: number) => `sha256-${String(n).padStart(44, "0")}`;
    const styles = (count: number) =>
      siteHeaderRules({
        connectOrigins: [],
        scriptHashes: [],
        styleHashes: Array.from({ length: count }, (_, n) => hash(n)),
      });
    expect(() => renderHeadersFile(styles(10))).not.toThrow();
    expect(() => renderHeadersFile(styles(40))).toThrow(
      /a line of \d+ characters \(  Content-Security-Policy: .*hosts read at most 2000/,
    );
  });

  it("carries notes as comment lines, which hosts and the local server skip", () => {
    const text = renderHeadersFile(rules, ["written by a test"]);
    expect(text.startsWith("# written by a test\n\n/*\n")).toBe(true);
    expect(headersFileNotes(text)).toEqual(["written by a test"]);
    expect(parseHeadersFile(text)).toEqual(rules);
  });

  it("gives hashed files one Cache-Control, as a host joining every matching rule sends it", () => {
    expect(headersFor(rules, "/_next/static/islands/a.js")["Cache-Control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(headersFor(rules, "/_next/static/islands/a.js")["X-Frame-Options"]).toBe("DENY");
    // Pages get the host's own revalidating default.
    expect(headersFor(rules, "/blog")["Cache-Control"]).toBeUndefined();
    expect(headersFor(rules, "/blog")["X-Frame-Options"]).toBe("DENY");
  });

  it("joins a header two matching rules name, as the hosts do", () => {
    const twice = [
      { path: "/*", headers: { "Cache-Control": "max-age=0" } },
      { path: "/a/*", headers: { "Cache-Control": "immutable" } },
    ];
    expect(headersFor(twice, "/a/b")["Cache-Control"]).toBe("max-age=0, immutable");
  });

  it("refuses a line it cannot read", () => {
    expect(() => parseHeadersFile("  X-Orphan: 1")).toThrow(/cannot read the line/);
  });
});
