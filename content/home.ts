import { site, type Claim } from "@/config/site";
import { siteNavCopy } from "@/content/site-nav";
import type { SituationSlug } from "@/content/situations";

/** A page that guides an owner of one kind of property: a situation guide, the comparison, a post. */
export type PropertyGuide = { situation: SituationSlug } | { compare: true } | { post: string };

/** A property type the home page lists, with the guide that fits it, if one does: each its own. */
type PropertyType = {
  icon: "scroll" | "key" | "building" | "trees" | "hammer" | "house";
  title: string;
  text: string;
  guide?: PropertyGuide;
};

const propertyTypes: readonly PropertyType[] = [
  {
    icon: "scroll",
    title: "Estate Sales",
    guide: { post: "selling-an-inherited-house-estate-sales-guide" },
    text: "Settling a loved one's estate? We buy the house with its contents and work around probate timelines.",
  },
  {
    icon: "key",
    title: "Rental Properties",
    guide: { situation: "tired-landlord" },
    text: "Tired landlord, problem tenants or vacancies? We buy rentals occupied or empty, leases and all.",
  },
  {
    icon: "building",
    title: "Multi-Family Homes",
    guide: { compare: true },
    text: "Duplexes, triplexes and fourplexes, in one cash sale, without unit-by-unit showings.",
  },
  {
    icon: "trees",
    title: "Vacant Land",
    text: "Lots and acreage you no longer want to pay taxes on, with or without road access.",
  },
  {
    icon: "hammer",
    title: "Houses Needing Repair",
    guide: { situation: "major-repairs" },
    text: "Roof leaks, foundation cracks, fire or water damage: we price the repairs in so you don't have to make them.",
  },
  {
    icon: "house",
    title: "Inherited Properties",
    guide: { situation: "inherited-house-probate" },
    text: "Inherited a house you can't keep up? We close quickly and split proceeds however the heirs decide.",
  },
];

/** The home page's words. Numbers come from the site config so they are stated once. */
export const homeCopy = {
  seo: {
    title: "Sell Your House Fast for Cash in Any Condition",
    description: site.description,
  },
  hero: {
    eyebrow: `Cash home buyers in all ${site.trust.licensedStates} states`,
    title: "Sell Your House Fast for Cash",
    lead: "Skip the listings, showings and repairs. Tell us about your house and get a fair, no-obligation cash offer — as-is, on your timeline.",
    promises: [
      `Written offer within ${site.commitments.offerWithinHours} hours`,
      `Close in as little as ${site.commitments.closeInDays} days`,
      "We pay closing costs",
      `${site.commitments.fees} fees or commissions`,
    ],
    badges: [
      { value: site.trust.homesPurchased, label: "Homes purchased" },
      { value: site.trust.bbbRating, label: "Rating", claim: "bbb" },
      { value: "Licensed", label: `in all ${site.trust.licensedStates} states`, claim: "licenses" },
    ] satisfies { value: string; label: string; claim?: Claim }[],
    cta: "Get Started Now",
  },
  offer: {
    title: "Get Your Free Cash Offer",
    lead: "Three quick steps. No obligation, no fees.",
    addressPlaceholder: "123 Main St, Springfield, IL 62701",
  },
  situations: {
    title: siteNavCopy.situationsTitle,
    lead: "Pick what fits. Each guide lays out your options and timeline, and when a cash sale helps and when it does not.",
    all: siteNavCopy.allSituations,
  },
  faqTitle: "Questions Homeowners Ask",
  propertyTypes: {
    title: "Types of Properties We Buy",
    lead: "Whatever the house, whatever the situation, we make a cash offer on it as it stands.",
    items: propertyTypes,
  },
  howItWorks: {
    title: "How It Works",
    lead: "Selling to us takes three steps and about a week, not three months.",
    steps: [
      {
        title: "Tell us about your house",
        text: "Share the address, its condition and where to reach you. It takes about a minute.",
      },
      {
        title: `Get a written offer in ${site.commitments.offerWithinHours} hours`,
        text: "We study recent sales near you and send a fair cash offer in writing. No obligation, no pressure.",
      },
      {
        title: "Close when you choose",
        text: `Pick a date — in as little as ${site.commitments.closeInDays} days or months from now. We pay the closing costs and you get paid in cash.`,
      },
    ],
  },
  calculator: {
    title: "Listing or Cash? Run the Numbers",
    lead: "Put in your own figures and see what listing with an agent and selling to us as-is would each leave you, with every line of the math shown. If listing would leave you more, it says so.",
    link: "Open the net proceeds calculator",
  },
  states: {
    title: "We Buy Houses in All 50 States",
    lead: "Choose your state to see how we buy houses where you live.",
  },
  closing: {
    title: "Ready to Sell Your House?",
    text: `Tell us the address and the condition it's in, and get a written cash offer within ${site.commitments.offerWithinHours} hours. No repairs, no showings, ${site.commitments.fees} fees or commissions, and no obligation to accept. Rather talk it through first? Call us.`,
  },
} as const;
