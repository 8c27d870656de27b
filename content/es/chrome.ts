import { CLAIMS, site, type Claim } from "@/config/site";
import type { Translation } from "@/content/translation";
import type { Condition } from "@/supabase/functions/_shared/contract/lead-rules.ts";

const { offerWithinHours, closeInDays, fees } = site.commitments;
const { licensedStates } = site.trust;
const { score, outOf, reviewCount } = site.rating;

/**
 * The words written into components and a few other modules rather than content/, which a
 * visitor meets on the home page, a state page, a guide, the calculator or a policy page.
 * `chromeCopy` is the English exactly as shown today, so a component can take either it or
 * `chromeCopyEs`; where the English lives in another module it is read from there.
 *
 * Where each English string is now:
 * - app/layout.tsx: "Skip to main content" (skipToContent)
 * - app/not-found.tsx: "Page not found", "Oops! Page not found", "The page you asked for has
 *   moved or never existed. Our offer form is one click away.", "Return to Home" (notFound)
 * - components/site/breadcrumb.tsx: aria-label "Breadcrumb" (breadcrumb.label)
 * - components/state/state-landing.tsx, components/legal/legal-article.tsx,
 *   components/calculator/calculator-page.tsx, lib/structured-data.ts (HOME): "Home"
 *   (breadcrumb.home)
 * - components/site/site-header.tsx: sr-only "Call " before the number (header.call)
 * - components/site/site-footer.tsx: "We buy houses for cash in all {n} states, …", aria-label
 *   "Footer", "Home", "Blog", "Selling situations", "Cash offer vs listing", "About Us",
 *   "Contact", aria-label "Legal", "© {year} {legalName}. All rights reserved." (footer)
 * - components/home/hero.tsx: aria-label "Why homeowners trust us" (hero.trustLabel)
 * - components/site/faq.tsx: "Read more: {title}" (faq.readMore)
 * - components/site/claim-link.tsx with config/site.ts CLAIMS: each claim and its sr-only
 *   "(read the reviews)", "(our Better Business Bureau profile)", "(our licences, state by
 *   state)" (claims)
 * - components/legal/legal-article.tsx: "Last updated" (legal.lastUpdated)
 * - components/ui/toast-region.tsx: label "Notification"; components/ui/toast.tsx: aria-label
 *   "Close"; components/ui/sheet.tsx: sr-only "Close" (ui)
 * - components/offer-form/condition-options.tsx with lead-rules.ts CONDITIONS: the five
 *   conditions and their descriptions (conditions; the posted value stays the English key)
 * - components/situations/state-law-table.tsx: every heading, caption and cell word of the
 *   state-law tables (stateLawTable)
 * Not here: the messages under the form's fields, which are in
 * supabase/functions/_shared/contract/field-messages-es.ts (FIELD_MESSAGES_ES); the honeypot's
 * "Website" label in components/offer-form/offer-form.tsx (the honeypot, hidden
 * from people and screen readers; bots read it) and console messages.
 */
export const chromeCopy = {
  skipToContent: "Skip to main content",
  notFound: {
    title: "Page not found",
    heading: "Oops! Page not found",
    text: "The page you asked for has moved or never existed. Our offer form is one click away.",
    home: "Return to Home",
  },
  breadcrumb: { label: "Breadcrumb", home: "Home" },
  header: { call: "Call " },
  footer: {
    about: `We buy houses for cash in all ${licensedStates} states, in any condition. Written offer within ${offerWithinHours} hours, close in as little as ${closeInDays} days, ${fees} fees or commissions.`,
    navLabel: "Footer",
    home: "Home",
    blog: "Blog",
    situations: "Selling situations",
    compare: "Cash offer vs listing",
    aboutUs: "About Us",
    contact: "Contact",
    legalLabel: "Legal",
    rights: (year: number, legalName: string) => `© ${year} ${legalName}. All rights reserved.`,
  },
  hero: { trustLabel: "Why homeowners trust us" },
  faq: { readMore: "Read more:" },
  claims: {
    rating: { claim: CLAIMS.rating.claim, leadsTo: CLAIMS.rating.leadsTo },
    bbb: { claim: CLAIMS.bbb.claim, leadsTo: CLAIMS.bbb.leadsTo },
    licenses: { claim: CLAIMS.licenses.claim, leadsTo: CLAIMS.licenses.leadsTo },
  },
  legal: { lastUpdated: "Last updated" },
  ui: { notifications: "Notification", close: "Close" },
  conditions: {
    Excellent: { label: "Excellent", description: "Move-in ready, no repairs needed" },
    Good: { label: "Good", description: "Minor cosmetic updates needed" },
    Fair: { label: "Fair", description: "Some repairs and updates needed" },
    "Needs Work": { label: "Needs Work", description: "Major repairs or renovations needed" },
    Poor: { label: "Poor", description: "Significant work required" },
  },
  stateLawTable: {
    checked:
      "Checked {date}, later where a row says so. Laws and limits change; confirm yours before you rely on it.",
    readOn: "Read {date}",
    stateHeader: "State",
    state: "state",
    states: "states",
    sourcesHeader: "Sources",
    foreclosure: {
      caption:
        "Foreclosure by state: the usual process, and any right to buy the home back after the sale",
      digestTitle: "The usual process",
      process: { judicial: "Judicial (in court)", "non-judicial": "Non-judicial (out of court)" },
      bothAllowed: "Both are allowed",
      usualProcess: "Usual process",
      redemption: "Redemption after the sale",
      noRedemption: "No general right after the sale",
      goodToKnow: "Good to know",
    },
    smallEstates: {
      caption:
        "Small estates by state: the simplified procedure, its limit, and whether a house can pass by it",
      digestTitle: "Can a house pass by the simplified procedure?",
      realEstate: { yes: "Yes", no: "No", limited: "In some cases" },
      procedure: "Simplified procedure",
      limit: "Limit",
      noLimit: "No dollar limit",
      house: "Can a house pass this way?",
      goodToKnow: "Good to know",
    },
  },
} as const satisfies Record<string, unknown> & {
  claims: Record<Claim, { claim: string; leadsTo: string }>;
  conditions: Record<Condition, { label: string; description: string }>;
};

/** "500+" -> "más de 500": the count as a Spanish sentence says it. */
const reviewCountEs = reviewCount.endsWith("+")
  ? `más de ${reviewCount.slice(0, -1)}`
  : reviewCount;

/** The claims in Spanish, each with what its link leads to (components/site/claim-link.tsx). */
export const claimsEs: Translation<typeof chromeCopy.claims> = {
  rating: {
    claim: `Calificación de ${score}/${outOf} de ${reviewCountEs} propietarios`,
    leadsTo: "leer las opiniones",
  },
  bbb: {
    claim: `Calificación ${site.trust.bbbRating}`,
    leadsTo: "nuestro perfil en el Better Business Bureau",
  },
  licenses: {
    claim: `con licencia en los ${licensedStates} estados`,
    leadsTo: "nuestras licencias, estado por estado",
  },
};

export const chromeCopyEs: Translation<typeof chromeCopy> = {
  skipToContent: "Saltar al contenido principal",
  notFound: {
    title: "Página no encontrada",
    heading: "¡Uy! No encontramos esta página",
    text: "La página que busca cambió de lugar o nunca existió. Nuestro formulario de oferta está a un clic.",
    home: "Volver a la página principal",
  },
  breadcrumb: { label: "Ruta de navegación", home: "Inicio" },
  header: { call: "Llamar al " },
  footer: {
    about: `Compramos casas en efectivo en los ${licensedStates} estados, en cualquier condición. Oferta por escrito en un plazo de ${offerWithinHours} horas, cierre en tan solo ${closeInDays} días y ${fees} en cargos o comisiones.`,
    navLabel: "Pie de página",
    home: "Inicio",
    blog: "Blog (en inglés)",
    situations: "Vender en situaciones difíciles",
    compare: "Oferta en efectivo o venta con agente (en inglés)",
    aboutUs: "Quiénes somos",
    contact: "Contacto",
    legalLabel: "Información legal",
    rights: (year, legalName) => `© ${year} ${legalName}. Todos los derechos reservados.`,
  },
  hero: { trustLabel: "Por qué confían en nosotros los propietarios" },
  faq: { readMore: "Más información:" },
  claims: claimsEs,
  legal: { lastUpdated: "Última actualización:" },
  ui: { notifications: "Notificación", close: "Cerrar" },
  conditions: {
    Excellent: { label: "Excelente", description: "Lista para vivir, no necesita reparaciones" },
    Good: { label: "Buena", description: "Necesita pequeños arreglos estéticos" },
    Fair: { label: "Regular", description: "Necesita algunas reparaciones y mejoras" },
    "Needs Work": {
      label: "Necesita trabajo",
      description: "Necesita reparaciones o remodelaciones grandes",
    },
    Poor: { label: "Mala", description: "Necesita mucho trabajo" },
  },
  stateLawTable: {
    checked:
      "Verificado el {date}, o después donde la fila lo indica. Las leyes y los límites cambian; confirme los que le aplican antes de basarse en ellos.",
    readOn: "Consultado el {date}",
    stateHeader: "Estado",
    state: "estado",
    states: "estados",
    sourcesHeader: "Fuentes",
    foreclosure: {
      caption:
        "Ejecución hipotecaria (foreclosure) por estado: el proceso habitual y cualquier derecho a recuperar la casa después de la venta",
      digestTitle: "El proceso habitual",
      process: {
        judicial: "Judicial (en un tribunal)",
        "non-judicial": "No judicial (fuera del tribunal)",
      },
      bothAllowed: "Se permiten ambos",
      usualProcess: "Proceso habitual",
      redemption: "Redención después de la venta",
      noRedemption: "No hay un derecho general después de la venta",
      goodToKnow: "Conviene saber",
    },
    smallEstates: {
      caption:
        "Patrimonios pequeños (small estates) por estado: el procedimiento simplificado, su límite y si una casa puede pasar por él",
      digestTitle: "¿Puede una casa pasar por el procedimiento simplificado?",
      realEstate: { yes: "Sí", no: "No", limited: "En algunos casos" },
      procedure: "Procedimiento simplificado",
      limit: "Límite",
      noLimit: "Sin límite en dólares",
      house: "¿Puede pasar una casa por esta vía?",
      goodToKnow: "Conviene saber",
    },
  },
};
