import { LEGAL_LINKS, LEGAL_PAGES } from "@/content/legal-pages";
import type { Translation } from "@/content/translation";

/** The id the Spanish privacy policy's heading "No vender ni compartir mi información personal" gets. */
export const DO_NOT_SELL_ANCHOR_ES = "no-vender-ni-compartir-mi-informacion-personal";

/** The CCPA link's words, as the footer, the form and the policy's heading say them. */
export const DO_NOT_SELL_TITLE_ES = "No vender ni compartir mi información personal";

/** The Spanish policy pages, by the same keys as the English ones (each pair is a hreflang pair). */
export const LEGAL_PAGES_ES: Translation<typeof LEGAL_PAGES> = {
  privacy: {
    path: "/es/privacidad",
    title: "Política de privacidad",
    anchors: [DO_NOT_SELL_ANCHOR_ES],
  },
  terms: { path: "/es/terminos", title: "Términos de uso", anchors: [] },
  sms: { path: "/es/politica-de-mensajes", title: "Política de mensajes de texto", anchors: [] },
};

export const LEGAL_LINKS_ES: Translation<typeof LEGAL_LINKS> = [
  { href: LEGAL_PAGES_ES.privacy.path, text: LEGAL_PAGES_ES.privacy.title },
  { href: LEGAL_PAGES_ES.terms.path, text: LEGAL_PAGES_ES.terms.title },
  { href: LEGAL_PAGES_ES.sms.path, text: LEGAL_PAGES_ES.sms.title },
  {
    href: `${LEGAL_PAGES_ES.privacy.path}#${DO_NOT_SELL_ANCHOR_ES}`,
    text: DO_NOT_SELL_TITLE_ES,
  },
];
