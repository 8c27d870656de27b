import { OTHER_CLOSING_ASSUMPTION, WORKED_EXAMPLE, calculatorText } from "@/content/calculator";
import { MONEY_MAX, readFields, type CalculatorFields } from "@/lib/calculator-fields";
import { computeNetProceeds, formatMoney, formatRange, type TransferTax } from "@/lib/net-proceeds";

const words = calculatorText.lines;

const ohio: TransferTax = {
  name: "Conveyance fee",
  method: "flat",
  schedule: [{ from: 0, rate: 0.001 }],
  sellerShare: 1,
  paidBy: "The seller, by custom.",
};
const taxes = { state: [ohio], local: null };

/** The worked example's fields, as the page fills them before the visitor types. */
function example(changes: Partial<CalculatorFields> = {}): CalculatorFields {
  return {
    ...WORKED_EXAMPLE,
    repairsMode: "one",
    repairItems: [],
    otherClosingMode: "percent",
    cashMode: "estimate",
    cashOffer: "",
    ...changes,
  };
}

/** Every word and figure a result shows, as one text. */
function shown(fields: CalculatorFields): string {
  const read = readFields(fields, taxes);
  if (!read.ok) throw new Error(`not read: ${JSON.stringify(read.errors)}`);
  const result = computeNetProceeds(read.input, words);
  return [result.listing, result.cash]
    .flatMap((column) => [
      ...column.lines.flatMap((line) => [line.detail, formatRange(line.amount, "to")]),
      formatRange(column.net, "to"),
      formatRange(column.cashNeeded, "to"),
    ])
    .join("\n");
}

describe("bounded inputs", () => {
  it("refuses a 25-digit or a 400-digit price with a message, not $1e+25 or $Infinity", () => {
    for (const digits of [25, 400]) {
      const read = readFields(example({ price: "9".repeat(digits) }), taxes);
      expect(read).toEqual({ ok: false, errors: { price: "moneyMax" } });
    }
    expect(calculatorText.errors.moneyMax).toBe(
      `Enter an amount no larger than ${formatMoney(MONEY_MAX)}.`,
    );
  });

  it("bounds every money, percent, month and week field", () => {
    const huge = "9".repeat(400);
    const read = readFields(
      example({
        repairs: huge,
        payoff: huge,
        commissionPercent: huge,
        listingMonths: huge,
        otherClosing: huge,
        payment: huge,
        propertyTaxes: huge,
        insurance: huge,
        utilities: huge,
        cashWeeks: huge,
      }),
      taxes,
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        repairs: "moneyMax",
        payoff: "moneyMax",
        commissionPercent: "percent",
        listingMonths: "months",
        otherClosing: "percent",
        payment: "moneyMax",
        propertyTaxes: "moneyMax",
        insurance: "moneyMax",
        utilities: "moneyMax",
        cashWeeks: "weeks",
      },
    });
    expect(readFields(example({ cashMode: "entered", cashOffer: huge }), taxes)).toMatchObject({
      ok: false,
      errors: { cashOffer: "moneyMax" },
    });
    expect(
      readFields(example({ repairsMode: "list", repairItems: ["100", huge] }), taxes),
    ).toMatchObject({ ok: false, errors: { repairItem1: "moneyMax" } });
  });

  it("at every field's largest value, prints no NaN, Infinity or exponent", () => {
    const max = String(MONEY_MAX);
    const text = shown(
      example({
        price: max,
        repairs: max,
        payoff: max,
        commissionPercent: "100",
        listingMonths: "60",
        otherClosing: "100",
        payment: max,
        propertyTaxes: max,
        insurance: max,
        utilities: max,
        cashWeeks: "52",
      }),
    );
    expect(text).not.toMatch(/NaN|Infinity|e\+|e-\d/);
    // 60 months of four $100,000,000 payments: $24,000,000,000, written out.
    expect(text).toContain("$24,000,000,000");
  });
});

describe("other seller closing costs", () => {
  it("start at a sourced 1% of the price, an assumption the visitor can change", () => {
    expect(WORKED_EXAMPLE.otherClosing).toBe(OTHER_CLOSING_ASSUMPTION.percent);
    expect(OTHER_CLOSING_ASSUMPTION.sources.length).toBeGreaterThan(0);
    for (const source of OTHER_CLOSING_ASSUMPTION.sources) {
      expect(source.url).toMatch(/^https:\/\//);
      expect(source.quote.length).toBeGreaterThan(20);
    }
    expect(calculatorText.form.otherClosingHint).toMatch(/^An assumption you can change: 1%/);

    const read = readFields(example(), taxes);
    if (!read.ok) throw new Error("the example reads");
    const line = computeNetProceeds(read.input, words).listing.lines.find(
      (each) => each.id === "other-closing",
    )!;
    // 1% of $300,000.
    expect(line.amount.low).toBe(-3000);
    expect(line.detail).toBe("1% of $300,000: title or escrow, attorney and recording fees");

    const changed = readFields(example({ otherClosing: "0.5" }), taxes);
    expect(changed.ok && changed.input.otherClosing).toEqual({ kind: "percent", rate: 0.005 });
  });
});
