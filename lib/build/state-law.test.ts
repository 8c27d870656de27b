import {
  getForeclosureLaw,
  getSmallEstateLaw,
  parseForeclosureLaw,
  parseSmallEstateLaw,
} from "@/lib/build/state-law";
import { stateSummaries } from "@/lib/states";

const foreclosure = getForeclosureLaw();
const smallEstates = getSmallEstateLaw();

describe("state law tables", () => {
  it("have one row per state, in alphabetical order, each with a source and its words", () => {
    for (const law of [foreclosure, smallEstates]) {
      expect(law.rows.map((row) => row.name)).toEqual(stateSummaries.map((state) => state.name));
      for (const row of law.rows) {
        expect(row.sources.length).toBeGreaterThan(0);
        for (const source of row.sources) expect(source.quote.length).toBeGreaterThan(20);
      }
    }
  });

  it("say on the row what could not be confirmed", () => {
    for (const row of [...foreclosure.rows, ...smallEstates.rows]) {
      expect([row.name, row.checked || Boolean(row.uncertain)]).toEqual([row.name, true]);
    }
  });

  it("keep the corrections made when the entries were checked", () => {
    const law = (slug: string) => foreclosure.rows.find((row) => row.slug === slug)!;
    const estate = (slug: string) => smallEstates.rows.find((row) => row.slug === slug)!;
    // N.D. Cent. Code § 32-19-18: 60 days for homes, not the old one year.
    expect(law("north-dakota").redemption).toMatch(/^60 days/);
    expect(law("connecticut").usual).toBe("judicial");
    expect(law("texas").usual).toBe("non-judicial");
    expect(estate("illinois").limit).toBe(150_000);
    expect(estate("california").limit).toBe(208_850);
    expect(estate("mississippi").limit).toBe(75_000);
    expect(estate("maine").uncertain).toMatch(/2024/);
  });

  it("keep the small-estate rows corrected from the statutes read on 2026-11-27", () => {
    const estate = (slug: string) => smallEstates.rows.find((row) => row.slug === slug)!;
    const quoted = (slug: string, words: RegExp) =>
      estate(slug).sources.some((source) => words.test(source.quote));

    // Wyoming: $400,000 since July 1, 2025, and a summary distribution decree passes a house.
    const wyoming = estate("wyoming");
    expect(wyoming).toMatchObject({ limit: 400_000, realEstate: "yes", readOn: "2026-11-27" });
    expect(wyoming.procedure).toMatch(/2-1-205/);
    expect(wyoming.limitNote).toMatch(/July 1, 2025/);
    expect(quoted("wyoming", /\$200,000 to \$400,000 on July 1, 2025/)).toBe(true);
    expect(quoted("wyoming", /personal property and real property/)).toBe(true);
    // What could not be read says so: the 2025 act's own text.
    expect(wyoming.uncertain).toMatch(/Senate File 0104/);

    // South Dakota: real property up to $50,000 by an affidavit with the Register of Deeds.
    const southDakota = estate("south-dakota");
    expect(southDakota).toMatchObject({ realEstate: "limited", checked: true });
    expect(southDakota.procedure).toMatch(/29A-3-1203/);
    expect(southDakota.procedure).toMatch(/Register of Deeds/);
    expect(southDakota.limitNote).toMatch(/\$50,000/);
    expect(quoted("south-dakota", /does not exceed fifty thousand dollars/)).toBe(true);
    expect(quoted("south-dakota", /register of deeds office/)).toBe(true);

    // New Mexico: the surviving spouse's homestead affidavit.
    const newMexico = estate("new-mexico");
    expect(newMexico.realEstate).toBe("limited");
    expect(newMexico.procedure).toMatch(/45-3-1205/);
    expect(quoted("new-mexico", /surviving spouse may record with the county clerk/)).toBe(true);

    // Montana: the limit the newer sources give, and the doubt said on the row.
    const montana = estate("montana");
    expect(montana).toMatchObject({ limit: 100_000, realEstate: "no", checked: false });
    expect(montana.uncertain).toMatch(/\$50,000/);
    expect(quoted("montana", /can't exceed \$100,000/)).toBe(true);

    for (const slug of ["wyoming", "south-dakota", "new-mexico", "montana"]) {
      expect([slug, estate(slug).readOn]).toEqual([slug, "2026-11-27"]);
    }
  });
});

describe("state law check", () => {
  const row = {
    name: "Alabama",
    process: "non-judicial",
    usual: "non-judicial",
    redemption: null,
    note: "A note long enough to pass the check.",
    sources: [
      { title: "A source", url: "https://example.com", quote: "The words that back the row." },
    ],
    checked: true,
    recheck: "statute",
  };
  const file = (states: Record<string, unknown>) => ({ asOf: "2026-11-25", states });
  const allStates = Object.fromEntries(
    stateSummaries.map((state) => [state.slug, { ...row, name: state.name }]),
  );

  it("accepts a row for every state", () => {
    expect(parseForeclosureLaw(file(allStates), "x.json").rows).toHaveLength(50);
  });

  it("names the file and the missing states", () => {
    const withoutOhio = Object.fromEntries(
      Object.entries(allStates).filter(([slug]) => slug !== "ohio"),
    );
    expect(() => parseForeclosureLaw(file(withoutOhio), "content/state-law/x.json")).toThrow(
      /content\/state-law\/x\.json.*missing: ohio/,
    );
  });

  it("refuses a row that was not checked and does not say what is uncertain", () => {
    const states = { ...allStates, ohio: { ...row, name: "Ohio", checked: false } };
    expect(() => parseForeclosureLaw(file(states), "x.json")).toThrow(/uncertain/);
  });

  it("refuses a row without a source", () => {
    const states = { ...allStates, ohio: { ...row, name: "Ohio", sources: [] } };
    expect(() => parseForeclosureLaw(file(states), "x.json")).toThrow(/sources/);
  });

  it("refuses a row read before the table was checked", () => {
    const states = { ...allStates, ohio: { ...row, name: "Ohio", readOn: "2026-01-01" } };
    expect(() => parseForeclosureLaw(file(states), "x.json")).toThrow(/ohio\.readOn: is before/);
  });

  it("refuses a small-estate limit that is not a whole number of dollars", () => {
    const estateRow = {
      name: "Ohio",
      procedure: "Release from administration",
      limit: "35k",
      limitNote: "A note long enough to pass the check.",
      realEstate: "yes",
      sources: row.sources,
      checked: true,
      recheck: "yearly",
    };
    expect(() =>
      parseSmallEstateLaw({ asOf: "2026-11-25", states: { ohio: estateRow } }, "y.json"),
    ).toThrow(/limit/);
  });
});
