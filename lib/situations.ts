import { SITUATION_SLUGS, SITUATION_WORDS, type SituationSlug } from "@/content/situations";

/** Where the situation guides and the comparison page live; pages, cards and links share these. */
export const SITUATIONS_PATH = "/situations";
export const COMPARE_PATH = "/cash-offer-vs-listing";
export const COMPARE_SLUG = COMPARE_PATH.slice(1);

/** The id of the offer form on a page that carries one, for links straight to it. */
export const OFFER_FORM_ID = "offer-form";

export function situationPath(slug: SituationSlug): string {
  return `${SITUATIONS_PATH}/${slug}`;
}

/** Every guide named in the homeowner's words, in the index's order: menus and lists of links. */
export const SITUATION_LINKS: readonly { href: string; text: string }[] = SITUATION_SLUGS.map(
  (slug) => ({ href: situationPath(slug), text: SITUATION_WORDS[slug] }),
);

export function isSituationSlug(slug: string): slug is SituationSlug {
  return (SITUATION_SLUGS as readonly string[]).includes(slug);
}

export { SITUATION_SLUGS, type SituationSlug };
