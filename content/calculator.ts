import { COMMITMENTS } from "@/config/commitments";

/**
 * The words of the net-proceeds calculator (/calculator). Plain data the island and the
 * page both read; every number a visitor sees is either theirs or labelled as an example
 * or an assumption here.
 */
export const CALCULATOR_PATH = "/calculator";
/** ?state=oh: the query the state pages link with, rewritten to /calculator/ohio by hosts. */
export const CALCULATOR_STATE_QUERY = "state";
/** "/calculator?state=oh": the calculator with a state chosen, as every state page links to it. */
export function calculatorHref(stateCode: string): string {
  return `${CALCULATOR_PATH}?${CALCULATOR_STATE_QUERY}=${stateCode.toLowerCase()}`;
}

/** The blog post the 5-6% commission comes from. */
export const COMMISSION_SOURCE_PATH = "/blog/hidden-costs-of-selling-a-house-traditionally";

/**
 * "Other seller closing costs" before the visitor enters theirs: an assumption, said so
 * beside the field, for title or escrow, attorney and recording fees. Guides put a seller's
 * closing costs apart from the commission at about 1% to 3% of the price with the transfer
 * taxes in; the calculator counts those taxes on their own lines, so the rest is set at the
 * 1% middle of the title-and-escrow range the second source gives.
 */
export const OTHER_CLOSING_ASSUMPTION = {
  percent: "1",
  checked: "2026-11-27",
  sources: [
    {
      title: "Clever Real Estate: Closing costs",
      url: "https://listwithclever.com/real-estate-blog/closing-costs/",
      quote:
        "Nationwide, sellers typically incur an average of 2.72%, while buyers face expenses ranging from 3-5%. These expenses do not include real estate agent commissions",
    },
    {
      title: "Newaparts: Typical seller closing costs you should anticipate",
      url: "https://newaparts.com/en/questions/typical-seller-closing-costs-you-should-anticipate",
      quote:
        "Title and Escrow Fees: Title insurance protects against ownership disputes. Escrow fees cover processing and document handling. Together, they usually run 0.5% to 1.5% of the sale price.",
    },
  ],
} as const;

/**
 * The worked example every state's page shows before the visitor types anything (and all
 * that a visitor without script sees). Example figures, said so on the page; the 3 months,
 * 2 weeks and 1% of other closing costs are assumptions the page asks the visitor to change.
 */
export const WORKED_EXAMPLE = {
  price: "300000",
  repairs: "20000",
  payoff: "150000",
  commissionPercent: "5.5",
  listingMonths: "3",
  otherClosing: OTHER_CLOSING_ASSUMPTION.percent,
  payment: "1200",
  propertyTaxes: "300",
  insurance: "150",
  utilities: "200",
  cashWeeks: "2",
} as const;

export const REPAIR_CHECKLIST = [
  "Roof",
  "Heating and cooling",
  "Plumbing",
  "Electrical",
  "Foundation or structure",
  "Kitchen and bathrooms",
  "Floors and paint",
  "Other",
] as const;

/** The page's own words, rendered by the server around the island. */
export const calculatorPageCopy = {
  seo: {
    title: "Net Proceeds Calculator: Listing vs. Cash Offer",
    description:
      "Compare what you would net listing your house with an agent or selling it as-is for cash, with your state's transfer tax and every line of the math shown.",
    stateTitle: (state: string) => `${state} Home Sale Net Proceeds Calculator`,
    stateDescription: (state: string) =>
      `What would you net selling a house in ${state}? Compare listing with an agent and a cash sale, with ${state}'s transfer tax and every line of the math shown.`,
  },
  breadcrumb: "Net Proceeds Calculator",
  og: { eyebrow: "Listing vs. cash offer", headline: "What would you net selling your house?" },
  headline: "What Would You Net Selling Your House?",
  intro:
    "Compare listing with an agent and selling as-is for cash, side by side. Put in your own figures: every line of the arithmetic is shown, and if listing would leave you more, the calculator says so.",
  noScript:
    "JavaScript is off in your browser, so the figures cannot change here: below is the worked example for the example figures shown.",
  /** The state notes' sentences, written by the build into the island's data. */
  notes: {
    noTax: "{state} has no state transfer or deed tax on a sale.",
    local: "Counties and cities",
    countyLevel: "a county tax set by state law",
    /** An enacted change, named where it is coming; the calculator uses it from that day. */
    change: "From {date}: {tax}, {schedule}.",
    /** The schedule in words: "1.5% below $1,600,000, 2.5% from $1,600,000". */
    wholePrice: "of the whole price",
    eachPart: "each part of the price at its rate",
    firstBracket: "{rate} below {from}",
    bracket: "{rate} from {from}",
    /** A figure past its re-check date at the build, said beside it. */
    due: "Due for a re-check: we last read these figures on {checked}, and the rate {cadence}; confirm it with the source or your closing agent before you rely on it.",
  },
  /** Said once under the calculator, the same for every state and place. */
  after: {
    rounding: "Amounts are rounded to the whole dollar, line by line.",
    asOf: "Transfer tax data as of {date}.",
    notAdvice:
      "This is an estimate to help you compare, not tax or legal advice. Exemptions, liens the buyer assumes and local taxes can change the tax; your closing agent has the final figure.",
    assumptions: "Where the 1% of other closing costs comes from ({checked}):",
  },
  next: {
    title: "What to do next",
    offerLead: `Free and no-obligation: a written offer within ${COMMITMENTS.offerWithinHours} hours, ${COMMITMENTS.fees} fees or commissions, and we pay the closing costs.`,
    compare: "Compare a cash offer, listing with an agent and selling it yourself",
    compareHref: "/cash-offer-vs-listing",
  },
} as const;

/**
 * Every word the calculator island shows, as plain data with {placeholders}: the page
 * passes it to the island as props, so the words travel in the HTML (which every visitor
 * downloads anyway) instead of in the island's script, which has a size budget.
 */
export const calculatorText = {
  links: {
    calculator: CALCULATOR_PATH,
    stateQuery: CALCULATOR_STATE_QUERY,
    commissionPost: COMMISSION_SOURCE_PATH,
  },
  form: {
    label: "Your figures",
    lead: "Example figures are filled in: replace them with yours and the results follow as you type.",
    house: "Your house",
    state: "State",
    localityHint:
      "Counties and cities here add transfer taxes of their own: choose yours, or the nearest description.",
    price: "What the house would sell for in good repair",
    priceHint: "The price after any repairs below. An agent's market analysis can tell you.",
    repairs: "Repairs it needs",
    repairsMode: "How would you like to enter the repairs?",
    repairsOne: "One estimate",
    repairsList: "A checklist",
    repairsTotal: "Estimated cost of repairs",
    repairsHint:
      "Paid before listing, out of your own pocket: a cash sale needs none of them. Put 0 if the house needs nothing.",
    repairsListHint:
      "Put in a quote or your estimate for each; leave the rest blank. You pay them before listing, out of your own pocket.",
    repairsSum: "Repairs in total: {amount}",
    payoff: "Mortgage and lien payoff",
    payoffHint:
      "What you still owe on the house: loans, liens, judgments. It comes out of either sale.",
    listing: "Listing with an agent",
    commission: "Agent commission",
    commissionHint:
      "Our blog cites a typical 5% to 6%. Since August 17, 2024, commissions are negotiable and what a buyer's agent is paid is agreed separately: enter what your agent quotes, including any buyer's-agent pay you agree to cover.",
    commissionPost: "Read about the hidden costs of a traditional sale",
    months: "Months to sell and close",
    monthsHint:
      "An assumption, not a statistic: change it to what agents in your area tell you, from listing to closing.",
    otherClosing: "Other seller closing costs",
    otherClosingMode: "Other closing costs as",
    otherClosingPercent: "Percent of the price",
    otherClosingAmount: "Dollar amount",
    otherClosingHint:
      "An assumption you can change: 1% of the price for title or escrow, attorney and recording fees. Guides put a seller's closing costs apart from the commission at about 1% to 3% of the price with transfer taxes included, and title and escrow at 0.5% to 1.5%; the transfer taxes are counted on their own lines below. A title company or closing attorney can quote yours; the sources are listed at the end of the page.",
    carrying: "Monthly costs while the house is yours",
    carryingHint:
      "What you keep paying every month until the sale closes, before any money from it arrives: with the repairs, the cash a listing needs from you. The principal part of your payment lowers your payoff, so this slightly overstates what waiting costs.",
    payment: "Mortgage payment",
    propertyTaxes: "Property taxes",
    insurance: "Insurance",
    utilities: "Utilities",
    cash: "Selling as-is for cash",
    cashMode: "The cash offer",
    cashEstimate: "Estimate it for me (a range)",
    cashEntered: "I have an offer",
    cashAmount: "Cash offer amount",
    cashEstimateHint:
      "Estimated the way our FAQ describes: the value in good repair, less the repairs, our holding and resale costs and our margin. Cash offers typically come 10% to 20% below market value, so the estimate is that range, less the repairs. A real offer comes after we look at the house.",
    cashWeeks: "Weeks to the cash closing",
    cashWeeksHint: `We can close in as little as ${COMMITMENTS.closeInDays} days, or on a later date you choose: an assumption you can change.`,
    dollars: "dollars",
    dollarsAMonth: "dollars a month",
    percent: "%",
    monthsUnit: "months",
    weeksUnit: "weeks",
  },
  errors: {
    money: "Enter a dollar amount, such as 250000.",
    /** The bound is lib/calculator-fields.ts's MONEY_MAX (a test keeps them equal). */
    moneyMax: "Enter an amount no larger than $100,000,000.",
    percent: "Enter a percent from 0 to 100, such as 5.5.",
    months: "Enter a number of months from 0.5 to 60.",
    weeks: "Enter a number of weeks from 1 to 52.",
    summary: "Correct the figures marked above to see the results.",
  },
  verdict: {
    listing:
      "Listing with an agent would likely leave you {more} more, if the house sells for {price} within {months}.",
    listingEstimate:
      "That compares it with our estimated range of cash offers; a real offer comes after we look at the house.",
    cash: "Selling as-is for cash would leave you {more} more than listing, and you could close in about {weeks} instead of {months}.",
    cashEstimate:
      "Selling as-is for cash would likely leave you {more} more than listing, and you could close in about {weeks} instead of {months}. A real offer comes after we look at the house.",
    depends:
      "It depends on the offer: against the low end of our estimate, listing would leave you up to {listing} more (if the house sells for {price} within {months}); against the high end, selling for cash would leave you up to {cash} more, in about {weeks}.",
    same: "Both would leave you about the same.",
  },
  /** The lines of the arithmetic (lib/net-proceeds.ts), with {placeholders}. */
  lines: {
    price: "Sale price in good repair",
    yourFigure: "your figure",
    commission: "Agent commission",
    percentOf: "{rate} of {price}",
    noStateTax: "State transfer tax",
    noStateTaxDetail: "$0: the state has no transfer or deed tax on a sale",
    noLocalTax: "Local transfer tax ({place})",
    otherClosing: "Other seller closing costs",
    otherClosingPercent: "{rate} of {price}: title or escrow, attorney and recording fees",
    otherClosingAmount: "the amount you entered",
    repairs: "Repairs before listing",
    yourEstimate: "your estimate",
    carrying: "Carrying costs until closing",
    listingCarrying: "{monthly} a month × {months}",
    /** 12 months in 52 weeks: lib/net-proceeds.ts, MONTHS_PER_YEAR and WEEKS_PER_YEAR. */
    cashCarrying: "{monthly} a month × 12 ÷ 52 weeks × {weeks}",
    payoff: "Mortgage and lien payoff",
    offer: "Cash offer",
    offerEntered: "the offer you entered",
    offerEstimate:
      "estimate: 10% to 20% below the value in good repair, less the repairs ({low}; {high})",
    offerLess: "{price} − {discount} − {repairs} repairs = {offer}",
    fees: "Commission, closing costs, repairs",
    feesDetail: "$0: no commission; the buyer pays the closing costs and buys as-is",
    cashTax:
      "$0 to you: the buyer pays it in a cash sale (listing, your customary share is {amount})",
    /** Singular: the plural adds an s. */
    month: "month",
    week: "week",
    tax: {
      noPrice: "no price, no tax",
      exempt: "none: sales of {minimum} or less are exempt",
      rounded: "{price} rounded up to the next {per}: {base}; ",
      per: "{amount} per {per}",
      flat: "{rate} of {base} = {amount}",
      whole: "{rate} of the whole {base}{tier} = {amount}",
      tier: " (the rate for prices from {from})",
      marginal: "{parts} = {amount}",
      untaxed: "the first {inside} untaxed",
      part: "{rate} of {where} {inside} ({part})",
      first: "the first",
      next: "the next",
      last: "the last",
      sellerAll: "the seller customarily pays all of it",
      buyerAll: "the buyer customarily pays it, so it does not come out of your proceeds",
      sellerHalf: "the seller customarily pays half",
      sellerPart: "the seller customarily pays {share}",
    },
  },
  results: {
    /** Between the two ends of a range: "$1,000 to $1,234". */
    to: "to",
    title: "Results for a house in {state}",
    summaryCaption: "Side by side",
    listingShort: "Listing with an agent",
    cashShort: "Selling as-is for cash",
    netRow: "What you would net",
    cashNeededRow: "Cash you pay before it closes: repairs up front and the monthly costs",
    detailsTitle: "How each figure is worked out",
    listingCaption: "Listing with an agent, line by line",
    cashCaption: "Selling as-is for cash, line by line",
    item: "Item",
    amount: "Amount",
    time: "Time to closing",
    month: "month",
    months: "months",
    week: "week",
    weeks: "weeks",
    net: "Net to you",
    owes: "You would need to bring {amount} to closing.",
  },
  notes: {
    title: "Where the {state} figures come from",
    source: "Source",
    sources: "Sources",
    checked: "checked {date}",
  },
  next: {
    offer: "Get your real cash offer for your {state} house",
  },
} as const;

export type CalculatorText = typeof calculatorText;
