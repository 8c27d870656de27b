/**
 * The policy pages and the links to them, in plain data: the footer, the offer form's
 * consent lines and the build-time loader (lib/build/legal.ts) all read it. The consent
 * wording (supabase/functions/_shared/contract/disclosures.ts) links to the same paths; a test checks.
 */
/** The id the privacy policy's heading "Do Not Sell or Share My Personal Information" gets. */
export const DO_NOT_SELL_ANCHOR = "do-not-sell-or-share-my-personal-information";

export const LEGAL_PAGES = {
  privacy: { path: "/privacy", title: "Privacy Policy", anchors: [DO_NOT_SELL_ANCHOR] },
  terms: { path: "/terms", title: "Terms of Use", anchors: [] },
  sms: { path: "/sms-policy", title: "Text Message Policy", anchors: [] },
} as const satisfies Record<string, { path: string; title: string; anchors: readonly string[] }>;

export type LegalSlug = keyof typeof LEGAL_PAGES;

export const LEGAL_LINKS = [
  { href: LEGAL_PAGES.privacy.path, text: LEGAL_PAGES.privacy.title },
  { href: LEGAL_PAGES.terms.path, text: LEGAL_PAGES.terms.title },
  { href: LEGAL_PAGES.sms.path, text: LEGAL_PAGES.sms.title },
  {
    href: `${LEGAL_PAGES.privacy.path}#${DO_NOT_SELL_ANCHOR}`,
    text: "Do Not Sell or Share My Personal Information",
  },
] as const;
