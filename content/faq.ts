import { site } from "@/config/site";

export type FaqItem = { question: string; answer: string };

const { offerWithinHours, closeInDays, fees } = site.commitments;

/**
 * The home page's questions, in the order shown. Answers are plain text: the page
 * shows them as written and publishes the same words as FAQPage JSON-LD, so
 * numbers come from the site config and nothing here holds Markdown or HTML.
 */
export const homeFaq: readonly FaqItem[] = [
  {
    question: "How do you calculate your cash offer?",
    answer: `We start with recent sales of comparable homes near yours to estimate what your house would sell for after repairs, known as the after-repair value. From that we subtract the cost of the repairs it needs, our costs of holding and reselling it, and a margin for us. Ask us how we got to the number and we will walk you through it, so you can check it against your own research. The offer is free and comes with no obligation.`,
  },
  {
    question: "Are there any fees, and who pays the closing costs?",
    answer: `There are no commissions and no fees: you pay us ${fees}. We pay the closing costs: title and escrow or closing attorney fees, recording fees, and transfer taxes where the seller would normally pay them. What still comes out of your proceeds are amounts you would owe whoever bought the house: the payoff of any mortgage or loan on the house, liens and judgments, property taxes and HOA dues prorated to closing day, and any withholding the law requires of a buyer, such as federal FIRPTA withholding for foreign sellers or some states' withholding for non-resident sellers.`,
  },
  {
    question: "Can I sell if I still owe on my mortgage or there are liens on the house?",
    answer: `Yes. At closing, the title company or closing attorney uses the sale money to pay off your mortgage and any liens, such as tax liens or contractor liens, and you receive what is left. You do not need to pay anything off before you sell. If you owe more than the house is worth, we can talk about a short sale, where your lender agrees to accept less than the full balance. That needs your lender's approval and usually takes longer.`,
  },
  {
    question: "Do you inspect the house?",
    answer: `We do one walk-through, in person or by video call, at a time that suits you, to confirm the condition matches what you told us. It is not a formal home inspection, and we do not use inspection contingencies to reopen the price at the last minute. You do not need to clean, repair or stage anything first: we buy houses as-is, in any condition.`,
  },
  {
    question: "How fast can we close, and can I change my mind?",
    answer: `We can close in as little as ${closeInDays} days once the title is clear, or on a later date you choose. Clearing title, for example paying off an old lien, sometimes takes longer, and we will tell you if it does. You may walk away at any time before you sign the purchase agreement, at no cost. After you sign, the terms of that agreement apply, so read it carefully and ask us anything. You are welcome to have an attorney review it.`,
  },
  {
    question: "Can I sell a house with tenants in it?",
    answer: `Yes. We buy occupied rental homes, from single-family houses to fourplexes. The leases transfer with the house, so your tenants keep their current terms, and their security deposits are handled at closing as state law requires. You do not need to evict anyone or wait for a lease to end. We respect tenants' rights under state and local law, including any notice they must be given about the sale.`,
  },
  {
    question: "I inherited a house. Can you buy it?",
    answer: `Yes. We can buy once the executor or personal representative has legal authority to sell, usually granted by the probate court, or, where the state allows, when all the heirs sign. If the house is held in a trust, the trustee can often sell it without probate. We are happy to work with your probate attorney on timing and paperwork. You do not need to empty the house first: we can buy it with its contents, so you keep what matters and leave the rest.`,
  },
  {
    question: "What happens after I submit the form?",
    answer: `Within ${offerWithinHours} hours you receive your written cash offer by e-mail; if you asked for a call, we call first to check a few details about the house. If you want to go ahead, we arrange a short walk-through, in person or by video, at a time that suits you, to confirm the condition. Then you choose the closing date. There is no pressure and no obligation until you sign. If you have questions at any time, call us at ${site.company.phone.display}.`,
  },
];
