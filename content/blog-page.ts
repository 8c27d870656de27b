/** The words of the blog list and post pages around the articles themselves. */
export const blogCopy = {
  seo: {
    title: "Home Selling Advice and Market Insights",
    description:
      "Practical guides for homeowners: selling a house fast, cash offers vs listing, estate sales, market trends and the hidden costs of a traditional sale.",
  },
  title: "Home Selling Advice and Market Insights",
  lead: "Plain-spoken guides from the team that buys houses for cash in all 50 states: what things cost, how long they take, and when each way of selling makes sense.",
  categoryTitle: (category: string) => `${category}: Home Selling Articles`,
  categoriesTitle: "Categories",
  categoriesDescription: "Show only the articles on one topic.",
  filteredBy: "Filtered by:",
  clearFilter: "Clear filter",
  showing: (count: number, category: string) =>
    `Showing ${count} ${count === 1 ? "article" : "articles"}${category === "All Posts" ? "" : ` in ${category}`}`,
  readMore: "Read More",
  /** Before the date a post was last revised. */
  updated: "Updated",
  /** The card that ends every post: where to ask for an offer, and where to weigh the options. */
  endCta: {
    title: "Thinking about selling?",
    // The blog's islands read this file in the browser, so the site config is passed in.
    text: (offerWithinHours: number) =>
      `Tell us about your house and get a written cash offer within ${offerWithinHours} hours, with no obligation. Or first compare a cash offer with listing and with selling it yourself.`,
    action: "Get my cash offer",
    compare: "Compare your options",
  },
  backToBlog: "Back to Blog",
  share: "Share",
  linkCopied: { title: "Link copied", description: "The article's address is on your clipboard." },
  copyFailed: {
    title: "Couldn't copy the link",
    description: "Copy the address from your browser's address bar to share this article.",
  },
  related: "Related Articles",
  notFound: {
    title: "Post Not Found",
    text: "The blog post you're looking for doesn't exist.",
    action: "Return to Blog",
  },
} as const;
