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

  it("refuses a small-estate limit that is not a whole number of dollars", () => {
    const estateRow = {
      name: "Ohio",
      procedure: "Release from administration",
      limit: "35k",
      limitNote: "A note long enough to pass the check.",
      realEstate: "yes",
      sources: row.sources,
      checked: true,
    };
    expect(() =>
      parseSmallEstateLaw({ asOf: "2026-11-25", states: { ohio: estateRow } }, "y.json"),
    ).toThrow(/limit/);
  });
});
