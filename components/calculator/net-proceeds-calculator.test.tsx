/**
 * @jest-environment jsdom
 */
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";

import { REPAIR_CHECKLIST, WORKED_EXAMPLE, calculatorText } from "@/content/calculator";
import { REPAIR_CHECKLIST_ES, calculatorTextEs } from "@/content/es/calculator";
import { islandWords } from "@/components/calculator/island-words";
import {
  NetProceedsCalculator,
  type CalculatorStateData,
  type NetProceedsCalculatorProps,
} from "@/components/calculator/net-proceeds-calculator";

/** Ohio with a county to choose, as the page builds it: the English and the Spanish data. */
function ohio(spanish: boolean): CalculatorStateData {
  const data = (text: string) => (spanish ? ([text, "en"] as const) : ([text] as const));
  return {
    code: "OH",
    name: "Ohio",
    slug: "ohio",
    statePath: "/sell-house-fast-ohio",
    offer: spanish
      ? "Obtenga su oferta real en efectivo por su casa en Ohio (en inglés)"
      : "Get your real cash offer for your Ohio house",
    taxes: [
      {
        name: "Conveyance fee",
        method: "flat",
        schedule: [{ from: 0, rate: 0.001 }],
        sellerShare: 1,
        paidBy: "The seller, by custom.",
      },
    ],
    notes: [
      ...(spanish
        ? [["Los detalles de cada impuesto están en inglés, como sus fuentes."] as const]
        : []),
      data("Conveyance fee: The seller, by custom."),
    ],
    localities: {
      label: "County",
      default: "franklin",
      choices: [
        {
          id: "franklin",
          name: "Franklin County",
          taxes: [
            {
              name: "County fee",
              method: "flat",
              schedule: [{ from: 0, rate: 0.002 }],
              per: 100,
              sellerShare: 1,
              paidBy: "The seller, by custom.",
            },
          ],
          about: [data("County fee: the seller, by custom.")],
          sources: [{ title: "The auditor", url: "https://example.org/franklin" }],
          checked: spanish ? "27 de noviembre de 2026" : "November 27, 2026",
          uncertain: [data("Not confirmed.")],
        },
      ],
    },
    source: { title: "A source", url: "https://example.org/ohio" },
    checked: spanish ? "25 de noviembre de 2026" : "November 25, 2026",
  };
}

const props = (spanish: boolean): NetProceedsCalculatorProps => ({
  states: [ohio(spanish)],
  initialState: "OH",
  text: spanish ? islandWords(calculatorTextEs) : islandWords(calculatorText),
  example: WORKED_EXAMPLE,
  checklist: spanish ? [...REPAIR_CHECKLIST_ES] : [...REPAIR_CHECKLIST],
  builtOn: "2026-11-29",
});

function render(spanish: boolean): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<NetProceedsCalculator {...props(spanish)} />);
  return container;
}

const textOf = (container: HTMLElement, selector: string) =>
  [...container.querySelectorAll(selector)].map((element) => element.textContent);

describe("the calculator island in English", () => {
  it("reads as it always did", () => {
    const page = render(false);
    expect(page.querySelector("[data-calculator-verdict]")!.textContent).toBe(
      "Listing with an agent would likely leave you $4,904 to $34,904 more, if the house sells for $300,000 within 3 months. That compares it with our estimated range of cash offers; a real offer comes after we look at the house.",
    );
    expect(textOf(page, '[data-line="carrying"] span.block:nth-child(2)')).toEqual([
      "$1,850 a month × 3 months",
      "$1,850 a month × 12 ÷ 52 weeks × 2 weeks",
    ]);
    expect(textOf(page, '[data-summary="time"] td')).toEqual(["3 months", "2 weeks"]);
    expect(textOf(page, '[data-column="cash"] [data-line="net"] td')).toEqual([
      "$69,146 to $99,146",
    ]);
    expect(page.querySelector('[data-line="local-tax-0"] th')!.textContent).toContain(
      "County fee: the seller, by custom. Source: The auditor, checked November 27, 2026. Not confirmed.",
    );
    const link = page.querySelector<HTMLAnchorElement>("a.calc-cta")!;
    expect(link.getAttribute("href")).toBe("/sell-house-fast-ohio#offer-form");
    expect(link.textContent).toBe("Get your real cash offer for your Ohio house");
    // Nothing is marked as another language on the English page.
    expect(page.querySelector("[lang]")).toBeNull();
  });
});

describe("the calculator island in Spanish", () => {
  it("shows Spanish words, Spanish plurals and a Spanish range, with US amounts", () => {
    const page = render(true);
    expect(page.querySelector("form")!.getAttribute("aria-label")).toBe("Sus cifras");
    expect(page.querySelector("[data-calculator-verdict]")!.textContent).toBe(
      "Vender con un agente probablemente le dejaría $4,904 a $34,904 más, si la casa se vende en $300,000 dentro de 3 meses. Eso lo compara con nuestro rango estimado de ofertas en efectivo; una oferta real llega después de que veamos la casa.",
    );
    expect(textOf(page, '[data-line="carrying"] span.block:nth-child(2)')).toEqual([
      "$1,850 al mes × 3 meses",
      "$1,850 al mes × 12 ÷ 52 semanas × 2 semanas",
    ]);
    expect(textOf(page, '[data-summary="time"] td')).toEqual(["3 meses", "2 semanas"]);
    expect(textOf(page, '[data-column="cash"] [data-line="net"] td')).toEqual([
      "$69,146 a $99,146",
    ]);
    expect(page.textContent).not.toMatch(/\bmess\b|\bmonths?\b|\bweeks?\b| to \$/);
  });

  it("marks the tax data's English notes as English, and says so once in Spanish", () => {
    const page = render(true);
    const notes = [...page.querySelectorAll("h3 ~ p")];
    expect(notes.map((note) => [note.textContent, note.getAttribute("lang")])).toEqual([
      ["Los detalles de cada impuesto están en inglés, como sus fuentes.", null],
      ["Conveyance fee: The seller, by custom.", "en"],
    ]);
    const place = page.querySelector('[data-line="local-tax-0"] th')!;
    expect(textOf(place as HTMLElement, '[lang="en"]')).toEqual([
      "County fee: the seller, by custom. ",
      " Not confirmed.",
    ]);
    expect(place.textContent).toContain(
      "Fuente: The auditor, verificado el 27 de noviembre de 2026.",
    );
  });

  it("leads to the state's page, saying when it is in English", () => {
    const link = render(true).querySelector<HTMLAnchorElement>("a.calc-cta")!;
    expect(link.getAttribute("href")).toBe("/sell-house-fast-ohio#offer-form");
    expect(link.textContent).toBe(
      "Obtenga su oferta real en efectivo por su casa en Ohio (en inglés)",
    );
  });

  it("hydrates the markup the build rendered, without a warning", async () => {
    const island = props(true);
    const container = render(true);
    document.body.replaceChildren(container);
    const markup = container.innerHTML;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      await act(async () => {
        hydrateRoot(container, <NetProceedsCalculator {...island} />, {
          onRecoverableError: (error) => console.error(error),
        });
      });
      expect(errors.mock.calls).toEqual([]);
    } finally {
      errors.mockRestore();
    }
    expect(container.innerHTML).toBe(markup);
  });
});
