import { site } from "@/config/site";

/**
 * The words of the shortcuts back to a page's offer form. Each page's own closing title and
 * text are with its words (content/home.ts, content/state-page.ts).
 */
export const offerShortcutsCopy = {
  /** The call to action that ends a long page (components/site/closing-offer.tsx). */
  closing: {
    action: "Get my cash offer",
    call: `Call ${site.company.phone.display}`,
  },
} as const;
