/**
 * The words of the shortcuts back to a page's offer form. Each page's own closing title and
 * text are with its words (content/home.ts, content/state-page.ts).
 */
export const offerShortcutsCopy = {
  /** The bar at the bottom of a phone's screen (components/site/offer-bar-region.tsx). */
  bar: {
    label: "Call or get your cash offer",
    call: "Call",
    offer: "Get my offer",
  },
  /** The call to action that ends a long page (components/site/closing-offer.tsx). */
  closing: {
    action: "Get my cash offer",
    /** Followed by the number (components/site/phone-link.tsx). */
    call: "Call",
  },
} as const;
