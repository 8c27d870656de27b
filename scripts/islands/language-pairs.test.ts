import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { languagePairProblems } from "./language-pairs";

const SITE = "https://homes.example";

type Page = {
  lang: string;
  switchTo?: string;
  alternates?: Record<string, string>;
  noindex?: boolean;
};

function page({ lang, switchTo, alternates = {}, noindex = false }: Page): string {
  const links = Object.entries(alternates)
    .map(
      ([hreflang, route]) =>
        `<link rel="alternate" hrefLang="${hreflang}" href="${SITE}${route}"/>`,
    )
    .join("");
  const robots = noindex ? '<meta name="robots" content="noindex"/>' : "";
  const language = switchTo ? `<a href="${switchTo}" data-language-switch="">other</a>` : "";
  return `<!DOCTYPE html><html lang="${lang}"><head>${robots}${links}</head><body>${language}</body></html>`;
}

/** An export folder holding the given pages, by route. */
function exportOf(pages: Record<string, Page>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pairs-"));
  for (const [route, spec] of Object.entries(pages)) {
    const file = path.join(dir, `${route === "/" ? "/index" : route}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, page(spec));
  }
  return dir;
}

const PAIR = { "en-US": "/sell", "es-US": "/es/vender", "x-default": "/sell" };

describe("the export's language pairs", () => {
  it("hold when each page of a pair links the other and both list the same three links", () => {
    const out = exportOf({
      "/": { lang: "en" },
      "/sell": { lang: "en", switchTo: "/es/vender", alternates: PAIR },
      "/es/vender": { lang: "es", switchTo: "/sell", alternates: PAIR },
      "/es/gracias": { lang: "es", switchTo: "/thanks", noindex: true },
      "/thanks": { lang: "en", switchTo: "/es/gracias", noindex: true },
    });
    expect(languagePairProblems(out, SITE)).toEqual([]);
  });

  it("refuse a Spanish page without its English counterpart", () => {
    const out = exportOf({
      "/": { lang: "en" },
      "/es/solo": { lang: "es", alternates: { "es-US": "/es/solo" } },
      "/es/perdida": { lang: "es", switchTo: "/gone" },
    });
    expect(languagePairProblems(out, SITE)).toEqual(
      expect.arrayContaining([
        "/es/solo is in Spanish but has no English counterpart (its language link is missing).",
        "/es/perdida is in Spanish but has no English counterpart (its language link names /gone, which is not an English page).",
      ]),
    );
  });

  it("refuse a pair whose hreflang links are not reciprocal", () => {
    const out = exportOf({
      "/": { lang: "en" },
      // The English page forgot its Spanish twin in its head.
      "/sell": { lang: "en", switchTo: "/es/vender", alternates: { "en-US": "/sell" } },
      "/es/vender": { lang: "es", switchTo: "/sell", alternates: PAIR },
    });
    expect(languagePairProblems(out, SITE)).toContain(
      "/es/vender and /sell (hreflang en-US) do not list the same hreflang links: search engines ignore a pair that is not reciprocal.",
    );
  });

  it("refuse a language link that is not answered by one back", () => {
    const out = exportOf({
      "/": { lang: "en" },
      "/sell": { lang: "en", alternates: PAIR },
      "/es/vender": { lang: "es", switchTo: "/sell", alternates: PAIR },
    });
    expect(languagePairProblems(out, SITE)).toEqual([
      "/es/vender links /sell as its English page, but /sell links no Spanish page.",
    ]);
  });
});
