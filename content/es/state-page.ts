import { site } from "@/config/site";
import { claimsEs } from "@/content/es/chrome";
import type { statePageCopy } from "@/content/state-page";
import type { Translation } from "@/content/translation";

const { offerWithinHours, closeInDays, averageCloseDays, fees } = site.commitments;

/**
 * The words every Spanish state page shares (content/state-page.ts). `state` is the name as
 * the page shows it: pass the Spanish one (STATE_NAMES_ES, content/es/state-names.ts).
 * "el estado de {state}" keeps each sentence right whatever the name's gender.
 */
export const statePageCopyEs: Translation<typeof statePageCopy> = {
  breadcrumb: (state) => `Vender casa rápido en ${state}`,
  headline: (state) => `Venda su casa rápido en ${state}`,
  intro: (state, [first, second, third]) =>
    `Compramos casas en efectivo en todo el estado de ${state}, desde ${first} y ${second} hasta ${third} y los pueblos pequeños que hay entre ellas. Cuéntenos sobre su casa y reciba una oferta en efectivo por escrito en un plazo de ${offerWithinHours} horas: sin reparaciones, sin visitas y sin comisiones.`,
  ratingLabel: "Calificación y cifras clave",
  rating: claimsEs.rating.claim,
  stats: [
    { value: `${averageCloseDays} días`, label: "Cierre promedio" },
    { value: fees, label: "En cargos o comisiones" },
    { value: "Cualquier", label: "Condición" },
  ],
  benefitsTitle: (state) => `Por qué elegir a ${site.name} en ${state}`,
  citiesTitle: (state) => `Ciudades de ${state} donde compramos casas`,
  citiesLead: (state) =>
    `Nuestras ofertas en efectivo llegan a todos los condados de ${state}. Estas son las ciudades más grandes donde los propietarios nos venden su casa:`,
  faqTitle: (state) => `Vender una casa en ${state}: sus preguntas`,
  addressPlaceholder: (firstCity, code) => `123 Main St, ${firstCity}, ${code}`,
  calculatorTitle: (state) => `¿Con agente o en efectivo en ${state}?`,
  calculatorLead: (state) =>
    `Compare cuánto le quedaría al vender con un agente y al vendernos la casa tal como está, con el impuesto de transferencia (transfer tax) de ${state} y cada línea del cálculo a la vista.`,
  calculatorLink: (state) => `Calcule cuánto le quedaría al vender en ${state}`,
  offerTitle: "Obtenga su oferta en efectivo",
  closingTitle: (state) => `¿Va a vender una casa en ${state}?`,
  closingText: (state) =>
    `Reciba una oferta en efectivo por escrito por su casa en ${state} en un plazo de ${offerWithinHours} horas, tal como está. Cierre en tan solo ${closeInDays} días o en la fecha que usted elija, y nosotros pagamos los costos de cierre. Es gratis y no tiene ninguna obligación de aceptarla.`,
  offerLead: (state) =>
    `Gratis y sin compromiso para los propietarios de ${state}. Oferta por escrito en un plazo de ${offerWithinHours} horas.`,
};
