import {
  type CashOffer,
  type LocalTaxes,
  type NetProceedsInput,
  type OtherClosingCosts,
  type TransferTax,
} from "@/lib/net-proceeds";

/**
 * The calculator's fields as the visitor typed them, and their reading into numbers: each
 * bad value gets its own error, keyed by field, and no result is computed until all read.
 * Every field is bounded, so no sum can grow past what a dollar amount prints as.
 */
export type RepairsMode = "one" | "list";
export type OtherClosingMode = "percent" | "amount";
export type CashMode = "estimate" | "entered";

export type CalculatorFields = {
  price: string;
  repairsMode: RepairsMode;
  repairs: string;
  /** One entry per checklist item, in the checklist's order. */
  repairItems: string[];
  payoff: string;
  commissionPercent: string;
  listingMonths: string;
  otherClosingMode: OtherClosingMode;
  otherClosing: string;
  payment: string;
  propertyTaxes: string;
  insurance: string;
  utilities: string;
  cashMode: CashMode;
  cashOffer: string;
  cashWeeks: string;
};

export type FieldError = "money" | "moneyMax" | "percent" | "months" | "weeks";
export type FieldErrors = Partial<Record<string, FieldError>>;

/**
 * The most any dollar field takes: $100 million, above any house this site buys. Summed
 * over every field and 60 months it stays far below where numbers print in exponents.
 */
export const MONEY_MAX = 100_000_000;

/** "$250,000", "250000", "250,000.50" -> 250000.5; null for anything else. Blank is blank. */
export function readMoney(text: string): number | null | "blank" {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (cleaned === "") return "blank";
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

function readNumber(text: string): number | null {
  const cleaned = text.replace(/[%\s]/g, "");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export type ReadResult =
  | { ok: true; input: NetProceedsInput; repairs: number; monthlyCarrying: number }
  | { ok: false; errors: FieldErrors };

/** The visitor's fields as the arithmetic's input, or an error for each field that is not. */
export function readFields(
  fields: CalculatorFields,
  taxes: { state: readonly TransferTax[]; local: LocalTaxes | null },
): ReadResult {
  const errors: FieldErrors = {};
  const money = (key: string, text: string, { blankIsZero = false } = {}): number => {
    const value = readMoney(text);
    if (value === "blank" && blankIsZero) return 0;
    if (value === null || value === "blank") {
      errors[key] = "money";
      return 0;
    }
    if (value > MONEY_MAX) {
      errors[key] = "moneyMax";
      return 0;
    }
    return value;
  };
  // The bounds are the ones the error messages name (content/calculator.ts, `errors`).
  const ranged = (key: string, text: string, kind: FieldError, min: number, max: number) => {
    const value = readNumber(text);
    if (value === null || value < min || value > max) {
      errors[key] = kind;
      return 0;
    }
    return value;
  };

  const price = money("price", fields.price);
  const repairs =
    fields.repairsMode === "one"
      ? money("repairs", fields.repairs, { blankIsZero: true })
      : fields.repairItems.reduce(
          (total, item, index) => total + money(`repairItem${index}`, item, { blankIsZero: true }),
          0,
        );
  const payoff = money("payoff", fields.payoff, { blankIsZero: true });
  const commissionRate =
    ranged("commissionPercent", fields.commissionPercent, "percent", 0, 100) / 100;
  const listingMonths = ranged("listingMonths", fields.listingMonths, "months", 0.5, 60);
  const otherClosing: OtherClosingCosts =
    fields.otherClosingMode === "percent"
      ? {
          kind: "percent",
          rate: ranged("otherClosing", fields.otherClosing || "0", "percent", 0, 100) / 100,
        }
      : {
          kind: "amount",
          amount: money("otherClosing", fields.otherClosing, { blankIsZero: true }),
        };
  const monthlyCarrying = (["payment", "propertyTaxes", "insurance", "utilities"] as const).reduce(
    (total, key) => total + money(key, fields[key], { blankIsZero: true }),
    0,
  );
  const cashOffer: CashOffer =
    fields.cashMode === "entered"
      ? { kind: "entered", amount: money("cashOffer", fields.cashOffer) }
      : { kind: "estimate" };
  const cashWeeks = ranged("cashWeeks", fields.cashWeeks, "weeks", 1, 52);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    repairs,
    monthlyCarrying,
    input: {
      price,
      repairs,
      payoff,
      listingMonths,
      monthlyCarrying,
      commissionRate,
      otherClosing,
      cashWeeks,
      cashOffer,
      transferTaxes: taxes.state,
      local: taxes.local,
    },
  };
}
