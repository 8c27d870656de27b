import {
  addModuleScripts,
  applyEdits,
  fillIslands,
  findIslands,
  inlineScripts,
  inlineStylesheets,
  nextRuntime,
  nextRuntimeLeftovers,
  parseExportPage,
  parsePage,
  urlsLoaded,
  type Edit,
  type ParsedPage,
} from "./html.ts";

/** A snippet with the edits `step` makes to it. */
const edited = (html: string, step: (page: ParsedPage) => Edit | Edit[]) => {
  const page = parsePage(html, "/test");
  return applyEdits(page, [step(page)].flat());
};

/** A page of Next's export without its runtime, as the rewrite's first step leaves it. */
const stripNextRuntime = (html: string, name: string) => {
  const page = parseExportPage(html, name);
  return applyEdits(page, nextRuntime(page));
};

/** A page as Next 16's export writes it, reduced to the parts the rewrite touches. */
const nextPage = (body = "<main><p>Hello</p></main>") =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/abc.js"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>' +
  '<script src="/_next/static/chunks/poly.js" noModule=""></script>' +
  '<script type="application/ld+json">{"@type":"Organization"}</script></head>' +
  `<body>${body}` +
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({})</script>' +
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>" +
  '<script>self.__next_f.push([1,"payload"])</script>' +
  '<script src="/_next/static/chunks/abc.js" async=""></script></body></html>';

describe("stripNextRuntime", () => {
  it("takes out Next's scripts, preloads and RSC payload, keeping styles and structured data", () => {
    const html = stripNextRuntime(nextPage(), "/");
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/site.css"');
    expect(html).not.toContain('rel="preload" as="script"');
    expect(nextRuntimeLeftovers(html)).toEqual([]);
  });

  it("changes nothing but the elements it takes out", () => {
    const body = '<main><p class="a&amp;b">Hello <!-- <script src="/x.js"></script> --></p></main>';
    expect(stripNextRuntime(nextPage(body), "/")).toBe(
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
        '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>' +
        '<script type="application/ld+json">{"@type":"Organization"}</script></head>' +
        `<body>${body}</body></html>`,
    );
  });

  it("stops on a script it does not know, naming the page", () => {
    const page = nextPage('<main></main><script>alert("analytics")</script>');
    expect(() => stripNextRuntime(page, "/blog")).toThrow(
      /\/blog: a script the island rewrite does not know/,
    );
  });

  it("stops on a page that is not shaped like Next's export", () => {
    expect(() => stripNextRuntime("<html><body></body></html>", "/x")).toThrow(/DOCTYPE/);
    expect(() =>
      stripNextRuntime(nextPage().replace(/<script(?: id="_R_")?>[^<]*<\/script>/g, ""), "/x"),
    ).toThrow(/0 inline runtime scripts/);
    expect(() => stripNextRuntime(nextPage('<p class="a" class="b">x</p>'), "/x")).toThrow(
      /\/x: is not well-formed HTML \(duplicate-attribute at line 1/,
    );
    expect(() => stripNextRuntime(nextPage().replace("</head>", ""), "/x")).toThrow(
      /<head> has no end tag/,
    );
  });
});

describe("nextRuntimeLeftovers", () => {
  it("names what a page still refers to", () => {
    expect(nextRuntimeLeftovers('<a href="/_next/static/chunks/x.js">')).toEqual([
      "a Next client chunk (/_next/static/chunks/x.js)",
    ]);
    expect(nextRuntimeLeftovers("<p>self.__next_f</p>")).toEqual([
      "Next's RSC payload (self.__next_f)",
    ]);
    expect(nextRuntimeLeftovers('<link href="/blog/__next._tree.txt">')[0]).toMatch(
      /RSC payload file/,
    );
    expect(
      nextRuntimeLeftovers('<link rel="stylesheet" href="/_next/static/chunks/a.css">'),
    ).toEqual([]);
  });
});

describe("islands in the HTML", () => {
  const island = (name: string, props: string, inner = "<p>from next</p>") =>
    `<qhb-island data-island="${name}" data-props="${props}">${inner}</qhb-island>`;
  const page = `<main>${island("offer-form", "{&quot;state&quot;:&quot;Ohio &amp; more &#x27;n&#39; &lt;b&gt;&quot;}")}<p>between</p>${island("share-button", "{}")}</main>`;

  it("finds each island with its props, in document order", () => {
    const found = findIslands(parsePage(page, "/"));
    expect(found.map((entry) => [entry.name, entry.props])).toEqual([
      ["offer-form", { state: "Ohio & more 'n' <b>" }],
      ["share-button", {}],
    ]);
  });

  it("replaces each island's markup and leaves the rest alone", () => {
    const filled = edited(page, (parsed) =>
      fillIslands(findIslands(parsed), ["<form></form>", "<button>Share</button>"]),
    );
    expect(filled).toBe(
      `<main>${island("offer-form", "{&quot;state&quot;:&quot;Ohio &amp; more &#x27;n&#39; &lt;b&gt;&quot;}", "<form></form>")}<p>between</p>${island("share-button", "{}", "<button>Share</button>")}</main>`,
    );
  });

  it("ends an island where the parser does, not at the first </qhb-island> in the text", () => {
    const tricky = island("a", "{}", "<p><!-- </qhb-island> --></p>");
    expect(edited(tricky, (parsed) => fillIslands(findIslands(parsed), ["<b>new</b>"]))).toBe(
      island("a", "{}", "<b>new</b>"),
    );
  });

  it("refuses nested, unclosed or unreadable islands", () => {
    const find = (html: string) => findIslands(parsePage(html, "/p"));
    expect(() => find(island("a", "{}", island("b", "{}")))).toThrow(/cannot nest/);
    expect(() => find('<qhb-island data-island="a" data-props="{}"><p>')).toThrow(
      /\/p: island "a" has no end tag of its own/,
    );
    expect(() => find(island("a", "{oops"))).toThrow(/not JSON/);
    expect(() => find('<qhb-island data-props="{}"></qhb-island>')).toThrow(/without data-island/);
  });
});

describe("addModuleScripts", () => {
  it("preloads what the scripts import and starts them from <head>", () => {
    expect(
      edited("<head><title>t</title></head><body></body>", (page) =>
        addModuleScripts(page, ["/i/form.js"], ["/i/react.js"]),
      ),
    ).toBe(
      '<head><title>t</title><link rel="modulepreload" href="/i/react.js"/>' +
        '<script type="module" src="/i/form.js"></script></head><body></body>',
    );
  });
});

describe("inlineStylesheets", () => {
  const read = (href: string) => (href.endsWith("site.css") ? "body{color:#111}" : "</style><p>");

  it("writes the export's stylesheet into the page and leaves other links alone", () => {
    const html =
      '<head><link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>' +
      '<link rel="icon" href="/icon.svg"/></head>';
    expect(edited(html, (page) => inlineStylesheets(page, read))).toBe(
      '<head><style>body{color:#111}</style><link rel="icon" href="/icon.svg"/></head>',
    );
  });

  it("refuses a stylesheet that would close its <style> element", () => {
    const link = '<link rel="stylesheet" href="/_next/static/bad.css"/>';
    expect(() => edited(link, (page) => inlineStylesheets(page, read))).toThrow(
      /\/test: \/_next\/static\/bad\.css holds "<\/style"/,
    );
  });

  it("refuses a stylesheet with a relative url(), which would resolve against the page", () => {
    const link = '<link rel="stylesheet" href="/_next/static/chunks/site.css"/>';
    const withUrl = (css: string) => () =>
      edited(link, (page) => inlineStylesheets(page, () => css));
    expect(withUrl("@font-face{src:url(../media/x.woff2)}")).toThrow(
      /\/test: .* holds url\(\.\.\/media\/x\.woff2\)/,
    );
    expect(withUrl("a{background:url('media/y.png')}")).toThrow(/would break once inlined/);
    for (const fine of [
      "@font-face{src:url(/_next/static/media/x.woff2)}",
      'a{background:url("data:image/svg+xml,%3csvg%3e")}',
      "a{mask:url(#m)}",
      "a{background:url(https://example.com/z.png)}",
    ]) {
      expect(withUrl(fine)).not.toThrow();
    }
  });
});

describe("inlineScripts", () => {
  it("lists only scripts a browser would run", () => {
    const html =
      '<script type="application/ld+json">{}</script><script type="module" src="/a.js"></script>' +
      "<script>console.log(1)</script>";
    expect(inlineScripts(parsePage(html, "/"))).toEqual(["console.log(1)"]);
  });
});

describe("urlsLoaded", () => {
  it("lists the src and href values under a prefix, entities decoded", () => {
    const html =
      '<head><link rel="modulepreload" href="/_next/static/islands/a.js?v=1&amp;w=2"/></head>' +
      '<body><script type="module" src="/_next/static/islands/b.js"></script>' +
      '<a href="/blog">Blog</a><img src="/icon.svg" alt=""/></body>';
    expect(urlsLoaded(parsePage(html, "/"), "/_next/static/")).toEqual([
      "/_next/static/islands/a.js?v=1&w=2",
      "/_next/static/islands/b.js",
    ]);
  });
});
