/**
 * What a homeowner would net from listing with an agent and from selling as-is for cash,
 * every line with its arithmetic. Plain TypeScript with no Node imports: the calculator
 * island runs it in the browser, and the build runs it for the worked example in the HTML.
 *
 * Every amount is rounded to the whole dollar as a line, and the totals add up the rounded
 * lines, so the arithmetic a visitor reads adds up exactly.
 */

export type TaxMethod = "flat" | "marginal" | "tiered-whole";

/** From `from` dollars up (to the next bracket's `from`), `rate` dollars per dollar. */
export type TaxBracket = { from: number; rate: number };

export type TransferTax = {
  name: string;
  /**
   * flat: one rate on the whole price; marginal: each bracket's rate on the part of the price
   * inside it; tiered-whole: the rate of the highest bracket the price reaches, on the whole.
   */
  method: TaxMethod;
  schedule: readonly TaxBracket[];
  /** The price is rounded up to a multiple of this first ("per $500 or fraction thereof"). */
  per?: number;
  /** Prices at or below this are not taxed. */
  minimumPrice?: number;
  /** The part of the tax the seller customarily pays: 0, 0.5 or 1. */
  sellerShare: number;
  /** Who pays, in words. */
  paidBy: string;
};

/**
 * The cash offer: the visitor's own, or estimated the way the FAQ says we compute ours
 * (after-repair value, less repairs, our holding and resale costs and our margin), shown as
 * the 10% to 20% below market value the blog cites, less the repairs.
 */
export type CashOffer = { kind: "entered"; amount: number } | { kind: "estimate" };

export type OtherClosingCosts =
  { kind: "percent"; rate: number } | { kind: "amount"; amount: number };

export type NetProceedsInput = {
  /** What the house would sell for in good repair (the after-repair value). */
  price: number;
  repairs: number;
  /** Mortgage and lien payoff: comes out of either sale. */
  payoff: number;
  /** Months to sell and close by listing. */
  listingMonths: number;
  /** Monthly payment, taxes, insurance and utilities while the house is yours. */
  monthlyCarrying: number;
  /** The agent commission, as a fraction of the price (0.055 = 5.5%). */
  commissionRate: number;
  otherClosing: OtherClosingCosts;
  /** Weeks to the cash closing. */
  cashWeeks: number;
  cashOffer: CashOffer;
  /** The state's transfer taxes (empty: the state has none). */
  transferTaxes: readonly TransferTax[];
};

/** The estimate's range: cash offers typically come 10-20% below market value. */
export const CASH_ESTIMATE_DISCOUNT = { low: 0.2, high: 0.1 } as const;
export const WEEKS_PER_YEAR = 52;
export const MONTHS_PER_YEAR = 12;

/** An amount that is one number (low === high) or a range. */
export type Range = { low: number; high: number };

export type Line = {
  id: string;
  label: string;
  /** How it was worked out, in words and numbers. */
  detail: string;
  /** Signed: what it adds to (positive) or takes from (negative) the proceeds. */
  amount: Range;
};

export type TaxLine = Line & { tax: TransferTax; fullTax: number; sellerPays: number };

export type Column = {
  lines: Line[];
  net: Range;
};

export type Verdict =
  | { kind: "listing"; more: Range }
  | { kind: "cash"; more: Range }
  | { kind: "depends"; listingUpTo: number; cashUpTo: number }
  | { kind: "same" };

export type NetProceeds = {
  listing: Column & { taxLines: TaxLine[]; months: number };
  cash: Column & { offer: Range; weeks: number };
  /** Cash net minus listing net. */
  difference: Range;
  verdict: Verdict;
};

const dollars = (value: number) => Math.round(value);
const single = (value: number): Range => ({ low: value, high: value });
/** What a cost takes from the proceeds: never -0, which would print as "−$0". */
const cost = (value: number): Range => single(value === 0 ? 0 : -value);
const cents = (value: number) => Math.round(value * 100) / 100;

export function isSingle(range: Range): boolean {
  return range.low === range.high;
}

/**
 * "$1,234", "−$1,234"; cents only where the amount has them. Grouped by hand: in Chrome each
 * toLocaleString call with options builds a number formatter, and a results table makes
 * dozens of calls, which on a slow phone blocked the main thread for most of a second.
 */
export function formatMoney(value: number, { signed = false } = {}): string {
  const [whole = "0", cents] = Math.abs(value)
    .toFixed(Number.isInteger(value) ? 0 : 2)
    .split(".");
  const text = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${cents ? `.${cents}` : ""}`;
  const sign = value < 0 ? "−" : signed && value > 0 ? "+" : "";
  return `${sign}$${text}`;
}

/** "$1,234" or "$1,000 to $1,234". */
export function formatRange(range: Range, options?: { signed?: boolean }): string {
  return isSingle(range)
    ? formatMoney(range.low, options)
    : `${formatMoney(range.low, options)} to ${formatMoney(range.high, options)}`;
}

/** 0.0033 -> "0.33%", 0.055 -> "5.5%". */
export function formatPercent(rate: number): string {
  return `${Number((rate * 100).toFixed(4)).toString()}%`;
}

/** A number of months or weeks, as few decimals as it needs. */
function formatCount(value: number): string {
  return Number(value.toFixed(2)).toString();
}

function plural(count: number, word: string): string {
  return `${formatCount(count)} ${word}${count === 1 ? "" : "s"}`;
}

/** The price the rates apply to: rounded up to a multiple of `per` where the law says so. */
function taxedBase(tax: TransferTax, price: number): number {
  return tax.per ? Math.ceil(price / tax.per) * tax.per : price;
}

function bracketFor(tax: TransferTax, price: number): TaxBracket {
  let found = tax.schedule[0]!;
  for (const bracket of tax.schedule) if (price >= bracket.from) found = bracket;
  return found;
}

function rateText(tax: TransferTax, rate: number): string {
  return tax.per
    ? `${formatMoney(cents(rate * tax.per))} per ${formatMoney(tax.per)}`
    : formatPercent(rate);
}

/** The whole tax on a sale at `price`, to the cent, and how it is worked out. */
export function transferTaxAmount(
  tax: TransferTax,
  price: number,
): { amount: number; how: string } {
  if (price <= 0) return { amount: 0, how: "no price, no tax" };
  if (tax.minimumPrice !== undefined && price <= tax.minimumPrice) {
    return { amount: 0, how: `none: sales of ${formatMoney(tax.minimumPrice)} or less are exempt` };
  }
  const base = taxedBase(tax, price);
  const rounded =
    tax.per && base !== price
      ? `${formatMoney(price)} rounded up to the next ${formatMoney(tax.per)}: ${formatMoney(base)}; `
      : "";
  if (tax.method === "flat") {
    const rate = tax.schedule[0]!.rate;
    const amount = cents(base * rate);
    return {
      amount,
      how: `${rounded}${rateText(tax, rate)} of ${formatMoney(base)} = ${formatMoney(amount)}`,
    };
  }
  if (tax.method === "tiered-whole") {
    const bracket = bracketFor(tax, price);
    const amount = cents(base * bracket.rate);
    const tier =
      bracket.from > 0 ? ` (the rate for prices from ${formatMoney(Math.ceil(bracket.from))})` : "";
    return {
      amount,
      how: `${rounded}${rateText(tax, bracket.rate)} of the whole ${formatMoney(base)}${tier} = ${formatMoney(amount)}`,
    };
  }
  const parts: string[] = [];
  let amount = 0;
  tax.schedule.forEach((bracket, index) => {
    const next = tax.schedule[index + 1]?.from ?? Infinity;
    const inside = Math.min(base, next) - bracket.from;
    if (inside <= 0) return;
    const part = cents(inside * bracket.rate);
    amount += part;
    if (bracket.rate === 0) {
      parts.push(`the first ${formatMoney(inside)} untaxed`);
    } else {
      const where = index === 0 ? "the first" : base > next ? "the next" : "the last";
      parts.push(
        `${rateText(tax, bracket.rate)} of ${where} ${formatMoney(inside)} (${formatMoney(part)})`,
      );
    }
  });
  amount = cents(amount);
  return { amount, how: `${rounded}${parts.join(" + ")} = ${formatMoney(amount)}` };
}

function shareText(share: number): string {
  if (share === 1) return "the seller customarily pays all of it";
  if (share === 0) return "the buyer customarily pays it, so it does not come out of your proceeds";
  if (share === 0.5) return "the seller customarily pays half";
  return `the seller customarily pays ${formatPercent(share)}`;
}

function taxLine(tax: TransferTax, price: number, index: number): TaxLine {
  const { amount: fullTax, how } = transferTaxAmount(tax, price);
  const sellerPays = dollars(fullTax * tax.sellerShare);
  const share = fullTax > 0 ? `; ${shareText(tax.sellerShare)}` : "";
  return {
    id: `transfer-tax-${index}`,
    label: tax.name,
    detail: `${how}${share}`,
    amount: cost(sellerPays),
    tax,
    fullTax,
    sellerPays,
  };
}

function sum(lines: readonly Line[]): Range {
  return lines.reduce(
    (total, line) => ({ low: total.low + line.amount.low, high: total.high + line.amount.high }),
    { low: 0, high: 0 },
  );
}

/** The cash offer as a range: entered (one number) or the 10-20% below value estimate. */
export function cashOfferRange(input: Pick<NetProceedsInput, "price" | "repairs" | "cashOffer">): {
  offer: Range;
  detail: string;
} {
  if (input.cashOffer.kind === "entered") {
    return { offer: single(dollars(input.cashOffer.amount)), detail: "the offer you entered" };
  }
  const { price, repairs } = input;
  const at = (discount: number) => Math.max(0, dollars(price * (1 - discount) - repairs));
  const offer = { low: at(CASH_ESTIMATE_DISCOUNT.low), high: at(CASH_ESTIMATE_DISCOUNT.high) };
  const less = (discount: number) =>
    `${formatMoney(price)} − ${formatPercent(discount)} − ${formatMoney(repairs)} repairs = ${formatMoney(at(discount))}`;
  return {
    offer,
    detail: `estimate: 10% to 20% below the value in good repair, less the repairs (${less(CASH_ESTIMATE_DISCOUNT.low)}; ${less(CASH_ESTIMATE_DISCOUNT.high)})`,
  };
}

export function computeNetProceeds(input: NetProceedsInput): NetProceeds {
  const { price, repairs, payoff, listingMonths, monthlyCarrying, commissionRate, cashWeeks } =
    input;

  const commission = dollars(price * commissionRate);
  const taxLines = input.transferTaxes.map((tax, index) => taxLine(tax, price, index));
  const other =
    input.otherClosing.kind === "percent"
      ? {
          amount: dollars(price * input.otherClosing.rate),
          detail: `${formatPercent(input.otherClosing.rate)} of ${formatMoney(price)}`,
        }
      : { amount: dollars(input.otherClosing.amount), detail: "the amount you entered" };
  const listingCarrying = dollars(monthlyCarrying * listingMonths);
  const listingLines: Line[] = [
    {
      id: "price",
      label: "Sale price in good repair",
      detail: "your figure",
      amount: single(dollars(price)),
    },
    {
      id: "commission",
      label: "Agent commission",
      detail: `${formatPercent(commissionRate)} of ${formatMoney(price)}`,
      amount: cost(commission),
    },
    ...taxLines,
    {
      id: "other-closing",
      label: "Other seller closing costs",
      detail: other.detail,
      amount: cost(other.amount),
    },
    {
      id: "repairs",
      label: "Repairs before listing",
      detail: "your estimate",
      amount: cost(dollars(repairs)),
    },
    {
      id: "carrying",
      label: "Carrying costs until closing",
      detail: `${formatMoney(monthlyCarrying)} a month × ${plural(listingMonths, "month")}`,
      amount: cost(listingCarrying),
    },
    {
      id: "payoff",
      label: "Mortgage and lien payoff",
      detail: "your figure",
      amount: cost(dollars(payoff)),
    },
  ];

  const { offer, detail: offerDetail } = cashOfferRange(input);
  const cashMonths = (cashWeeks * MONTHS_PER_YEAR) / WEEKS_PER_YEAR;
  const cashCarrying = dollars(monthlyCarrying * cashMonths);
  const cashLines: Line[] = [
    { id: "offer", label: "Cash offer", detail: offerDetail, amount: offer },
    {
      id: "fees",
      label: "Commission, closing costs, transfer tax, repairs",
      detail:
        "$0: the buyer pays the closing costs and the transfer tax the seller would pay, and buys as-is",
      amount: single(0),
    },
    {
      id: "carrying",
      label: "Carrying costs until closing",
      detail: `${formatMoney(monthlyCarrying)} a month × ${MONTHS_PER_YEAR} ÷ ${WEEKS_PER_YEAR} weeks × ${plural(cashWeeks, "week")}`,
      amount: cost(cashCarrying),
    },
    {
      id: "payoff",
      label: "Mortgage and lien payoff",
      detail: "your figure",
      amount: cost(dollars(payoff)),
    },
  ];

  const listingNet = sum(listingLines);
  const cashNet = sum(cashLines);
  const difference = { low: cashNet.low - listingNet.low, high: cashNet.high - listingNet.low };
  return {
    listing: { lines: listingLines, net: listingNet, taxLines, months: listingMonths },
    cash: { lines: cashLines, net: cashNet, offer, weeks: cashWeeks },
    difference,
    verdict: verdictOf(difference),
  };
}

/** Which sale leaves more, from cash net minus listing net (a range when the offer is). */
export function verdictOf(difference: Range): Verdict {
  if (difference.low === 0 && difference.high === 0) return { kind: "same" };
  if (difference.high <= 0) {
    return { kind: "listing", more: { low: -difference.high, high: -difference.low } };
  }
  if (difference.low >= 0) return { kind: "cash", more: difference };
  return { kind: "depends", listingUpTo: -difference.low, cashUpTo: difference.high };
}
