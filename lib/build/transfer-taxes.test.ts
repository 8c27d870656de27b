import { readFileSync } from "node:fs";
import path from "node:path";

import { WORKED_EXAMPLE, calculatorText } from "@/content/calculator";
import {
  getTransferTaxes,
  LOCAL_TRANSFER_TAX_FILE,
  parseLocalTransferTaxes,
  parseTransferTaxes,
  TRANSFER_TAX_FILE,
} from "@/lib/build/transfer-taxes";
import { readFields } from "@/lib/calculator-fields";
import { computeNetProceeds, inForce, transferTaxAmount } from "@/lib/net-proceeds";

const words = calculatorText.lines;

const raw = () =>
  JSON.parse(readFileSync(path.join(process.cwd(), TRANSFER_TAX_FILE), "utf8")) as {
    asOf: string;
    states: Record<string, Record<string, unknown> & { taxes: Record<string, unknown>[] }>;
  };

describe("the transfer-tax data file", () => {
  const { asOf, states } = getTransferTaxes();

  it("has every state once, in the site's order, with a source and an honest date", () => {
    expect(states).toHaveLength(50);
    expect(new Set(states.map((state) => state.code)).size).toBe(50);
    for (const state of states) {
      expect(state.sources.length).toBeGreaterThan(0);
      expect(state.checked <= asOf).toBe(true);
    }
  });

  it("gives the figures the statutes and revenue departments state", () => {
    const tax = (slug: string, price: number) =>
      states
        .find((state) => state.slug === slug)!
        .taxes.reduce((total, each) => total + transferTaxAmount(each, price, words).amount, 0);
    expect(tax("texas", 300000)).toBe(0);
    expect(tax("ohio", 300000)).toBe(300);
    expect(tax("florida", 250050)).toBe(1750.7);
    expect(tax("connecticut", 1000000)).toBe(8500);
    // Michigan: $3.75 state + $0.55 county per $500.
    expect(tax("michigan", 200000)).toBe(1500 + 220);
    // New Jersey over $350,000: $2.90 / $4.25 / $4.80 per $500 by bracket.
    expect(tax("new-jersey", 400000)).toBe(870 + 425 + 1920);
    // New Jersey at $350,000: $2.00 / $3.35 / $3.90.
    expect(tax("new-jersey", 350000)).toBe(600 + 335 + 1170);
  });
});

describe("parseTransferTaxes", () => {
  it("names the state whose data is wrong", () => {
    const data = raw();
    data.states.ohio!.taxes[0]!.rate = 0.1;
    data.states.ohio!.taxes[0]!.schedule = [{ from: 0, rate: 1 }];
    expect(() => parseTransferTaxes(data)).toThrow(
      /Invalid transfer-tax data for Ohio in .*schedule/,
    );
  });

  it("refuses brackets out of order and a missing state", () => {
    const unordered = raw();
    unordered.states.connecticut!.taxes[0]!.schedule = [
      { from: 0, rate: 0.0075 },
      { from: 2500000, rate: 0.0225 },
      { from: 800000, rate: 0.0125 },
    ];
    expect(() => parseTransferTaxes(unordered)).toThrow(
      /Connecticut .*brackets are not in ascending order/,
    );

    const missing = raw();
    delete missing.states.wyoming;
    expect(() => parseTransferTaxes(missing)).toThrow(/Wyoming is missing/);
  });

  it("refuses a date checked after the file's as-of date", () => {
    const late = raw();
    late.states.alaska!.checked = "2999-01-01";
    expect(() => parseTransferTaxes(late)).toThrow(/Alaska .*after asOf/);
  });
});

/**
 * The county and city taxes a visitor chooses, run through the calculator on the worked
 * example's $300,000 (other figures as on the page). Every expected figure is worked out
 * by hand from the rate the place's source states, quoted in the comment.
 */
describe("local transfer taxes in the calculator, worked from their sources", () => {
  const { states } = getTransferTaxes();
  const stateOf = (slug: string) => states.find((state) => state.slug === slug)!;
  const placeOf = (slug: string, id: string) =>
    stateOf(slug).localities!.choices.find((choice) => choice.id === id)!;

  /** The page's worked example (other closing costs at the assumed 1%) at `price`, in a place. */
  /** The day the rates were read: the versions in force then, unless a test names another day. */
  const READ_ON = "2026-11-29";
  function run(slug: string, id: string, price = 300000, day = READ_ON) {
    const place = placeOf(slug, id);
    const read = readFields(
      {
        ...WORKED_EXAMPLE,
        price: String(price),
        repairsMode: "one",
        repairItems: [],
        otherClosingMode: "percent",
        cashMode: "estimate",
        cashOffer: "",
      },
      {
        state: inForce(stateOf(slug).taxes, day),
        local: { place: place.name, taxes: inForce(place.taxes, day), note: place.note },
      },
    );
    if (!read.ok) throw new Error(`the example does not read: ${JSON.stringify(read.errors)}`);
    return computeNetProceeds(read.input, words);
  }
  /** What the seller pays on each local line, by line id. */
  const localLines = (result: ReturnType<typeof run>) =>
    Object.fromEntries(
      result.listing.lines
        .filter((line) => line.id.startsWith("local-tax"))
        .map((line) => [line.id, line.amount.low]),
    );
  // $300,000 less 5.5% commission, 1% other costs, $20,000 repairs, 3 × $1,850 and $150,000:
  // what the listing nets before any transfer tax.
  const beforeTaxes = 300000 - 16500 - 3000 - 20000 - 5550 - 150000;

  it("Pennsylvania: most places add 1%, Philadelphia 3.578%, each split with the buyer", () => {
    // State 1% and local 1% of $300,000, the seller's half of each: $1,500 + $1,500.
    const most = run("pennsylvania", "most");
    expect(localLines(most)).toEqual({ "local-tax-0": -1500 });
    expect(most.listing.net.low).toBe(beforeTaxes - 1500 - 1500);
    // "increase to 3.578%": 3.578% of $300,000 = $10,734, half = $5,367.
    const philadelphia = run("pennsylvania", "philadelphia");
    expect(localLines(philadelphia)).toEqual({ "local-tax-0": -5367 });
    expect(philadelphia.listing.net.low).toBe(beforeTaxes - 1500 - 5367);
    // "the overall 5% Transfer Tax rate" in Pittsburgh: 4% local = $12,000, half = $6,000.
    expect(localLines(run("pennsylvania", "pittsburgh"))).toEqual({ "local-tax-0": -6000 });
  });

  it("Delaware: the county's 1.5% beside the state's 2.5%, both split", () => {
    // "A tax of 1.5%": $4,500, half = $2,250; the state's 2.5% = $7,500, half = $3,750.
    for (const id of ["new-castle", "kent", "sussex"]) {
      const result = run("delaware", id);
      expect(localLines(result)).toEqual({ "local-tax-0": -2250 });
      expect(result.listing.net.low).toBe(beforeTaxes - 3750 - 2250);
    }
  });

  it("Maryland: the county's transfer tax and recordation tax, each split 50/50", () => {
    // Baltimore County: "1.5 percent of consideration" = $4,500, half $2,250; recordation
    // "$2.50 for each $500": 600 × $2.50 = $1,500, half $750. The state's 0.5%: $1,500, half $750.
    const county = run("maryland", "baltimore-county");
    expect(localLines(county)).toEqual({ "local-tax-0": -2250, "local-tax-1": -750 });
    expect(county.listing.net.low).toBe(beforeTaxes - 750 - 2250 - 750);
    // Baltimore City: 1.5% = $4,500, half $2,250; "$5 for each $500": $3,000, half $1,500.
    expect(localLines(run("maryland", "baltimore-city"))).toEqual({
      "local-tax-0": -2250,
      "local-tax-1": -1500,
    });
    // Montgomery at $750,000: 1% = $7,500, half $3,750; recordation since Bill 17-23: $4.45
    // per $500 to $500,000 ($4,450), "$6.75 per $500" to $600,000 ($1,350), "$10.20 per $500"
    // to $750,000 ($3,060): $8,860, half $4,430.
    expect(localLines(run("maryland", "montgomery", 750000))).toEqual({
      "local-tax-0": -3750,
      "local-tax-1": -4430,
    });
    // A county not in the data: a $0 line that says it is not included.
    const other = run("maryland", "other");
    const none = other.listing.lines.find((line) => line.id === "local-tax-none")!;
    expect(none.amount.low).toBe(0);
    expect(none.detail).toMatch(/^Not included/);
  });

  it("Washington, King County: 0.5% local REET on top of the state's 1.1%, all the seller's", () => {
    // State: 1.1% of $300,000 = $3,300; local: 0.5% = $1,500.
    const king = run("washington", "king");
    expect(localLines(king)).toEqual({ "local-tax-0": -1500 });
    expect(king.listing.net.low).toBe(beforeTaxes - 3300 - 1500);
  });

  it("New York City: the city's RPTT and the state's higher rate from $3 million", () => {
    // State: $2 per $500 = $1,200. City: "1.000%" under $500,000 = $3,000.
    const city = run("new-york", "nyc");
    expect(localLines(city)).toEqual({ "local-tax-0": -3000, "local-tax-1": 0 });
    expect(city.listing.net.low).toBe(beforeTaxes - 1200 - 3000);
    // "Exactly $500,000.00 | 1.000%"; "$500,001 - $999,999 | 1.425%" of the whole price.
    expect(localLines(run("new-york", "nyc", 500000))["local-tax-0"]).toBe(-5000);
    expect(localLines(run("new-york", "nyc", 600000))["local-tax-0"]).toBe(-8550);
    // At $3,000,000: 1.425% = $42,750, and the state's "$3.25 per $500" instead of $2,
    // $1.25 per $500 more: 6,000 × $1.25 = $7,500.
    expect(localLines(run("new-york", "nyc", 3000000))).toEqual({
      "local-tax-0": -42750,
      "local-tax-1": -7500,
    });
  });

  it("California: the county's $0.55 per $500 everywhere, and a city's own on top", () => {
    // "fifty-five cents ($0.55) for each five hundred dollars": 600 × $0.55 = $330.
    const county = run("california", "county");
    expect(localLines(county)).toEqual({ "local-tax-0": -330 });
    expect(county.listing.net.low).toBe(beforeTaxes - 330);
    // Los Angeles: the county's $330 + the city's "0.45%" ($1,350); ULA none below $5,300,000.
    expect(localLines(run("california", "los-angeles"))).toEqual({
      "local-tax-0": -330,
      "local-tax-1": -1350,
      "local-tax-2": 0,
    });
    // At $6,000,000 ULA's "4% tax" on the whole: $240,000.
    expect(localLines(run("california", "los-angeles", 6000000))["local-tax-2"]).toBe(-240000);
    // San Francisco: "$3.40 for each $500" on the whole when over $250,000: 600 × $3.40.
    expect(localLines(run("california", "san-francisco"))).toEqual({ "local-tax-0": -2040 });
    // Oakland: "$10.00 per thousand ... ($300,000 and less)" = $3,000, split: $1,500.
    expect(localLines(run("california", "oakland"))).toEqual({
      "local-tax-0": -330,
      "local-tax-1": -1500,
    });
  });

  it("Ohio: the county's permissive fee on the price rounded up to the next $100", () => {
    // Franklin: "increased to $2 per $1000": $600 on $300,000, beside the state's $300.
    const franklin = run("ohio", "franklin");
    expect(localLines(franklin)).toEqual({ "local-tax-0": -600 });
    expect(franklin.listing.net.low).toBe(beforeTaxes - 300 - 600);
    // $250,050 is taxed as $250,100: $2 per $1,000 = $500.20, to the dollar $500.
    expect(localLines(run("ohio", "franklin", 250050))).toEqual({ "local-tax-0": -500 });
    // Putnam: "$4.00 per thousand" in all, $3 of it the county's: $900.
    expect(localLines(run("ohio", "putnam"))).toEqual({ "local-tax-0": -900 });
  });

  it("Ross County, Ohio: $4.00 per thousand since January 1, 2019, $3 of it the county's", () => {
    // "on or after January 1, 2019 is subject to a fee of $4.00 per thousand": the state's $1
    // ($300) and the county's $3 ($900) on $300,000; the seller paid $900 too little before.
    const ross = run("ohio", "ross");
    expect(localLines(ross)).toEqual({ "local-tax-0": -900 });
    expect(ross.listing.net.low).toBe(beforeTaxes - 300 - 900);
    expect(localLines(run("ohio", "ross", 1200000))).toEqual({ "local-tax-0": -3600 });
  });

  it("Montgomery County's recordation tax is graduated on each part of the price (Bill 17-23)", () => {
    // The seller's half of each: $4.45 per $500 to $500,000, $6.75 to $600,000, $10.20 to
    // $750,000, $10.78 to $1,000,000, $11.35 above, on the price rounded up to $500.
    const recordation = (price: number) =>
      localLines(run("maryland", "montgomery", price))["local-tax-1"];
    // $599,999 is taxed as $600,000: $4,450 + 200 × $6.75 ($1,350) = $5,800, half $2,900.
    expect(recordation(599999)).toBe(-2900);
    // $600,001 as $600,500: $5,800 + 1 × $10.20 = $5,810.20, half $2,905.10.
    expect(recordation(600001)).toBe(-2905);
    // $750,001 as $750,500: $5,800 + 300 × $10.20 ($3,060) + 1 × $10.78 = $8,870.78, half $4,435.39.
    expect(recordation(750001)).toBe(-4435);
    // $1,000,001 as $1,000,500: $8,860 + 500 × $10.78 ($5,390) + 1 × $11.35 = $14,261.35, half $7,130.68.
    expect(recordation(1000001)).toBe(-7131);
    // $1,200,000: $14,250 + 400 × $11.35 ($4,540) = $18,790, half $9,395; the single 1.35%
    // above $500,000 gave $6,950 in all, $2,445 less for the seller.
    expect(recordation(1200000)).toBe(-9395);
  });

  it("Berkeley: Measure W's rates from January 1, 2027, the old ones until the day before", () => {
    // The seller's half of the city's tax; the county's $1.10 per $1,000 is the first line.
    const berkeley = (price: number, day: string) =>
      localLines(run("california", "berkeley", price, day))["local-tax-1"];
    // $1,700,000 on December 31, 2026: 2.5% of the whole above $1.6M = $42,500, half $21,250;
    // on January 1, 2027 the same 2.5% ("$1.6M or higher").
    expect(berkeley(1700000, "2026-12-31")).toBe(-21250);
    expect(berkeley(1700000, "2027-01-01")).toBe(-21250);
    // $2,000,000: 2.5% ($50,000, half $25,000) until 2026; "3% ... $1.9M or higher" from 2027.
    expect(berkeley(2000000, "2026-12-31")).toBe(-25000);
    expect(berkeley(2000000, "2027-01-01")).toBe(-30000);
    // $3,000,000: "3.5% ... $3.0M or higher": $105,000, half $52,500 (2026: $37,500).
    expect(berkeley(3000000, "2026-12-31")).toBe(-37500);
    expect(berkeley(3000000, "2027-01-01")).toBe(-52500);
    // Exactly $1,600,000: 1.5% until 2026 ("$1,600,000 and less"), 2.5% from 2027.
    expect(berkeley(1600000, "2026-12-31")).toBe(-12000);
    expect(berkeley(1600000, "2027-01-01")).toBe(-20000);
    // One version in force on each day: never both lines at once.
    for (const day of ["2026-12-31", "2027-01-01"]) {
      const lines = localLines(run("california", "berkeley", 2000000, day));
      expect(Object.keys(lines)).toEqual(["local-tax-0", "local-tax-1"]);
    }
  });

  it("shows each local tax in the cash column too, at $0 with the share listing would cost", () => {
    const philadelphia = run("pennsylvania", "philadelphia");
    const cashLine = philadelphia.cash.lines.find((line) => line.id === "local-tax-0")!;
    expect(cashLine.amount).toEqual({ low: 0, high: 0 });
    expect(cashLine.label).toBe("Philadelphia realty transfer tax");
    expect(cashLine.detail).toMatch(/your customary share is \$5,367/);
  });

  it("gives every place a source, a date and who pays, and a default for the example", () => {
    for (const state of states.filter((each) => each.localities)) {
      const { choices } = state.localities!;
      expect(choices.map((choice) => choice.id)).toContain(state.localities!.default);
      for (const choice of choices) {
        expect([state.name, choice.name, choice.sources.length > 0]).toEqual([
          state.name,
          choice.name,
          true,
        ]);
        expect(choice.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const tax of choice.taxes) expect(tax.paidBy.length).toBeGreaterThan(10);
      }
    }
    expect(
      states
        .filter((state) => state.localities)
        .map((state) => state.slug)
        .sort(),
    ).toEqual([
      "california",
      "delaware",
      "maryland",
      "new-york",
      "ohio",
      "pennsylvania",
      "washington",
    ]);
  });
});

describe("parseLocalTransferTaxes", () => {
  const localRaw = () =>
    JSON.parse(readFileSync(path.join(process.cwd(), LOCAL_TRANSFER_TAX_FILE), "utf8")) as {
      asOf: string;
      states: Record<
        string,
        {
          default: string;
          choices: (Record<string, unknown> & { taxes: Record<string, unknown>[] })[];
        }
      >;
    };
  const philadelphia = (data: ReturnType<typeof localRaw>) =>
    data.states.pennsylvania!.choices.find((choice) => choice.id === "philadelphia")!;

  it("names the state and the place whose rate reads as a percent", () => {
    const data = localRaw();
    philadelphia(data).taxes[0]!.schedule = [{ from: 0, rate: 3.578 }];
    expect(() => parseLocalTransferTaxes(data)).toThrow(
      /Invalid local transfer-tax data for Pennsylvania in .*, Philadelphia: taxes\.0\.schedule/,
    );
  });

  it("refuses a place checked after the file's date, or with no tax and no word why", () => {
    const late = localRaw();
    philadelphia(late).checked = "2999-01-01";
    expect(() => parseLocalTransferTaxes(late)).toThrow(
      /Pennsylvania .*Philadelphia: .*after asOf/,
    );

    const silent = localRaw();
    philadelphia(silent).taxes = [];
    expect(() => parseLocalTransferTaxes(silent)).toThrow(/Philadelphia: note: .*says why/);
  });

  it("refuses a default that is not one of the state's places, and an unknown state", () => {
    const data = localRaw();
    data.states.ohio!.default = "cuyahoga";
    expect(() => parseLocalTransferTaxes(data)).toThrow(/Ohio .*default "cuyahoga"/);

    const unknown = localRaw();
    unknown.states.atlantis = unknown.states.ohio!;
    expect(() => parseLocalTransferTaxes(unknown)).toThrow(/unknown state atlantis/);
  });
});
