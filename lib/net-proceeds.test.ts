import { calculatorText } from "@/content/calculator";
import { calculatorTextEs } from "@/content/es/calculator";
import {
  cashOfferRange,
  computeNetProceeds,
  formatCount,
  formatMoney,
  formatRange,
  formatPercent,
  transferTaxAmount,
  verdictOf,
  type NetProceedsInput,
  type TransferTax,
} from "@/lib/net-proceeds";

const words = calculatorText.lines;

const flat = (rate: number, extra: Partial<TransferTax> = {}): TransferTax => ({
  name: "Flat tax",
  method: "flat",
  schedule: [{ from: 0, rate }],
  sellerShare: 1,
  paidBy: "The seller.",
  ...extra,
});

const connecticut: TransferTax = {
  name: "Conveyance tax",
  method: "marginal",
  schedule: [
    { from: 0, rate: 0.0075 },
    { from: 800000, rate: 0.0125 },
    { from: 2500000, rate: 0.0225 },
  ],
  sellerShare: 1,
  paidBy: "The seller.",
};

const hawaii: TransferTax = {
  name: "Conveyance tax",
  method: "tiered-whole",
  schedule: [
    { from: 0, rate: 0.001 },
    { from: 600000, rate: 0.002 },
    { from: 1000000, rate: 0.003 },
  ],
  sellerShare: 1,
  paidBy: "The seller.",
};

const base: NetProceedsInput = {
  price: 300000,
  repairs: 20000,
  payoff: 150000,
  listingMonths: 3,
  monthlyCarrying: 1850,
  commissionRate: 0.055,
  otherClosing: { kind: "percent", rate: 0 },
  cashWeeks: 2,
  cashOffer: { kind: "estimate" },
  transferTaxes: [flat(0.001)],
  local: null,
};

describe("transferTaxAmount", () => {
  it("applies a flat rate to the whole price", () => {
    expect(transferTaxAmount(flat(0.001), 300000, words)).toEqual({
      amount: 300,
      how: "0.1% of $300,000 = $300",
    });
  });

  it("rounds the price up to the next multiple of `per` first", () => {
    // Florida: $0.70 per $100 or portion thereof.
    const florida = flat(0.007, { per: 100 });
    expect(transferTaxAmount(florida, 250050, words)).toEqual({
      amount: 1750.7,
      how: "$250,050 rounded up to the next $100: $250,100; $0.70 per $100 of $250,100 = $1,750.70",
    });
    expect(transferTaxAmount(florida, 250000, words).amount).toBe(1750);
  });

  it("taxes each bracket's part of the price at its own rate (marginal)", () => {
    expect(transferTaxAmount(connecticut, 500000, words).amount).toBe(3750);
    const million = transferTaxAmount(connecticut, 1000000, words);
    expect(million.amount).toBe(8500);
    expect(million.how).toBe(
      "0.75% of the first $800,000 ($6,000) + 1.25% of the last $200,000 ($2,500) = $8,500",
    );
    expect(transferTaxAmount(connecticut, 3000000, words).amount).toBe(6000 + 21250 + 11250);
  });

  it("applies the bracket the price reaches to the whole price (tiered-whole)", () => {
    expect(transferTaxAmount(hawaii, 599999, words).amount).toBe(600);
    const reached = transferTaxAmount(hawaii, 700000, words);
    expect(reached.amount).toBe(1400);
    expect(reached.how).toBe(
      "0.2% of the whole $700,000 (the rate for prices from $600,000) = $1,400",
    );
    expect(transferTaxAmount(hawaii, 1000000, words).amount).toBe(3000);
  });

  it("rounds up before splitting a marginal schedule (Iowa's untaxed first $500)", () => {
    const iowa: TransferTax = {
      ...connecticut,
      schedule: [
        { from: 0, rate: 0 },
        { from: 500, rate: 0.0016 },
      ],
      per: 500,
    };
    // $100,001 -> $100,500; $100,000 above the first $500 at $0.80 per $500.
    expect(transferTaxAmount(iowa, 100001, words).amount).toBe(160);
  });

  it("charges nothing at or below the minimum price", () => {
    const arkansas = flat(0.0033, { minimumPrice: 100 });
    expect(transferTaxAmount(arkansas, 100, words).amount).toBe(0);
    expect(transferTaxAmount(arkansas, 100, words).how).toMatch(/\$100 or less are exempt/);
    expect(transferTaxAmount(arkansas, 1000, words).amount).toBe(3.3);
  });
});

describe("computeNetProceeds", () => {
  it("works out the listing column line by line", () => {
    const { listing } = computeNetProceeds(base, words);
    expect(listing.lines.map((line) => [line.id, line.amount.low])).toEqual([
      ["price", 300000],
      ["commission", -16500],
      ["transfer-tax-0", -300],
      ["other-closing", 0],
      ["repairs", -20000],
      ["carrying", -5550],
      ["payoff", -150000],
    ]);
    expect(listing.net).toEqual({ low: 107650, high: 107650 });
  });

  it("charges the seller only its customary share of the tax", () => {
    const price = 300000;
    const share = (sellerShare: number) =>
      computeNetProceeds({ ...base, price, transferTaxes: [flat(0.01, { sellerShare })] }, words)
        .listing.taxLines[0]!;
    expect(share(1).sellerPays).toBe(3000);
    expect(share(0.5).sellerPays).toBe(1500);
    expect(share(0).sellerPays).toBe(0);
    expect(share(0).fullTax).toBe(3000);
    expect(share(0).detail).toMatch(/the buyer customarily pays it/);
    expect(share(0.5).detail).toMatch(/the seller customarily pays half/);
  });

  it("has no tax line in a state without a transfer tax", () => {
    const { listing } = computeNetProceeds({ ...base, transferTaxes: [] }, words);
    expect(listing.taxLines).toEqual([]);
    expect(listing.net.low).toBe(107950);
  });

  it("estimates the cash offer as 10% to 20% below value, less repairs", () => {
    expect(cashOfferRange(base, words).offer).toEqual({ low: 220000, high: 250000 });
    const { cash } = computeNetProceeds(base, words);
    // $1,850 a month for 2 weeks: 1850 × 12 ÷ 52 × 2 = $853.85.
    expect(cash.lines.find((line) => line.id === "carrying")!.amount.low).toBe(-854);
    expect(cash.net).toEqual({ low: 69146, high: 99146 });
    expect(cash.lines.find((line) => line.id === "fees")!.amount).toEqual({ low: 0, high: 0 });
  });

  it("says plainly when listing would leave more", () => {
    const result = computeNetProceeds(base, words);
    expect(result.difference).toEqual({ low: -38504, high: -8504 });
    expect(result.verdict).toEqual({ kind: "listing", more: { low: 8504, high: 38504 } });
  });

  it("says when cash would leave more, with an offer the visitor entered", () => {
    const result = computeNetProceeds(
      {
        ...base,
        repairs: 60000,
        listingMonths: 6,
        cashOffer: { kind: "entered", amount: 240000 },
      },
      words,
    );
    // Listing: 300,000 − 16,500 − 300 − 60,000 − 11,100 − 150,000 = 62,100.
    expect(result.listing.net.low).toBe(62100);
    // Cash: 240,000 − 854 − 150,000 = 89,146.
    expect(result.cash.net).toEqual({ low: 89146, high: 89146 });
    expect(result.verdict).toEqual({ kind: "cash", more: { low: 27046, high: 27046 } });
  });

  it("shows a negative net when the payoff is more than the sale leaves", () => {
    const result = computeNetProceeds({ ...base, payoff: 290000 }, words);
    expect(result.listing.net.low).toBe(-32350);
    expect(result.cash.net.high).toBeLessThan(0);
  });

  it("takes other closing costs as a percent or an amount", () => {
    const percent = computeNetProceeds(
      { ...base, otherClosing: { kind: "percent", rate: 0.01 } },
      words,
    );
    expect(percent.listing.lines.find((line) => line.id === "other-closing")!.amount.low).toBe(
      -3000,
    );
    const amount = computeNetProceeds(
      { ...base, otherClosing: { kind: "amount", amount: 2500 } },
      words,
    );
    expect(amount.listing.net.low).toBe(107650 - 2500);
  });

  it("says what cash each sale needs before it closes: repairs up front and the payments", () => {
    const { listing, cash } = computeNetProceeds(base, words);
    // $20,000 of repairs + $1,850 × 3 months = $25,550 before the listing sells.
    expect(listing.cashNeeded).toEqual({ low: 25550, high: 25550 });
    // No repairs; $1,850 × 12 ÷ 52 × 2 weeks = $853.85, the same as its carrying line.
    expect(cash.cashNeeded).toEqual({ low: 854, high: 854 });
    // With nothing to repair and no payments, a listing needs nothing up front either.
    const none = computeNetProceeds({ ...base, repairs: 0, monthlyCarrying: 0 }, words);
    expect(none.listing.cashNeeded).toEqual({ low: 0, high: 0 });
  });

  it("counts a chosen place's tax as its own line in both columns", () => {
    const local = {
      place: "Somewhere",
      taxes: [flat(0.01, { name: "City tax", sellerShare: 0.5 })],
    };
    const { listing, cash } = computeNetProceeds({ ...base, local }, words);
    expect(listing.lines.map((line) => line.id)).toEqual([
      "price",
      "commission",
      "transfer-tax-0",
      "local-tax-0",
      "other-closing",
      "repairs",
      "carrying",
      "payoff",
    ]);
    // 1% of $300,000, the seller's half.
    expect(listing.lines.find((line) => line.id === "local-tax-0")!.amount.low).toBe(-1500);
    expect(listing.net.low).toBe(107650 - 1500);
    expect(cash.lines.find((line) => line.id === "local-tax-0")).toMatchObject({
      label: "City tax",
      amount: { low: 0, high: 0 },
    });
    // A place with no tax counted: one $0 line saying why, in both columns.
    const none = computeNetProceeds(
      {
        ...base,
        local: { place: "Ross County", taxes: [], note: "None: no county fee here." },
      },
      words,
    );
    for (const column of [none.listing, none.cash]) {
      expect(column.lines.find((line) => line.id === "local-tax-none")).toEqual({
        id: "local-tax-none",
        label: "Local transfer tax (Ross County)",
        detail: "None: no county fee here.",
        amount: { low: 0, high: 0 },
      });
    }
  });

  it("never estimates a negative offer", () => {
    expect(cashOfferRange({ ...base, repairs: 400000 }, words).offer).toEqual({ low: 0, high: 0 });
  });
});

describe("verdictOf", () => {
  it("tells which sale leaves more, or that it depends on the offer", () => {
    expect(verdictOf({ low: -10, high: -5 })).toEqual({
      kind: "listing",
      more: { low: 5, high: 10 },
    });
    expect(verdictOf({ low: 5, high: 10 })).toEqual({ kind: "cash", more: { low: 5, high: 10 } });
    expect(verdictOf({ low: -5, high: 10 })).toEqual({
      kind: "depends",
      listingUpTo: 5,
      cashUpTo: 10,
    });
    expect(verdictOf({ low: 0, high: 0 })).toEqual({ kind: "same" });
    // An estimate whose low end ties with listing still says cash leaves no less.
    expect(verdictOf({ low: 0, high: 10 })).toEqual({ kind: "cash", more: { low: 0, high: 10 } });
  });
});

describe("formatting", () => {
  it("writes money with a true minus sign and percents without float noise", () => {
    expect(formatMoney(-1234)).toBe("−$1,234");
    expect(formatMoney(1234, { signed: true })).toBe("+$1,234");
    expect(formatMoney(1750.7)).toBe("$1,750.70");
    expect(formatMoney(0)).toBe("$0");
    expect(formatMoney(999)).toBe("$999");
    expect(formatMoney(1000000)).toBe("$1,000,000");
    expect(formatMoney(-1234567.5)).toBe("−$1,234,567.50");
    expect(formatPercent(0.0033)).toBe("0.33%");
    expect(formatPercent(0.00456)).toBe("0.456%");
    expect(formatPercent(0.055)).toBe("5.5%");
  });
});

describe("the words come in, in either language", () => {
  const spanish = {
    ...calculatorTextEs.lines,
    months: calculatorTextEs.results.months,
    weeks: calculatorTextEs.results.weeks,
  };
  const detail = (result: ReturnType<typeof computeNetProceeds>, id: string) =>
    [...result.listing.lines, ...result.cash.lines]
      .filter((line) => line.id === id)
      .map((line) => line.detail);

  it("writes the plural it is given: meses and semanas, not mess and semanas", () => {
    const result = computeNetProceeds({ ...base, listingMonths: 3, cashWeeks: 1 }, spanish);
    expect(detail(result, "carrying")).toEqual([
      "$1,850 al mes × 3 meses",
      "$1,850 al mes × 12 ÷ 52 semanas × 1 semana",
    ]);
    const one = computeNetProceeds({ ...base, listingMonths: 1, cashWeeks: 2.5 }, spanish);
    expect(detail(one, "carrying")).toEqual([
      "$1,850 al mes × 1 mes",
      "$1,850 al mes × 12 ÷ 52 semanas × 2.5 semanas",
    ]);
  });

  it("keeps the English as it read, with or without the plurals passed", () => {
    const expected = ["$1,850 a month × 3 months", "$1,850 a month × 12 ÷ 52 weeks × 2 weeks"];
    expect(detail(computeNetProceeds(base, words), "carrying")).toEqual(expected);
    const withPlurals = { ...words, months: "months", weeks: "weeks" };
    expect(detail(computeNetProceeds(base, withPlurals), "carrying")).toEqual(expected);
    expect(formatCount(1, "week", "weeks")).toBe("1 week");
    expect(formatCount(10 / 3, "month", "months")).toBe("3.33 months");
  });

  it("joins a range with the word it is given, and keeps US amounts in Spanish", () => {
    expect(formatRange({ low: 1000, high: 1234 }, "to")).toBe("$1,000 to $1,234");
    expect(formatRange({ low: 1000, high: 1234 }, "a")).toBe("$1,000 a $1,234");
    expect(formatRange({ low: -5, high: -5 }, "a", { signed: true })).toBe("−$5");
  });
});
