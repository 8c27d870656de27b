import { parse } from "parse5";
import type { ReactElement } from "react";

import { EXAMPLE_SPANISH_PHONE, SPANISH_PHONE_VARIABLE } from "@/config/languages.mjs";
import { site } from "@/config/site";

type Node = {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
};

/* eslint-disable @typescript-eslint/no-require-imports -- fresh modules, for the build's environment */
type SpanishRoute = typeof import("@/app/(es)/es/situaciones/[slug]/page.es");
type EnglishRoute = typeof import("@/app/(en)/situations/[slug]/page");
type Modules = {
  render: (element: ReactElement) => string;
  spanish: SpanishRoute;
  english: EnglishRoute;
  law: typeof import("@/lib/build/state-law");
};

/** The site's modules as a build with (or without) a number answered in Spanish loads them. */
function load(spanishLine: boolean): Modules {
  const saved = { ...process.env };
  if (spanishLine) process.env[SPANISH_PHONE_VARIABLE] = EXAMPLE_SPANISH_PHONE;
  else delete process.env[SPANISH_PHONE_VARIABLE];
  try {
    let modules: Modules | undefined;
    jest.isolateModules(() => {
      const { renderToStaticMarkup } =
        require("react-dom/server") as typeof import("react-dom/server");
      modules = {
        render: (element) => renderToStaticMarkup(element),
        spanish: require("@/app/(es)/es/situaciones/[slug]/page.es") as SpanishRoute,
        english: require("@/app/(en)/situations/[slug]/page") as EnglishRoute,
        law: require("@/lib/build/state-law"),
      };
    });
    return modules!;
  } finally {
    process.env = saved;
  }
}
/* eslint-enable @typescript-eslint/no-require-imports */

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;

/**
 * What a visitor reads in the page's own language: the text and the accessible names, less
 * what is marked as another language (the rows quoted from English sources, the switch to
 * English) and the scripts.
 */
function ownLanguageText(html: string): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === "script" || node.nodeName === "style") return;
    if (attr(node, "lang") === "en") return;
    if (node.nodeName === "#text") parts.push(node.value ?? "");
    for (const name of ["aria-label", "placeholder", "title", "alt"]) {
      const value = attr(node, name);
      if (value) parts.push(value);
    }
    node.childNodes?.forEach(walk);
  };
  walk(parse(html) as unknown as Node);
  return parts.join(" ").replace(/\s+/g, " ");
}

/** The href and text of each link in the guide's "other situations" list. */
function relatedLinks(html: string): [string, string][] {
  const found: [string, string][] = [];
  const text = (node: Node): string =>
    node.nodeName === "#text" ? (node.value ?? "") : (node.childNodes ?? []).map(text).join("");
  const walk = (node: Node, inside: boolean) => {
    const here = inside || attr(node, "aria-labelledby") === "other-situations";
    if (here && node.nodeName === "a") {
      found.push([attr(node, "href") ?? "", text(node).replace(/\s+/g, " ").trim()]);
    }
    node.childNodes?.forEach((child) => walk(child, here));
  };
  walk(parse(html) as unknown as Node, false);
  return found;
}

/** Text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** The page's JSON-LD graph. */
function jsonLd(html: string): { "@type": string; [key: string]: unknown }[] {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!)["@graph"];
}

/** The English chrome words a text shows, with a few words around each (the brand aside). */
function englishChrome(text: string): string[] {
  const unbranded = text.replaceAll(site.name, "");
  return ENGLISH_CHROME.flatMap((word) =>
    [...unbranded.matchAll(new RegExp(`.{0,30}${word.source}.{0,30}`, "g"))].map(
      (match) => match[0],
    ),
  );
}

async function renderSpanish(modules: Modules, slug: string): Promise<string> {
  const page = await modules.spanish.default({ params: Promise.resolve({ slug }) });
  return modules.render(page);
}

async function renderEnglish(modules: Modules, slug: string): Promise<string> {
  const page = await modules.english.default({ params: Promise.resolve({ slug }) });
  return modules.render(page);
}

/** The English chrome's words, none of which a Spanish guide may show in its own text. */
const ENGLISH_CHROME = [
  /\bHome\b/,
  /Last updated/,
  /\bSources\b/,
  /\bUpdated\b/,
  /Checked /,
  /Questions and answers/,
  /Other situations/,
  /Get your cash offer/,
  /Usual process/,
  /Good to know/,
  /\bState\b/,
  /\bstates\b/,
  /Read more/,
];

describe("a Spanish guide", () => {
  const modules = load(true);

  it("is built for each of the four Spanish slugs, and only those", () => {
    expect(modules.spanish.generateStaticParams()).toEqual([
      { slug: "casa-heredada-sucesion" },
      { slug: "ejecucion-hipotecaria" },
      { slug: "divorcio" },
      { slug: "impuestos-atrasados" },
    ]);
    expect(modules.spanish.dynamicParams).toBe(false);
  });

  it("shows its chrome in Spanish, dates and the state table included, and no English chrome", async () => {
    const html = await renderSpanish(modules, "ejecucion-hipotecaria");
    const text = ownLanguageText(html);
    for (const words of [
      "Inicio",
      "Actualizado el 25 de noviembre de 2026",
      "Preguntas y respuestas",
      "Fuentes",
      "Otras situaciones",
      "Obtenga su oferta en efectivo",
      "Obtener una oferta en efectivo",
      "Los detalles de cada estado están en inglés, como en las fuentes.",
      "Ejecución hipotecaria (foreclosure) por estado",
      "El proceso habitual",
      "Judicial (en un tribunal)",
      "Redención después de la venta",
      "Nueva York",
      "El idioma de sus documentos",
    ]) {
      expect(text).toContain(words);
    }
    expect(englishChrome(text)).toEqual([]);
    expect(html).toContain('<time dateTime="2026-11-25" data-guide-updated="">');
  });

  it("says once that the rows are English, and marks their text so", async () => {
    const html = await renderSpanish(modules, "ejecucion-hipotecaria");
    expect(html.match(/data-rows-language=""/g)).toHaveLength(1);
    const { rows } = modules.law.getForeclosureLaw();
    const texas = rows.find((row) => row.name === "Texas")!;
    expect(html).toContain(`<span lang="en">${escapeHtml(texas.note)}</span>`);
    // The rows' sources, each an English page, are marked as a list in English.
    expect(html).toContain('<ul class="space-y-1" lang="en">');
  });

  it("shows the probate guide's small-estates table in Spanish", async () => {
    const text = ownLanguageText(await renderSpanish(modules, "casa-heredada-sucesion"));
    expect(text).toContain("¿Puede una casa pasar por el procedimiento simplificado?");
    expect(text).toContain("Procedimiento simplificado");
    expect(text).toContain("En algunos casos");
    expect(englishChrome(text)).toEqual([]);
  });

  it("links to the other Spanish guides, and names the English-only comparison so", async () => {
    const html = await renderSpanish(modules, "divorcio");
    expect(relatedLinks(html)).toEqual([
      ["/es/situaciones/casa-heredada-sucesion", "Casa heredada"],
      ["/es/situaciones/ejecucion-hipotecaria", "Ejecución hipotecaria"],
      ["/es/situaciones/impuestos-atrasados", "Impuestos a la propiedad atrasados"],
      [
        "/cash-offer-vs-listing",
        "Oferta en efectivo, venta con agente o venta por su cuenta (en inglés)",
      ],
    ]);
  });

  it("ends with the offer form in Spanish, which says it is Spanish", async () => {
    const html = await renderSpanish(modules, "impuestos-atrasados");
    const props = JSON.parse(
      html
        .match(/data-island="offer-form" data-props="([^"]*)"/)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
    );
    expect(props.language).toBe("es");
    expect(props.source).toBe("/es/situaciones/impuestos-atrasados");
    expect(props.copy.submit).toBe("Obtener mi oferta en efectivo");
  });

  it("tells search engines its language, its breadcrumb from Inicio, and its English pair", async () => {
    const html = await renderSpanish(modules, "ejecucion-hipotecaria");
    const graph = jsonLd(html);
    expect(graph.find((node) => node["@type"] === "Article")?.inLanguage).toBe("es-US");
    const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList")?.itemListElement as {
      name: string;
      item: string;
    }[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual(["Inicio", "Ejecución hipotecaria"]);
    expect(crumbs[0]!.item).toMatch(/\/es$/);

    const metadata = await modules.spanish.generateMetadata({
      params: Promise.resolve({ slug: "ejecucion-hipotecaria" }),
    });
    expect(metadata.openGraph).toMatchObject({ locale: "es_US" });
    expect(Object.keys(metadata.alternates?.languages ?? {})).toEqual([
      "en-US",
      "es-US",
      "x-default",
    ]);
    expect(String(metadata.alternates?.languages?.["en-US"])).toMatch(/\/situations\/foreclosure$/);
  });
});

describe("the English guides", () => {
  it.each([true, false])(
    "keep their English words with the Spanish line %s",
    async (spanishLine) => {
      const modules = load(spanishLine);
      const html = await renderEnglish(modules, "foreclosure");
      const text = ownLanguageText(html);
      for (const words of [
        "Home",
        "Updated",
        "Questions and answers",
        "Sources",
        "Other situations",
        "Checked ",
        "The usual process",
        "Judicial (in court)",
        "Redemption after the sale",
        "New York",
      ]) {
        expect(text).toContain(words);
      }
      for (const spanish of ["Inicio", "Fuentes", "Actualizado", "Nueva York", "en inglés"]) {
        expect(text).not.toContain(spanish);
      }
      expect(html).not.toContain('lang="en"');
      expect(html).not.toContain("data-rows-language");
      expect(html).not.toContain("data-spanish-service");
    },
  );
});
