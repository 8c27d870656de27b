import { CLAIMS, site } from "@/config/site";

/** The words every state page shares; each state's own words are in content/states/. */
export const statePageCopy = {
  breadcrumb: (state: string) => `Sell House Fast ${state}`,
  headline: (state: string) => `Sell Your House Fast in ${state}`,
  intro: (state: string, [first, second, third]: readonly string[]) =>
    `We buy houses for cash all over ${state}, from ${first} and ${second} to ${third} and the small towns in between. Tell us about your house and get a written cash offer within ${site.commitments.offerWithinHours} hours: no repairs, no showings, no commissions.`,
  ratingLabel: "Rating and key numbers",
  rating: CLAIMS.rating.claim,
  stats: [
    { value: `${site.commitments.averageCloseDays} Days`, label: "Average Close" },
    { value: site.commitments.fees, label: "Fees or Commissions" },
    { value: "Any", label: "Condition" },
  ],
  benefitsTitle: (state: string) => `Why Choose ${site.name} in ${state}`,
  citiesTitle: (state: string) => `Cities We Serve in ${state}`,
  citiesLead: (state: string) =>
    `Our cash offers reach every county in ${state}. These are the largest cities where homeowners sell to us:`,
  faqTitle: (state: string) => `Selling a House in ${state}: Your Questions`,
  /** An address in the state's own largest city, as an example in the form. */
  addressPlaceholder: (firstCity: string, code: string) => `123 Main St, ${firstCity}, ${code}`,
  calculatorTitle: (state: string) => `Listing or Cash in ${state}?`,
  calculatorLead: (state: string) =>
    `Compare what you would net listing with an agent and selling to us as-is, with ${state}'s transfer tax and every line of the math shown.`,
  calculatorLink: (state: string) => `Estimate what you would net selling in ${state}`,
  offerTitle: "Get Your Cash Offer",
  closingTitle: (state: string) => `Selling a House in ${state}?`,
  closingText: (state: string) =>
    `Get a written cash offer for your ${state} house within ${site.commitments.offerWithinHours} hours, as it stands. Close in as little as ${site.commitments.closeInDays} days or on the date you pick, and we pay the closing costs. Free, with no obligation to accept.`,
  offerLead: (state: string) =>
    `Free and no-obligation for ${state} homeowners. Written offer within ${site.commitments.offerWithinHours} hours.`,
} as const;
