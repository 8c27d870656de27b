import { readFileSync } from "node:fs";
import path from "node:path";

import {
  getTransferTaxes,
  parseTransferTaxes,
  TRANSFER_TAX_FILE,
} from "@/lib/build/transfer-taxes";
import { transferTaxAmount } from "@/lib/net-proceeds";

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
        .taxes.reduce((total, each) => total + transferTaxAmount(each, price).amount, 0);
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
