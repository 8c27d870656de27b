import { offerShortcutsCopy } from "@/content/offer-shortcuts";
import type { Translation } from "@/content/translation";

/** The shortcuts back to a page's offer form, in Spanish (content/offer-shortcuts.ts). */
export const offerShortcutsCopyEs: Translation<typeof offerShortcutsCopy> = {
  bar: {
    label: "Llamar u obtener su oferta en efectivo",
    call: "Llamar",
    offer: "Obtener mi oferta",
  },
  closing: {
    action: "Obtener mi oferta en efectivo",
    call: "Llamar al",
  },
};
