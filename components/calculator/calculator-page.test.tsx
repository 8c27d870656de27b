import { renderToStaticMarkup } from "react-dom/server";

import {
  REPAIR_CHECKLIST_ES,
  calculatorPageCopyEs,
  calculatorTextEs,
} from "@/content/es/calculator";
import { CalculatorPage } from "@/components/calculator/calculator-page";

/** The island's props, as the page writes them into the HTML. */
function islandProps(html: string) {
  const encoded = /data-props="([^"]*)"/.exec(html)![1]!;
  const json = encoded
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return JSON.parse(json) as {
    states: { code: string; name: string; statePath: string; offer: string; notes: string[][] }[];
    text: { links: { calculator: string } };
  };
}

const spanish = (stateCode: string) =>
  renderToStaticMarkup(
    <CalculatorPage
      stateCode={stateCode}
      language="es"
      copy={calculatorPageCopyEs}
      text={calculatorTextEs}
      checklist={REPAIR_CHECKLIST_ES}
    />,
  );

describe("the Spanish calculator page", () => {
  beforeAll(() => jest.useFakeTimers({ now: new Date("2026-11-30T12:00:00Z") }));
  afterAll(() => jest.useRealTimers());

  it("starts its breadcrumb at the Spanish home and writes its dates in Spanish", () => {
    const html = spanish("CA");
    expect(html).toContain('<a href="/es" class="underline-offset-4 hover:underline">Inicio</a>');
    expect(html).toMatch(/Datos del impuesto de transferencia al \d{1,2} de [a-z]+ de \d{4}\./);
    expect(html).toContain("verificado el 27 de noviembre de 2026");
    expect(html).not.toMatch(/(verificado el|Desde el|transferencia al) [A-Z][a-z]+ \d/);
  });

  it("links the Spanish state page where there is one, else the English one and says so", () => {
    const { states, text } = islandProps(spanish("CA"));
    const state = (code: string) => states.find((candidate) => candidate.code === code)!;
    expect(text.links.calculator).toBe("/es/calculadora");
    expect(state("NY")).toMatchObject({
      name: "Nueva York",
      statePath: "/es/vender-casa-rapido-nueva-york",
      offer: "Obtenga su oferta real en efectivo por su casa en Nueva York",
    });
    expect(state("OH")).toMatchObject({
      statePath: "/sell-house-fast-ohio",
      offer: "Obtenga su oferta real en efectivo por su casa en Ohio (en inglés)",
    });
    // In the order Spanish spells the names: Carolina del Norte among the Cs.
    const names = states.map((candidate) => candidate.name);
    expect(names.indexOf("Carolina del Norte")).toBeLessThan(names.indexOf("Colorado"));
    // The place field's label is the page's language, whatever the data calls it.
    const placeLabel = (code: string) =>
      (state(code) as { localities?: { label: string } }).localities?.label;
    expect(placeLabel("OH")).toBe("Condado");
    expect(placeLabel("CA")).toBe("Condado o ciudad");
    expect(placeLabel("PA")).toBe("Municipio");
  });

  it("says once that the tax data is in English, and marks it so", () => {
    const { states } = islandProps(spanish("CA"));
    const ohio = states.find((candidate) => candidate.code === "OH")!;
    expect(ohio.notes[0]).toEqual([
      "Los detalles de cada impuesto están en inglés, como sus fuentes.",
    ]);
    expect(ohio.notes.slice(1).every(([, lang]) => lang === "en")).toBe(true);
    const texas = states.find((candidate) => candidate.code === "TX")!;
    expect(texas.notes[0]).toEqual([
      "Texas no cobra impuesto estatal de transferencia ni impuesto sobre la escritura en una venta.",
    ]);
  });

  it("names a change to come in Spanish, the tax's own name kept", () => {
    const html = spanish("CA");
    expect(html).toContain(
      "Desde el 1 de enero de 2027: Berkeley real property transfer tax, 1.5% por debajo de $1,600,000",
    );
  });
});

describe("the English calculator page", () => {
  it("keeps its words, links and dates", () => {
    jest.useFakeTimers({ now: new Date("2026-11-30T12:00:00Z") });
    const html = renderToStaticMarkup(<CalculatorPage stateCode="CA" />);
    jest.useRealTimers();
    expect(html).toContain('<a href="/" class="underline-offset-4 hover:underline">Home</a>');
    expect(html).toContain("checked November 27, 2026");
    expect(html).not.toMatch(/lang=/);
    const { states } = islandProps(html);
    expect(states.find((state) => state.code === "OH")).toMatchObject({
      name: "Ohio",
      statePath: "/sell-house-fast-ohio",
      offer: "Get your real cash offer for your Ohio house",
    });
    expect(html).toContain("From January 1, 2027: Berkeley real property transfer tax");
  });
});
