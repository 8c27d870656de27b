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
 * The worked example every state's page shows before the visitor types anything (and all
 * that a visitor without script sees). Example figures, said so on the page; the 3 months
 * and 2 weeks are assumptions the page asks the visitor to change.
 */
export const WORKED_EXAMPLE = {
  price: "300000",
  repairs: "20000",
  payoff: "150000",
  commissionPercent: "5.5",
  listingMonths: "3",
  otherClosing: "0",
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
    lead: "Example figures are filled in: replace them with yours and the results below follow as you type.",
    house: "Your house",
    state: "State",
    price: "What the house would sell for in good repair",
    priceHint: "The price after any repairs below. An agent's market analysis can tell you.",
    repairs: "Repairs it needs",
    repairsMode: "How would you like to enter the repairs?",
    repairsOne: "One estimate",
    repairsList: "A checklist",
    repairsTotal: "Estimated cost of repairs",
    repairsListHint: "Put in a quote or your estimate for each; leave the rest blank.",
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
      "Title or escrow, attorney, recording, a county or city transfer tax (see the note on your state below). Left at 0 unless you enter them: ask a title company or closing attorney for a quote.",
    carrying: "Monthly costs while the house is yours",
    carryingHint:
      "Counted until each sale closes. The principal part of your payment lowers your payoff, so this slightly overstates what waiting costs.",
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
  results: {
    title: "Results for a house in {state}",
    summaryCaption: "Side by side",
    listingCaption: "Listing with an agent, line by line",
    cashCaption: "Selling as-is for cash, line by line",
    item: "Item",
    amount: "Amount",
    listingNet: "Net from listing with an agent",
    cashNet: "Net from selling as-is for cash",
    difference: "Difference (cash minus listing)",
    time: "Time to closing",
    timeValue: "Listing: {months}; cash: {weeks}",
    month: "month",
    months: "months",
    week: "week",
    weeks: "weeks",
    net: "Net to you",
    owes: "You would need to bring {amount} to closing.",
    rounding: "Amounts are rounded to the whole dollar, line by line.",
    transferTax: "Transfer tax",
  },
  notes: {
    title: "Where the {state} figures come from",
    noTax: "{state} has no state transfer or deed tax on a sale.",
    source: "Source",
    checked: "checked {date}",
    asOf: "Transfer tax data as of {date}.",
    local: "Counties and cities",
    countyLevel: "a county tax set by state law",
    notAdvice:
      "This is an estimate to help you compare, not tax or legal advice. Exemptions, liens the buyer assumes and local taxes can change the tax; your closing agent has the final figure.",
  },
  next: {
    title: "What to do next",
    offer: "Get your real cash offer for your {state} house",
    offerLead: `Free and no-obligation: a written offer within ${COMMITMENTS.offerWithinHours} hours, ${COMMITMENTS.fees} fees or commissions, and we pay the closing costs.`,
    compare: "Compare a cash offer, listing with an agent and selling it yourself",
    compareHref: "/cash-offer-vs-listing",
  },
} as const;

export type CalculatorText = typeof calculatorText;
