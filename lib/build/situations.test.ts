import { getPosts } from "@/lib/build/blog";
import {
  STATE_TABLE_MARKER,
  getComparePage,
  getSituation,
  getSituations,
  getSpanishGuide,
  getSpanishGuides,
  parseGuide,
  type Guide,
} from "@/lib/build/situations";
import { getStatePages } from "@/lib/build/state-pages";
import { SITUATION_SLUGS } from "@/lib/situations";
import { SPANISH_GUIDE_SITUATIONS, SPANISH_GUIDE_SLUGS } from "@/content/es/situations";

const situations = getSituations();

describe("situation guides", () => {
  it("has a guide for every situation the issue names, in index order, at /situations/<slug>", () => {
    expect(situations.map((situation) => situation.slug)).toEqual([...SITUATION_SLUGS]);
    expect(SITUATION_SLUGS).toEqual(
      expect.arrayContaining([
        "inherited-house-probate",
        "foreclosure",
        "divorce",
        "relocation",
        "tired-landlord",
        "major-repairs",
        "behind-on-property-taxes",
      ]),
    );
    for (const situation of situations) {
      expect(situation.path).toBe(`/situations/${situation.slug}`);
    }
  });

  it("covers the options, the timeline, what a cash sale changes and when another route is better", () => {
    for (const { slug, html } of situations) {
      const body = `${html.before}${html.after ?? ""}`;
      expect([slug, body]).toEqual([slug, expect.stringContaining('<h2 id="your-options">')]);
      expect(body).toContain('<h2 id="how-long-it-usually-takes">');
      expect(body).toContain('<h2 id="what-a-cash-sale-changes-and-what-it-does-not">');
      expect(body).toContain('<h2 id="when-another-route-is-better">');
    }
  });

  it("gives every guide its own questions, at least three, and its sources", () => {
    const questions = situations.flatMap((situation) => situation.faq.map((item) => item.question));
    expect(new Set(questions).size).toBe(questions.length);
    for (const situation of situations) {
      expect(situation.faq.length).toBeGreaterThanOrEqual(3);
      expect(situation.sources.length).toBeGreaterThan(0);
    }
  });

  it("puts the state tables in the foreclosure and probate guides, where the law differs by state", () => {
    expect(getSituation("foreclosure")?.stateTable).toBe("foreclosure");
    expect(getSituation("inherited-house-probate")?.stateTable).toBe("small-estates");
    for (const situation of situations) {
      expect(situation.html.after !== undefined).toBe(situation.stateTable !== undefined);
    }
  });

  it("cites the site's own posts by their real paths", () => {
    const paths = new Set(getPosts().map((post) => post.path));
    const own = [...situations, getComparePage()]
      .flatMap((guide) => guide.sources)
      .filter((source) => source.url.startsWith("/"));
    expect(own.length).toBeGreaterThan(0);
    for (const source of own) expect(paths).toContain(source.url);
  });

  it("publishes the comparison at /cash-offer-vs-listing with the six things it compares", () => {
    const compare = getComparePage();
    expect(compare.path).toBe("/cash-offer-vs-listing");
    for (const row of [
      "Money you keep",
      "Time to close",
      "Repairs and preparation",
      "Showings",
      "Certainty",
      "Who it suits",
    ]) {
      expect(compare.html.before).toContain(`<strong>${row}</strong>`);
    }
  });

  it("links state questions only to guides that exist", () => {
    const linked = getStatePages().flatMap((state) =>
      state.faq.flatMap((item) => (item.situation ? [item.situation] : [])),
    );
    expect(linked.length).toBeGreaterThanOrEqual(50);
    for (const slug of linked) expect(getSituation(slug)).toBeDefined();
  });
});

describe("the Spanish guides", () => {
  const guides = getSpanishGuides();

  it("are the four the issue names, in the Spanish menus' order, at /es/situaciones/<Spanish slug>", () => {
    expect(guides.map((guide) => guide.situation)).toEqual([...SPANISH_GUIDE_SITUATIONS]);
    for (const guide of guides) {
      expect(guide.slug).toBe(SPANISH_GUIDE_SLUGS[guide.situation]);
      expect(guide.path).toBe(`/es/situaciones/${guide.slug}`);
      expect(getSpanishGuide(guide.slug)).toBe(guide);
    }
    expect(getSpanishGuide("foreclosure")).toBeUndefined();
  });

  it("say what their English guides say: the same sections, questions and state table", () => {
    for (const guide of guides) {
      const english = getSituation(guide.situation)!;
      const sections = (html: Guide["html"]) =>
        `${html.before}${html.after ?? ""}`.match(/<h2 id="[^"]+">/g)?.length;
      expect([guide.slug, sections(guide.html)]).toEqual([guide.slug, sections(english.html)]);
      expect(guide.faq).toHaveLength(english.faq.length);
      expect(guide.stateTable).toBe(english.stateTable);
    }
  });

  it("open with Spanish sections, and say where an English-only source is English", () => {
    for (const guide of guides) {
      expect(guide.html.before).toContain('<h2 id="sus-opciones">');
      for (const source of guide.sources) {
        if (!source.url.startsWith("/es")) expect(source.title).toMatch(/\(en inglés\)$/);
      }
    }
  });
});

describe("guide front matter check", () => {
  const valid = {
    slug: "example",
    title: "Selling a House in an Example",
    headline: "An example headline that is long enough",
    cardTitle: "Example",
    description:
      "A description long enough for a search result snippet, between one hundred and one hundred seventy characters.",
    lead: "A lead paragraph that is long enough to introduce the guide to a homeowner who arrives from search.",
    updated: "2026-11-25",
    faq: [1, 2, 3].map((n) => ({
      question: `What is example question number ${n}?`,
      answer:
        "An answer in plain text that is long enough to pass the check, saying what a homeowner needs to know about it and why it matters.",
    })),
    sources: [{ title: "A source", url: "https://example.com/source" }],
  };
  const file = "content/situations/example.md";

  it("accepts complete front matter", () => {
    expect(parseGuide(valid, "## Hello", file, "/situations/example").html.before).toContain(
      "Hello",
    );
  });

  it.each([
    ["a missing lead", { ...valid, lead: undefined }, /lead/],
    ["an unknown key", { ...valid, author: "Ann" }, /author/],
    [
      "Markdown in an answer, which the FAQPage would publish differently",
      {
        ...valid,
        faq: [
          ...valid.faq.slice(1),
          { question: valid.faq[0]!.question, answer: `**Bold** ${valid.faq[0]!.answer}` },
        ],
      },
      /plain text/,
    ],
    ["only two questions", { ...valid, faq: valid.faq.slice(1) }, /faq/],
    [
      "a source that is neither a web address nor a path",
      { ...valid, sources: [{ title: "Bad one", url: "ftp:x" }] },
      /sources/,
    ],
    ["an unknown state table", { ...valid, stateTable: "weather" }, /stateTable/],
  ])("refuses %s and names the file", (_case, data, problem) => {
    expect(() => parseGuide(data, "text", file, "/situations/example")).toThrow(file);
    expect(() => parseGuide(data, "text", file, "/situations/example")).toThrow(problem);
  });

  it("refuses a slug that differs from the file name", () => {
    expect(() => parseGuide(valid, "text", "content/situations/other.md", "/x")).toThrow(
      /must match the file name/,
    );
  });

  it("needs the table marker exactly once where a table is named, and never without one", () => {
    const withTable = { ...valid, stateTable: "foreclosure" };
    const split = parseGuide(withTable, `Before\n\n${STATE_TABLE_MARKER}\n\nAfter`, file, "/x");
    expect(split.html.before).toContain("Before");
    expect(split.html.after).toContain("After");
    expect(() => parseGuide(withTable, "No marker", file, "/x")).toThrow(/exactly one line/);
    expect(() => parseGuide(valid, `A\n\n${STATE_TABLE_MARKER}\n`, file, "/x")).toThrow(
      /without a stateTable/,
    );
  });
});
