import { parse } from "parse5";

import { EXAMPLE_SPANISH_PHONE, SPANISH_PHONE_VARIABLE } from "@/config/languages.mjs";
import { parseUsPhone, site } from "@/config/site";

type Node = {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
};

type Rendered = { html: string; metadata: import("next").Metadata };

/**
 * A policy route rendered as a build with (or without) a number answered in Spanish renders
 * it: the page's markup and its metadata.
 */
function renderRoute(file: string, spanishLine: boolean): Rendered {
  const saved = { ...process.env };
  if (spanishLine) process.env[SPANISH_PHONE_VARIABLE] = EXAMPLE_SPANISH_PHONE;
  else delete process.env[SPANISH_PHONE_VARIABLE];
  try {
    let rendered: Rendered | undefined;
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- fresh modules, for the build's environment */
      const { renderToStaticMarkup } =
        require("react-dom/server") as typeof import("react-dom/server");
      const route = require(file) as {
        default: () => React.JSX.Element;
        metadata: Rendered["metadata"];
      };
      /* eslint-enable @typescript-eslint/no-require-imports */
      const Page = route.default;
      rendered = { html: renderToStaticMarkup(<Page />), metadata: route.metadata };
    });
    return rendered!;
  } finally {
    process.env = saved;
  }
}

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;

/** The text and accessible names a visitor meets in the page's language (the brand aside). */
function ownLanguageText(html: string): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeName === "script" || attr(node, "lang") === "en") return;
    if (node.nodeName === "#text") parts.push(node.value ?? "");
    const label = attr(node, "aria-label");
    if (label) parts.push(label);
    node.childNodes?.forEach(walk);
  };
  walk(parse(html) as unknown as Node);
  return parts.join(" ").replace(/\s+/g, " ").replaceAll(site.name, "");
}

const SPANISH_LINE = parseUsPhone(EXAMPLE_SPANISH_PHONE).href;

const ENGLISH_CHROME = [
  /\bHome\b/,
  /Last updated/,
  /\bSources\b/,
  /Privacy Policy/,
  /Terms of Use/,
];

describe("a Spanish policy page", () => {
  const privacy = renderRoute("@/app/(es)/es/privacidad/page.es", true);

  it("shows its chrome in Spanish, its date too, and no English chrome", () => {
    const text = ownLanguageText(privacy.html);
    expect(text).toContain("Inicio");
    expect(text).toContain("Política de privacidad");
    expect(text).toMatch(/Última actualización: \d{1,2} de [a-z]+ de \d{4}/);
    // Terms mentions its English version by name, so only the privacy policy is held to this.
    expect(ENGLISH_CHROME.filter((word) => word.test(text)).map((word) => word.source)).toEqual([]);
  });

  it("gives the number answered in Spanish where the homeowner calls us, and keeps the privacy line", () => {
    expect(SPANISH_LINE).not.toBe(site.company.phone.href);
    expect(privacy.html).toContain(`href="${SPANISH_LINE}"`);
    expect(privacy.html).not.toContain(`href="${site.company.phone.href}"`);
    expect(privacy.html).toContain(`href="${site.company.privacyPhone.href}"`);
    expect(privacy.html).toContain('<h2 id="no-vender-ni-compartir-mi-informacion-personal">');
  });

  it("tells search engines its language and its English pair", () => {
    const json = privacy.html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
    const graph = JSON.parse(json![1]!)["@graph"] as { "@type": string; [key: string]: unknown }[];
    const page = graph.find((node) => node["@type"] === "WebPage");
    expect(page).toMatchObject({ inLanguage: "es-US", name: "Política de privacidad" });
    const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList")?.itemListElement as {
      name: string;
    }[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual(["Inicio", "Política de privacidad"]);
    expect(privacy.metadata.openGraph).toMatchObject({ locale: "es_US" });
    expect(String(privacy.metadata.alternates?.languages?.["en-US"])).toMatch(/\/privacy$/);
    expect(String(privacy.metadata.alternates?.canonical)).toMatch(/\/es\/privacidad$/);
  });

  it.each([
    ["@/app/(es)/es/terminos/page.es", "Términos de uso"],
    ["@/app/(es)/es/politica-de-mensajes/page.es", "Política de mensajes de texto"],
  ])("%s is the Spanish %s", (file, title) => {
    const { html, metadata } = renderRoute(file, true);
    const text = ownLanguageText(html);
    expect(text).toContain(`Inicio ${title}`);
    expect(text).toContain("Última actualización:");
    expect(text).not.toMatch(/Last updated|\bHome\b/);
    expect(html).toContain(`href="${SPANISH_LINE}"`);
    expect(metadata.openGraph).toMatchObject({ locale: "es_US" });
  });
});

describe("the English policy pages", () => {
  it.each([true, false])("are unchanged, with the Spanish line %s", (spanishLine) => {
    const { html, metadata } = renderRoute("@/app/(en)/privacy/page", spanishLine);
    const text = ownLanguageText(html);
    expect(text).toMatch(/Home Privacy Policy/);
    expect(text).toMatch(/Last updated [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(text).not.toMatch(/Inicio|Última actualización/);
    expect(html).toContain(`href="${site.company.phone.href}"`);
    expect(html).not.toContain("application/ld+json");
    expect(metadata.openGraph).toMatchObject({ locale: "en_US" });
  });
});
