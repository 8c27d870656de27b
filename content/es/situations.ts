import { COMMITMENTS } from "@/config/commitments";
import { SITUATION_WORDS, situationsCopy, type SituationSlug } from "@/content/situations";
import type { Translation } from "@/content/translation";

/** The situations that have a Spanish guide, each with its Spanish slug. */
export const SPANISH_GUIDE_SLUGS = {
  foreclosure: "ejecucion-hipotecaria",
  "inherited-house-probate": "casa-heredada-sucesion",
  divorce: "divorcio",
  "behind-on-property-taxes": "impuestos-atrasados",
} as const satisfies Partial<Record<SituationSlug, string>>;

export type SpanishGuideSituation = keyof typeof SPANISH_GUIDE_SLUGS;

/** The situations in the index's order that have a Spanish guide. */
export const SPANISH_GUIDE_SITUATIONS = [
  "inherited-house-probate",
  "foreclosure",
  "divorce",
  "behind-on-property-taxes",
] as const satisfies readonly SpanishGuideSituation[];

/**
 * Each situation as a Spanish-speaking homeowner would put it (the menu, the home page's
 * list). All seven have words; only SPANISH_GUIDE_SLUGS have a Spanish guide to link to.
 */
export const SITUATION_WORDS_ES: Translation<typeof SITUATION_WORDS> = {
  "inherited-house-probate": "Heredé una casa",
  foreclosure: "Enfrento una ejecución hipotecaria",
  divorce: "Me estoy divorciando",
  relocation: "Me voy a mudar",
  "tired-landlord": "Ya no quiero alquilar mi propiedad",
  "major-repairs": "La casa necesita reparaciones grandes",
  "behind-on-property-taxes": "Debo impuestos sobre la propiedad",
};

/** The words around the Spanish guides (content/situations.ts). */
export const situationsCopyEs: Translation<typeof situationsCopy> = {
  index: {
    title: "Vender una casa en una situación difícil",
    breadcrumb: "Situaciones",
    description:
      "Herencia, ejecución hipotecaria, divorcio, una mudanza, inquilinos, reparaciones grandes o impuestos atrasados: sus opciones, los plazos, y cuándo conviene una venta en efectivo y cuándo no.",
    lead: "Toda situación tiene más de una salida. Cada guía explica sus opciones, cuánto suele tardar cada paso, qué cambia una venta en efectivo y qué no, y cuándo le conviene más otro camino.",
    read: "Leer la guía",
  },
  updated: "Actualizado el",
  onThisPage: "En esta página",
  faqTitle: "Preguntas y respuestas",
  sourcesTitle: "Fuentes",
  sourcesLead:
    "De dónde vienen los datos de esta página. Las leyes cambian; verifique las reglas de su propio estado.",
  offer: {
    title: "Obtenga su oferta en efectivo",
    lead: `Gratis y sin compromiso. Una oferta por escrito en un plazo de ${COMMITMENTS.offerWithinHours} horas, y usted elige la fecha de cierre.`,
    jump: "Obtener una oferta en efectivo",
    addressPlaceholder: "123 Main St, Springfield, IL 62701",
  },
  compareLink: "Oferta en efectivo, venta con agente o venta por su cuenta",
  otherSituations: "Otras situaciones",
  stateTable: {
    open: {
      foreclosure:
        "Los 50 estados: el proceso, el derecho de redención después de la venta, notas y fuentes",
      "small-estates": "Los 50 estados: el procedimiento, su límite, notas y fuentes",
    },
    scrolls: "En una pantalla pequeña, la tabla se desplaza hacia los lados.",
    bothAllowed: "se permiten ambos",
    sourcesHeader: "Fuentes",
    checkWith: {
      foreclosure:
        "Sin confirmar: consulte con el condado o con un abogado de ejecuciones hipotecarias.",
      "small-estates":
        "Sin confirmar: consulte con el tribunal de sucesiones o con un abogado de sucesiones.",
    },
  },
};
