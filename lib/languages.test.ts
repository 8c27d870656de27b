import { renderToStaticMarkup } from "react-dom/server";

/**
 * The one list of pages in both languages, read once with the Spanish line and once without:
 * the company's setting alone decides whether any page links a Spanish one.
 */
type Loaded = {
  languages: typeof import("@/lib/languages");
  seo: typeof import("@/lib/seo");
  frame: typeof import("@/components/site/site-frame");
};

async function loadWith(spanishPhone: string | undefined): Promise<Loaded> {
  const saved = process.env.COMPANY_SPANISH_PHONE;
  if (spanishPhone === undefined) delete process.env.COMPANY_SPANISH_PHONE;
  else process.env.COMPANY_SPANISH_PHONE = spanishPhone;
  let loaded!: Loaded;
  await jest.isolateModulesAsync(async () => {
    loaded = {
      languages: await import("@/lib/languages"),
      seo: await import("@/lib/seo"),
      frame: await import("@/components/site/site-frame"),
    };
  });
  if (saved === undefined) delete process.env.COMPANY_SPANISH_PHONE;
  else process.env.COMPANY_SPANISH_PHONE = saved;
  return loaded;
}

describe("without COMPANY_SPANISH_PHONE", () => {
  let languages: Loaded["languages"], seo: Loaded["seo"], frame: Loaded["frame"];
  beforeAll(async () => ({ languages, seo, frame } = await loadWith(undefined)));

  it("pairs no page, and no page links a Spanish one", () => {
    expect(languages.languagePairs()).toEqual([]);
    expect(seo.buildMetadata({ title: "T", description: "D", path: "/" }).alternates).toEqual({
      canonical: expect.any(String),
    });
    const html = renderToStaticMarkup(
      frame.SiteFrame({ language: "en", path: "/sell-house-fast-texas", children: "page" }),
    );
    expect(html).not.toMatch(/Español|hrefLang|href="\/es/);
  });
});

describe("with COMPANY_SPANISH_PHONE", () => {
  let languages: Loaded["languages"], seo: Loaded["seo"], frame: Loaded["frame"];
  beforeAll(async () => ({ languages, seo, frame } = await loadWith("(614) 555-0143")));

  it("pairs each Spanish page with one English page, each path once", () => {
    const pairs = languages.languagePairs();
    const spanish = pairs.map((pair) => pair.es);
    const english = pairs.map((pair) => pair.en);
    expect(new Set(spanish).size).toBe(pairs.length);
    expect(new Set(english).size).toBe(pairs.length);
    expect(spanish.every((path) => path === "/es" || path.startsWith("/es/"))).toBe(true);
    expect(english.some((path) => path.startsWith("/es"))).toBe(false);
    expect(languages.counterpart("/sell-house-fast-texas", "en")).toBe(
      "/es/vender-casa-rapido-texas",
    );
    expect(languages.counterpart("/es/vender-casa-rapido-nueva-york", "es")).toBe(
      "/sell-house-fast-new-york",
    );
    expect(languages.counterpart("/sell-house-fast-ohio", "en")).toBeUndefined();
  });

  it("lists both pages and the English as x-default in each head, and links the other", () => {
    const head = (path: string, language: "en" | "es") =>
      seo.buildMetadata({ title: "T", description: "D", path, language }).alternates?.languages;
    const both = {
      "en-US": expect.stringMatching(/\/calculator$/),
      "es-US": expect.stringMatching(/\/es\/calculadora$/),
      "x-default": expect.stringMatching(/\/calculator$/),
    };
    expect(head("/calculator", "en")).toEqual(both);
    expect(head("/es/calculadora", "es")).toEqual(both);
    const html = renderToStaticMarkup(
      frame.SiteFrame({ language: "es", path: "/es/calculadora", children: "página" }),
    );
    expect(html).toMatch(/<a href="\/calculator" lang="en" hrefLang="en-US"[^>]*>English<\/a>/);
    expect(html).toContain('lang="en"');
    expect(html).toContain("(614) 555-0143");
  });
});
