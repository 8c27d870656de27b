/**
 * @jest-environment jsdom
 */
import { act, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";

import { CONSENT_VERSION, callConsent, submitAgreement, textsConsent } from "@/content/consent";
import { offerFormCopy } from "@/content/offer-form";
import { REPAIR_CHECKLIST, WORKED_EXAMPLE, calculatorText } from "@/content/calculator";
import { REPAIR_CHECKLIST_ES, calculatorTextEs } from "@/content/es/calculator";
import { ALL_POSTS } from "@/lib/blog-categories";
import { showTrackingPhone } from "@/lib/browser/call-tracking";
import { islandWords } from "@/components/calculator/island-words";
import { islandElement, islandIdPrefix } from "@/components/islands/island-root";
import { ISLANDS, type IslandName } from "@/components/islands/registry";

/**
 * Every island rendered as the build renders it, then hydrated as the browser does, with
 * React's development build: it reports every difference between the server's markup and
 * the first client render (attributes included, which production React lets pass).
 */
const company = {
  name: "Quick Home Buyers",
  phone: { display: "(614) 555-0142", href: "tel:+16145550142" },
};
const posts = [
  { slug: "a", category: "Estate Sales" },
  { slug: "b", category: "Market Analysis" },
] as const;

const form = {
  id: "offer-form",
  company,
  action: "/functions/v1/send-contact-email",
  copy: offerFormCopy,
  wording: {
    version: CONSENT_VERSION,
    withPhone: "a".repeat(64),
    withoutPhone: "b".repeat(64),
    submit: submitAgreement,
    calls: callConsent(company.name),
    texts: textsConsent(company.name),
  },
};

const examples: [IslandName, object][] = [
  ["offer-form", { ...form, source: "/", placeholder: "123 Main St, Springfield, IL" }],
  [
    "offer-form",
    {
      ...form,
      source: "/sell-house-fast-ohio",
      state: "Ohio",
      placeholder: "123 Main St, Columbus, OH",
    },
  ],
  ["blog-filter", { posts, category: ALL_POSTS }],
  ["blog-filter", { posts, category: "Estate Sales" }],
  [
    "share-button",
    { title: "A post", text: "Its excerpt", url: "https://quickhomebuyers.com/blog/a" },
  ],
  [
    "net-proceeds-calculator",
    {
      initialState: "OH",
      text: islandWords(calculatorText),
      example: WORKED_EXAMPLE,
      checklist: [...REPAIR_CHECKLIST],
      builtOn: "2026-11-25",
      states: [
        {
          code: "OH",
          name: "Ohio",
          slug: "ohio",
          statePath: "/sell-house-fast-ohio",
          offer: "Get your real cash offer for your Ohio house",
          taxes: [
            {
              name: "Conveyance fee",
              method: "flat",
              schedule: [{ from: 0, rate: 0.001 }],
              sellerShare: 1,
              paidBy: "The seller, by custom.",
            },
          ],
          notes: [["Conveyance fee: the seller, by custom."], ["Counties add their own fee."]],
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
                about: [["County fee: the seller, by custom."]],
                sources: [{ title: "The auditor", url: "https://example.org/franklin" }],
                checked: "November 27, 2026",
              },
              {
                id: "other",
                name: "Another county",
                taxes: [],
                note: "Not included: ask the auditor.",
                about: [],
                sources: [{ title: "A guide", url: "https://example.org/guide" }],
                checked: "November 27, 2026",
                uncertain: [["Not confirmed."]],
              },
            ],
          },
          source: { title: "A source", url: "https://example.org/ohio" },
          checked: "November 25, 2026",
        },
        {
          code: "TX",
          name: "Texas",
          slug: "texas",
          statePath: "/sell-house-fast-texas",
          offer: "Get your real cash offer for your Texas house",
          taxes: [],
          notes: [["Texas has no state transfer or deed tax on a sale."]],
          source: { title: "Another source", url: "https://example.org/texas" },
          checked: "November 25, 2026",
        },
      ],
    },
  ],
  [
    "net-proceeds-calculator",
    {
      initialState: "TX",
      text: islandWords(calculatorTextEs),
      example: WORKED_EXAMPLE,
      checklist: [...REPAIR_CHECKLIST_ES],
      builtOn: "2026-11-25",
      states: [
        {
          code: "TX",
          name: "Texas",
          slug: "texas",
          statePath: "/es/vender-casa-rapido-texas",
          offer: "Obtenga su oferta real en efectivo por su casa en Texas",
          taxes: [],
          notes: [
            ["Los detalles de cada impuesto están en inglés, como sus fuentes."],
            [
              "Texas no cobra impuesto estatal de transferencia ni impuesto sobre la escritura en una venta.",
            ],
            ["No county or city transfer tax.", "en"],
          ],
          source: { title: "Another source", url: "https://example.org/texas" },
          checked: "25 de noviembre de 2026",
        },
      ],
    },
  ],
  ["missing-path-logger", {}],
  ["scroll-to-top", {}],
];

beforeAll(() => {
  // jsdom draws nothing: no scrolling to do.
  window.scrollTo = () => {};
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

it("covers every island", () => {
  expect(new Set(examples.map(([name]) => name))).toEqual(new Set(Object.keys(ISLANDS)));
});

it.each(examples)(
  "%s hydrates the markup the build rendered, without a warning",
  async (name, props) => {
    const Component = ISLANDS[name].component as ComponentType<object>;
    const identifierPrefix = islandIdPrefix(name, 0);
    const container = document.createElement("qhb-island");
    container.innerHTML = renderToString(islandElement(Component, props), { identifierPrefix });
    document.body.replaceChildren(container);
    const markup = container.innerHTML;

    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    const warnings = jest.spyOn(console, "warn").mockImplementation(() => {});
    let hydrated = false;
    try {
      await act(async () => {
        hydrateRoot(
          container,
          islandElement(Component, props, () => (hydrated = true)),
          {
            identifierPrefix,
            onRecoverableError: (error) => console.error(error),
          },
        );
      });
      // The not-found page's logger writes the missing path, as the specification asks.
      const unexpected = errors.mock.calls.filter(
        ([first]) => !String(first).startsWith("404 Error: User attempted to access"),
      );
      expect(unexpected).toEqual([]);
      expect(warnings.mock.calls).toEqual([]);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
    expect(hydrated).toBe(true);
    if (name === "blog-filter") return;
    if (name !== "offer-form") {
      expect(container.innerHTML).toBe(markup);
      return;
    }
    // The form marks itself taken over once hydrated, and nothing else changes: the browser's
    // own checks give way to the wizard's, and the submit waits for an e-mail address.
    const form = container.querySelector("form")!;
    expect(form.hasAttribute("data-enhanced")).toBe(true);
    expect(form.noValidate).toBe(true);
    expect(form.querySelector<HTMLButtonElement>("button[type=submit]")!.disabled).toBe(true);
    form.removeAttribute("data-enhanced");
    form.removeAttribute("novalidate");
    form.querySelector("button[type=submit]")!.removeAttribute("disabled");
    expect(container.innerHTML).toBe(markup);
  },
);

it("hydrates the offer form with the visit's tracking number, which the page script put in first", async () => {
  const props = { ...form, source: "/", placeholder: "123 Main St, Springfield, IL" };
  const Component = ISLANDS["offer-form"].component as ComponentType<object>;
  const identifierPrefix = islandIdPrefix("offer-form", 0);
  const container = document.createElement("qhb-island");
  container.innerHTML = renderToString(islandElement(Component, props), { identifierPrefix });
  document.body.replaceChildren(container);
  const link = () => container.querySelector<HTMLAnchorElement>("a[data-phone]")!;
  expect(link().textContent).toBe("(614) 555-0142");

  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  try {
    showTrackingPhone({ landing_page: "/", gclid: "Cj0" }, { google: "(614) 201-0150" }, document);
    expect(link().textContent).toBe("(614) 201-0150");
    await act(async () => {
      hydrateRoot(container, islandElement(Component, props), {
        identifierPrefix,
        onRecoverableError: (error) => console.error(error),
      });
    });
    expect(errors.mock.calls).toEqual([]);
    expect(link().getAttribute("href")).toBe("tel:+16142010150");
    expect(link().textContent).toBe("(614) 201-0150");
  } finally {
    errors.mockRestore();
    showTrackingPhone(undefined, {}, document);
  }
});
