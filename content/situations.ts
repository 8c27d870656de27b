import { site } from "@/config/site";

/**
 * The situation pages, in the order the index lists them; each has its Markdown in
 * content/situations/<slug>.md. Home cards, state questions and blog posts name them by slug.
 */
export const SITUATION_SLUGS = [
  "inherited-house-probate",
  "foreclosure",
  "divorce",
  "relocation",
  "tired-landlord",
  "major-repairs",
  "behind-on-property-taxes",
] as const;

export type SituationSlug = (typeof SITUATION_SLUGS)[number];

/** Each situation as a homeowner would put it: the header's menu and the home page's list. */
export const SITUATION_WORDS: Record<SituationSlug, string> = {
  "inherited-house-probate": "Inherited a house",
  foreclosure: "Facing foreclosure",
  divorce: "Getting divorced",
  relocation: "Moving away",
  "tired-landlord": "Tired of being a landlord",
  "major-repairs": "House needs major repairs",
  "behind-on-property-taxes": "Behind on property taxes",
};

/** The words around the situation pages and the comparison page. */
export const situationsCopy = {
  index: {
    title: "Selling a House in a Hard Situation",
    breadcrumb: "Situations",
    description:
      "Inheritance, foreclosure, divorce, a move, tenants, major repairs or back taxes: your options, timelines, and when a cash sale fits and when it does not.",
    lead: "Every situation has more than one way out. Each guide lays out your options, how long things usually take, what a cash sale changes and what it does not, and when another route is better.",
    read: "Read the guide",
  },
  updated: "Updated",
  onThisPage: "On this page",
  faqTitle: "Questions and answers",
  sourcesTitle: "Sources",
  sourcesLead: "Where the facts on this page come from. Laws change; check your own state's rules.",
  offer: {
    title: "Get your cash offer",
    lead: `Free and no obligation. A written offer within ${site.commitments.offerWithinHours} hours, and you choose the closing date.`,
    jump: "Get a cash offer",
    addressPlaceholder: "123 Main St, Springfield, IL 62701",
  },
  compareLink: "Cash offer vs agent vs selling it yourself",
  otherSituations: "Other situations",
  stateTable: {
    /** The line that opens the full table; the table stays closed until a visitor asks for it. */
    open: {
      foreclosure: "All 50 states: the process, redemption after the sale, notes and sources",
      "small-estates": "All 50 states: the procedure, its limit, notes and sources",
    },
    scrolls: "On a small screen the table scrolls sideways.",
    bothAllowed: "both allowed",
    sourcesHeader: "Sources",
    checkWith: {
      foreclosure: "Uncertain: check with the county or a foreclosure attorney.",
      "small-estates": "Uncertain: check with the probate court or a probate attorney.",
    },
  },
} as const;
