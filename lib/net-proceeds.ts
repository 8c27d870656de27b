import type { CalculatorText } from "@/content/calculator";
import type { Translation } from "@/content/translation";
import { fillText } from "@/lib/fill-text";

/**
 * What a homeowner would net from listing with an agent and from selling as-is for cash,
 * every line with its arithmetic. Plain TypeScript with no Node imports: the calculator
 * island runs it in the browser, and the build runs it for the worked example in the HTML.
 * Its words come in as data (content/calculator.ts, `lines`), so they travel in the page's
 * HTML and not in the island's script, which has a size budget.
 *
 * Every amount is rounded to the whole dollar as a line, and the totals add up the rounded
 * lines, so the arithmetic a visitor reads adds up exactly.
 */

/**
 * Every label and template the arithmetic writes, with {placeholders}, in either language.
 * `months` and `weeks` are the plurals of `month` and `week` ("meses", not "mess"); the pages
 * pass them. Without them a plural adds an "s", as the English words did before they carried
 * their plurals.
 */
export type NetProceedsWords = Translation<CalculatorText["lines"]> & {
  months?: string;
  weeks?: string;
};

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
  /** "YYYY-MM-DD": the day this version takes effect; absent, as far as the sources go back. */
  inForceFrom?: string;
  /** "YYYY-MM-DD": the day the next version takes effect. */
  inForceUntil?: string;
};

/**
 * The versions in force on `day` ("YYYY-MM-DD"): a rate whose change is enacted carries both
 * versions, and the island chooses by the visitor's own date, so no rebuild is needed on the
 * day it changes.
 */
export const inForce = (taxes: readonly TransferTax[], day: string): TransferTax[] =>
  taxes.filter((tax) => (tax.inForceFrom ?? "") <= day && day < (tax.inForceUntil ?? "A"));

/**
 * The cash offer: the visitor's own, or estimated the way the FAQ says we compute ours
 * (after-repair value, less repairs, our holding and resale costs and our margin), shown as
 * the 10% to 20% below market value the blog cites, less the repairs.
 */
export type CashOffer = { kind: "entered"; amount: number } | { kind: "estimate" };

export type OtherClosingCosts =
  { kind: "percent"; rate: number } | { kind: "amount"; amount: number };

/** The county's or city's own taxes where the visitor chose one. */
export type LocalTaxes = {
  /** "Philadelphia", "King County (Seattle, Bellevue and most of the county)". */
  place: string;
  /** Empty where none is counted; `note` then says why. */
  taxes: readonly TransferTax[];
  note?: string | undefined;
};

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
  /** The chosen county's or city's taxes; null where the state has no places to choose. */
  local: LocalTaxes | null;
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

export type TaxLine = Line & {
  /** The state's own tax, or the chosen county's or city's. */
  kind: "state" | "local";
  tax: TransferTax;
  fullTax: number;
  sellerPays: number;
};

export type Column = {
  lines: Line[];
  net: Range;
  /**
   * Money the seller lays out before the sale's money arrives: repairs paid up front and
   * the monthly costs until closing. For a seller in trouble this, not the net, often decides.
   */
  cashNeeded: Range;
};

export type Verdict =
  | { kind: "listing"; more: Range }
  | { kind: "cash"; more: Range }
  | { kind: "depends"; listingUpTo: number; cashUpTo: number }
  | { kind: "same" };

export type NetProceeds = {
  listing: Column & {
    taxLines: TaxLine[];
    months: number;
  };
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

/** "$1,234" or "$1,000 to $1,234", `to` the word between ("to", "a"). */
export function formatRange(range: Range, to: string, options?: { signed?: boolean }): string {
  return isSingle(range)
    ? formatMoney(range.low, options)
    : `${formatMoney(range.low, options)} ${to} ${formatMoney(range.high, options)}`;
}

/** 0.0033 -> "0.33%", 0.055 -> "5.5%". */
export function formatPercent(rate: number): string {
  return `${Number((rate * 100).toFixed(4)).toString()}%`;
}

/** "3 months", "1 week", "2.5 meses": a count with as few decimals as it needs, and its word. */
export function formatCount(count: number, one: string, many = `${one}s`): string {
  return `${Number(count.toFixed(2))} ${count === 1 ? one : many}`;
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

/** The whole tax on a sale at `price`, to the cent, and how it is worked out. */
export function transferTaxAmount(
  tax: TransferTax,
  price: number,
  { tax: words }: NetProceedsWords,
): { amount: number; how: string } {
  if (price <= 0) return { amount: 0, how: words.noPrice };
  if (tax.minimumPrice !== undefined && price <= tax.minimumPrice) {
    return { amount: 0, how: fillText(words.exempt, { minimum: formatMoney(tax.minimumPrice) }) };
  }
  const base = taxedBase(tax, price);
  const rateText = (rate: number) =>
    tax.per
      ? fillText(words.per, {
          amount: formatMoney(cents(rate * tax.per)),
          per: formatMoney(tax.per),
        })
      : formatPercent(rate);
  const worked = (text: string, amount: number, values: Record<string, string>) => ({
    amount,
    how:
      (tax.per && base !== price
        ? fillText(words.rounded, {
            price: formatMoney(price),
            per: formatMoney(tax.per),
            base: formatMoney(base),
          })
        : "") + fillText(text, { ...values, base: formatMoney(base), amount: formatMoney(amount) }),
  });
  if (tax.method !== "marginal") {
    const bracket = tax.method === "flat" ? tax.schedule[0]! : bracketFor(tax, price);
    return worked(tax.method === "flat" ? words.flat : words.whole, cents(base * bracket.rate), {
      rate: rateText(bracket.rate),
      tier:
        bracket.from > 0
          ? fillText(words.tier, { from: formatMoney(Math.ceil(bracket.from)) })
          : "",
    });
  }
  const parts: string[] = [];
  let amount = 0;
  tax.schedule.forEach((bracket, index) => {
    const next = tax.schedule[index + 1]?.from ?? Infinity;
    const inside = Math.min(base, next) - bracket.from;
    if (inside <= 0) return;
    const part = cents(inside * bracket.rate);
    amount += part;
    parts.push(
      fillText(bracket.rate === 0 ? words.untaxed : words.part, {
        rate: rateText(bracket.rate),
        where: index === 0 ? words.first : base > next ? words.next : words.last,
        inside: formatMoney(inside),
        part: formatMoney(part),
      }),
    );
  });
  return worked(words.marginal, cents(amount), { parts: parts.join(" + ") });
}

function shareText(share: number, { tax: words }: NetProceedsWords): string {
  if (share === 1) return words.sellerAll;
  if (share === 0) return words.buyerAll;
  if (share === 0.5) return words.sellerHalf;
  return fillText(words.sellerPart, { share: formatPercent(share) });
}

function taxLine(
  tax: TransferTax,
  price: number,
  id: string,
  kind: TaxLine["kind"],
  words: NetProceedsWords,
): TaxLine {
  const { amount: fullTax, how } = transferTaxAmount(tax, price, words);
  const sellerPays = dollars(fullTax * tax.sellerShare);
  return {
    id,
    label: tax.name,
    detail: fullTax > 0 ? `${how}; ${shareText(tax.sellerShare, words)}` : how,
    amount: cost(sellerPays),
    kind,
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
export function cashOfferRange(
  input: Pick<NetProceedsInput, "price" | "repairs" | "cashOffer">,
  words: NetProceedsWords,
): { offer: Range; detail: string } {
  if (input.cashOffer.kind === "entered") {
    return { offer: single(dollars(input.cashOffer.amount)), detail: words.offerEntered };
  }
  const { price, repairs } = input;
  const at = (discount: number) => Math.max(0, dollars(price * (1 - discount) - repairs));
  const less = (discount: number) =>
    fillText(words.offerLess, {
      price: formatMoney(price),
      discount: formatPercent(discount),
      repairs: formatMoney(repairs),
      offer: formatMoney(at(discount)),
    });
  return {
    offer: { low: at(CASH_ESTIMATE_DISCOUNT.low), high: at(CASH_ESTIMATE_DISCOUNT.high) },
    detail: fillText(words.offerEstimate, {
      low: less(CASH_ESTIMATE_DISCOUNT.low),
      high: less(CASH_ESTIMATE_DISCOUNT.high),
    }),
  };
}

const line = (id: string, label: string, detail: string, amount: Range): Line => ({
  id,
  label,
  detail,
  amount,
});

export function computeNetProceeds(input: NetProceedsInput, words: NetProceedsWords): NetProceeds {
  const { price, repairs, payoff, listingMonths, monthlyCarrying, commissionRate, cashWeeks } =
    input;
  const money = formatMoney;
  const taxLines = [
    ...input.transferTaxes.map((tax, index) =>
      taxLine(tax, price, `transfer-tax-${index}`, "state", words),
    ),
    ...(input.local?.taxes ?? []).map((tax, index) =>
      taxLine(tax, price, `local-tax-${index}`, "local", words),
    ),
  ];
  // A place where no local tax is counted: one $0 line, in both columns, that says why.
  const noLocalTax =
    input.local && input.local.taxes.length === 0
      ? [
          line(
            "local-tax-none",
            fillText(words.noLocalTax, { place: input.local.place }),
            input.local.note ?? "",
            single(0),
          ),
        ]
      : [];
  const other =
    input.otherClosing.kind === "percent"
      ? {
          amount: dollars(price * input.otherClosing.rate),
          detail: fillText(words.otherClosingPercent, {
            rate: formatPercent(input.otherClosing.rate),
            price: money(price),
          }),
        }
      : { amount: dollars(input.otherClosing.amount), detail: words.otherClosingAmount };
  const listingCarrying = dollars(monthlyCarrying * listingMonths);
  const months = formatCount(listingMonths, words.month, words.months);
  const payoffLine = line("payoff", words.payoff, words.yourFigure, cost(dollars(payoff)));
  const listingLines: Line[] = [
    line("price", words.price, words.yourFigure, single(dollars(price))),
    line(
      "commission",
      words.commission,
      fillText(words.percentOf, { rate: formatPercent(commissionRate), price: money(price) }),
      cost(dollars(price * commissionRate)),
    ),
    ...(input.transferTaxes.length === 0
      ? [line("transfer-tax-none", words.noStateTax, words.noStateTaxDetail, single(0))]
      : []),
    ...taxLines,
    ...noLocalTax,
    line("other-closing", words.otherClosing, other.detail, cost(other.amount)),
    line("repairs", words.repairs, words.yourEstimate, cost(dollars(repairs))),
    line(
      "carrying",
      words.carrying,
      fillText(words.listingCarrying, { monthly: money(monthlyCarrying), months }),
      cost(listingCarrying),
    ),
    payoffLine,
  ];

  const { offer, detail: offerDetail } = cashOfferRange(input, words);
  const cashCarrying = dollars((monthlyCarrying * cashWeeks * MONTHS_PER_YEAR) / WEEKS_PER_YEAR);
  const weeks = formatCount(cashWeeks, words.week, words.weeks);
  const cashLines: Line[] = [
    line("offer", words.offer, offerDetail, offer),
    line("fees", words.fees, words.feesDetail, single(0)),
    // In a cash sale the buyer pays the transfer taxes: each still has its line, at $0.
    ...taxLines.map((tax) =>
      line(
        tax.id,
        tax.label,
        fillText(words.cashTax, { amount: money(tax.sellerPays) }),
        single(0),
      ),
    ),
    ...noLocalTax,
    line(
      "carrying",
      words.carrying,
      fillText(words.cashCarrying, { monthly: money(monthlyCarrying), weeks }),
      cost(cashCarrying),
    ),
    payoffLine,
  ];

  const listingNet = sum(listingLines);
  const cashNet = sum(cashLines);
  const difference = { low: cashNet.low - listingNet.low, high: cashNet.high - listingNet.low };
  return {
    listing: {
      lines: listingLines,
      net: listingNet,
      // Repairs paid up front, and the payments until the listing closes: its two lines.
      cashNeeded: single(dollars(repairs) + listingCarrying),

      taxLines,
      months: listingMonths,
    },
    cash: {
      lines: cashLines,
      net: cashNet,
      // No repairs: only the payments until the cash closing, its carrying line.
      cashNeeded: single(cashCarrying),
      offer,
      weeks: cashWeeks,
    },
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
