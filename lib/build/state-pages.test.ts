import { getStatePage, getStatePages, parseStatePage, stateTitle } from "@/lib/build/state-pages";
import { stateSummaries } from "@/lib/states";

const pages = getStatePages();

describe("state page content", () => {
  it("has a page for each of the 50 states, in alphabetical order", () => {
    expect(pages).toHaveLength(50);
    expect(pages.map((page) => page.name)).toEqual(stateSummaries.map((state) => state.name));
  });

  it("starts Ohio and Texas with the cities the specification names", () => {
    expect(getStatePage("ohio")?.majorCities.slice(0, 3)).toEqual([
      "Columbus",
      "Cleveland",
      "Cincinnati",
    ]);
    expect(getStatePage("texas")?.majorCities.slice(0, 4)).toEqual([
      "Houston",
      "San Antonio",
      "Dallas",
      "Austin",
    ]);
  });

  it("never repeats a benefit sentence across states", () => {
    const all = pages.flatMap((page) => page.benefits);
    expect(new Set(all).size).toBe(50 * 7);
  });

  it("is not a template with the state name swapped", () => {
    // With names and cities blanked out, no benefit may read the same in two states.
    const skeletons = pages.flatMap((page) =>
      page.benefits.map((sentence) =>
        [page.name, ...page.majorCities]
          .reduce((text, word) => text.split(word).join("#"), sentence)
          .toLowerCase(),
      ),
    );
    expect(new Set(skeletons).size).toBe(skeletons.length);
  });

  it("answers each state's questions in its own words, never another state's with the name swapped", () => {
    const skeletons = pages.flatMap((page) =>
      page.faq.map((item) =>
        [page.name, page.code, ...page.majorCities]
          .reduce((text, word) => text.split(word).join("#"), item.answer)
          .toLowerCase(),
      ),
    );
    expect(new Set(skeletons).size).toBe(skeletons.length);
  });

  it("never promises a flat 7-day close", () => {
    for (const page of pages) {
      for (const text of [
        page.description,
        ...page.benefits,
        ...page.faq.map((item) => item.answer),
      ]) {
        expect(text).not.toMatch(/close (in|within) (7|seven) days/i);
      }
    }
  });

  it("gives every state its own description", () => {
    expect(new Set(pages.map((page) => page.description)).size).toBe(50);
  });

  it("builds the fixed title template with the postal code", () => {
    expect(stateTitle({ name: "Ohio", code: "OH" })).toBe(
      "Sell My House Fast Ohio - Cash Home Buyers OH",
    );
    expect(getStatePage("new-hampshire")?.title).toBe(
      "Sell My House Fast New Hampshire - Cash Home Buyers NH",
    );
    expect(getStatePage("west-virginia")?.path).toBe("/sell-house-fast-west-virginia");
  });

  it("knows no state outside the 50", () => {
    expect(getStatePage("narnia")).toBeUndefined();
    expect(getStatePage("Ohio")).toBeUndefined();
  });
});

describe("state content check", () => {
  const ohio = stateSummaries.find((state) => state.slug === "ohio")!;
  const valid = {
    description: "x".repeat(140),
    keywords: ["sell my house fast ohio", "cash home buyers ohio", "a b c", "d e f", "g h i"],
    majorCities: Array.from({ length: 10 }, (_, i) => `City ${i}`),
    benefits: Array.from({ length: 7 }, (_, i) => `Benefit number ${i} `.padEnd(80, "z")),
    faq: Array.from({ length: 3 }, (_, i) => ({
      question: `Question number ${i}?`,
      answer: `Answer number ${i} `.padEnd(150, "z"),
    })),
  };

  it("accepts complete content", () => {
    expect(parseStatePage(ohio, valid, "content/states/ohio.json").title).toBe(
      "Sell My House Fast Ohio - Cash Home Buyers OH",
    );
  });

  it.each([
    ["a missing field", { ...valid, description: undefined }, /description/],
    ["an 11th city", { ...valid, majorCities: [...valid.majorCities, "Extra"] }, /majorCities/],
    [
      "a repeated city",
      { ...valid, majorCities: [...valid.majorCities.slice(0, 9), "City 0"] },
      /listed twice/,
    ],
    ["a sixth benefit only", { ...valid, benefits: valid.benefits.slice(0, 6) }, /benefits/],
    ["a fifth question", { ...valid, faq: [...valid.faq, ...valid.faq.slice(0, 2)] }, /faq/],
    [
      "a question without its question mark",
      { ...valid, faq: [{ ...valid.faq[0]!, question: "Tell me about probate" }, ...valid.faq] },
      /faq\.0\.question/,
    ],
    ["an unknown key", { ...valid, intro: "hi" }, /intro/],
  ])("refuses %s and names the state and file", (_case, raw, problem) => {
    expect(() => parseStatePage(ohio, raw, "content/states/ohio.json")).toThrow(
      /Invalid state content for Ohio in content\/states\/ohio\.json/,
    );
    expect(() => parseStatePage(ohio, raw, "content/states/ohio.json")).toThrow(problem);
  });
});
