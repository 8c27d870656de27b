import { site, type Claim } from "@/config/site";
import { siteNavCopyEs } from "@/content/es/site-nav";
import type { homeCopy } from "@/content/home";
import type { SituationSlug } from "@/content/situations";
import type { Translation } from "@/content/translation";

const { offerWithinHours, closeInDays, fees } = site.commitments;

type PropertyIcon = (typeof homeCopy.propertyTypes.items)[number]["icon"];

/**
 * The Spanish home page's words (content/home.ts). Claim keys, icons and situation slugs stay
 * as they are: they are identifiers, not words. Only the inherited-house card links a guide,
 * because it is the only one of the English cards' guides with a Spanish version.
 */
export const homeCopyEs: Translation<typeof homeCopy, Claim | PropertyIcon | SituationSlug> = {
  seo: {
    title: "Venda su casa rápido y en efectivo, en cualquier condición",
    description: `Venda su casa rápido y en efectivo, en cualquier condición. Reciba una oferta en efectivo por escrito en un plazo de ${offerWithinHours} horas, cierre en tan solo ${closeInDays} días y pague ${fees} en cargos o comisiones: nosotros cubrimos los costos de cierre.`,
  },
  hero: {
    eyebrow: `Compramos casas en efectivo en los ${site.trust.licensedStates} estados`,
    title: "Venda su casa rápido y en efectivo",
    lead: "Olvídese de anuncios, visitas y reparaciones. Cuéntenos sobre su casa y reciba una oferta en efectivo justa y sin compromiso, por la casa tal como está y a su ritmo.",
    promises: [
      `Oferta por escrito en un plazo de ${offerWithinHours} horas`,
      `Cierre en tan solo ${closeInDays} días`,
      "Pagamos los costos de cierre",
      `${fees} en cargos o comisiones`,
    ],
    badges: [
      { value: site.trust.homesPurchased, label: "Casas compradas" },
      { value: site.trust.bbbRating, label: "Calificación", claim: "bbb" },
      {
        value: "Con licencia",
        label: `en los ${site.trust.licensedStates} estados`,
        claim: "licenses",
      },
    ],
    cta: "Comience ahora",
  },
  offer: {
    title: "Obtenga su oferta en efectivo gratis",
    lead: "Tres pasos rápidos. Sin compromiso y sin cargos.",
    addressPlaceholder: "123 Main St, Springfield, IL 62701",
  },
  situations: {
    title: siteNavCopyEs.situationsTitle,
    lead: "Elija la que se parezca a la suya. Cada guía explica sus opciones y los plazos, y cuándo le conviene una venta en efectivo y cuándo no.",
    all: siteNavCopyEs.allSituations,
  },
  faqTitle: "Preguntas de los propietarios",
  propertyTypes: {
    title: "Tipos de propiedades que compramos",
    lead: "Sea cual sea la casa y sea cual sea su situación, le hacemos una oferta en efectivo por ella tal como está.",
    items: [
      {
        icon: "scroll",
        title: "Ventas de patrimonio",
        text: "¿Está arreglando los asuntos de un ser querido? Compramos la casa con todo lo que tiene dentro y nos ajustamos a los plazos de la sucesión (probate).",
      },
      {
        icon: "key",
        title: "Propiedades de alquiler",
        text: "¿Ya no quiere lidiar con inquilinos difíciles o unidades vacías? Compramos propiedades de alquiler ocupadas o vacías, con sus contratos de arrendamiento incluidos.",
      },
      {
        icon: "building",
        title: "Casas multifamiliares",
        text: "Dúplex, tríplex y cuádruplex, en una sola venta en efectivo y sin mostrar cada unidad por separado.",
      },
      {
        icon: "trees",
        title: "Terrenos",
        text: "Lotes y terrenos por los que ya no quiere seguir pagando impuestos, tengan o no acceso por carretera.",
      },
      {
        icon: "hammer",
        title: "Casas que necesitan reparaciones",
        text: "Goteras en el techo, grietas en los cimientos, daños por fuego o por agua: incluimos las reparaciones en el precio para que usted no tenga que hacerlas.",
      },
      {
        icon: "house",
        title: "Propiedades heredadas",
        guide: { situation: "inherited-house-probate" },
        text: "¿Heredó una casa que no puede mantener? Cerramos rápido y repartimos el dinero de la venta como decidan los herederos.",
      },
    ],
  },
  howItWorks: {
    title: "Cómo funciona",
    lead: "Vendernos su casa toma tres pasos y más o menos una semana, no tres meses.",
    steps: [
      {
        title: "Cuéntenos sobre su casa",
        text: "Díganos la dirección, en qué condición está y cómo comunicarnos con usted. Toma más o menos un minuto.",
      },
      {
        title: `Reciba una oferta por escrito en ${offerWithinHours} horas`,
        text: "Estudiamos las ventas recientes cerca de usted y le enviamos por escrito una oferta en efectivo justa. Sin compromiso y sin presión.",
      },
      {
        title: "Cierre cuando usted decida",
        text: `Elija una fecha: en tan solo ${closeInDays} días o dentro de unos meses. Nosotros pagamos los costos de cierre y usted recibe su dinero en efectivo.`,
      },
    ],
  },
  calculator: {
    title: "¿Con agente o en efectivo? Haga las cuentas",
    lead: "Ponga sus propias cifras y vea cuánto le quedaría al vender con un agente y cuánto al vendernos la casa tal como está, con cada línea del cálculo a la vista. Si vender con agente le deja más, la calculadora se lo dice.",
    link: "Abrir la calculadora de ingresos netos",
  },
  states: {
    title: `Compramos casas en los ${site.trust.licensedStates} estados`,
    lead: "Elija su estado para ver cómo compramos casas donde usted vive.",
  },
  closing: {
    title: "¿Quiere vender su casa?",
    text: `Díganos la dirección y en qué condición está la casa, y reciba una oferta en efectivo por escrito en un plazo de ${offerWithinHours} horas. Sin reparaciones, sin visitas, ${fees} en cargos o comisiones y sin obligación de aceptar. ¿Prefiere hablarlo primero? Llámenos.`,
  },
};
