import { COMMITMENTS } from "@/config/commitments";
import {
  CALCULATOR_STATE_QUERY,
  COMMISSION_SOURCE_PATH,
  type REPAIR_CHECKLIST,
  type calculatorPageCopy,
  type calculatorText,
} from "@/content/calculator";
import type { Translation } from "@/content/translation";

/**
 * The net-proceeds calculator in Spanish (content/calculator.ts): the page's words and every
 * word the island shows, with the same {placeholders}. Amounts keep US separators ($1,200;
 * 5.5%), as US Spanish writes them. The blog post and the comparison page it links to are
 * English only, and their link words say so.
 */
export const CALCULATOR_PATH_ES = "/es/calculadora";

/** "/es/calculadora?state=oh": the Spanish calculator with a state chosen. */
export function calculatorHrefEs(stateCode: string): string {
  return `${CALCULATOR_PATH_ES}?${CALCULATOR_STATE_QUERY}=${stateCode.toLowerCase()}`;
}

/**
 * lib/net-proceeds.ts makes a plural by adding "s" to lines.month and lines.week, which
 * gives "mess" in Spanish: until it takes the plural as a word, these are the plurals.
 */
export const CALCULATOR_PLURALS_ES = { month: "meses", week: "semanas" } as const;

/** lib/build/data-dates.ts RECHECK_WORDS in Spanish, for "la tasa {cadence}". */
export const RECHECK_WORDS_ES = {
  yearly: "puede cambiar cada año",
  indexed: "se ajusta cada año",
  statute: "está fijada por una ley que rara vez cambia",
} as const satisfies Record<"yearly" | "indexed" | "statute", string>;

export const REPAIR_CHECKLIST_ES: Translation<typeof REPAIR_CHECKLIST> = [
  "Techo",
  "Calefacción y aire acondicionado",
  "Plomería",
  "Electricidad",
  "Cimientos o estructura",
  "Cocina y baños",
  "Pisos y pintura",
  "Otras",
];

export const calculatorPageCopyEs: Translation<typeof calculatorPageCopy> = {
  seo: {
    title: "Calculadora de ingresos netos: venta con agente u oferta en efectivo",
    description:
      "Compare cuánto le quedaría al vender su casa con un agente o al venderla tal como está por una oferta en efectivo, con el impuesto de transferencia de su estado y cada línea del cálculo a la vista.",
    stateTitle: (state) => `Calculadora de ingresos netos por la venta de una casa en ${state}`,
    stateDescription: (state) =>
      `¿Cuánto le quedaría al vender una casa en ${state}? Compare la venta con un agente y una venta en efectivo, con el impuesto de transferencia de ${state} y cada línea del cálculo a la vista.`,
  },
  breadcrumb: "Calculadora de ingresos netos",
  og: {
    eyebrow: "Con agente o en efectivo",
    headline: "¿Cuánto le quedaría al vender su casa?",
  },
  headline: "¿Cuánto le quedaría al vender su casa?",
  intro:
    "Compare, lado a lado, vender con un agente y vender la casa tal como está por una oferta en efectivo. Ponga sus propias cifras: cada línea del cálculo está a la vista, incluido el impuesto de transferencia (transfer tax) de su estado, y, si vender con agente le deja más, la calculadora se lo dice.",
  noScript:
    "JavaScript está desactivado en su navegador, así que aquí las cifras no pueden cambiar: abajo está el cálculo hecho con las cifras de ejemplo que se muestran.",
  notes: {
    noTax:
      "{state} no cobra impuesto estatal de transferencia ni impuesto sobre la escritura en una venta.",
    local: "Condados y ciudades",
    countyLevel: "un impuesto del condado fijado por ley estatal",
    change: "Desde el {date}: {tax}, {schedule}.",
    wholePrice: "sobre el precio total",
    eachPart: "cada parte del precio a su propia tasa",
    firstBracket: "{rate} por debajo de {from}",
    bracket: "{rate} desde {from}",
    due: "Pendiente de revisión: leímos estas cifras por última vez el {checked}, y la tasa {cadence}; confírmela con la fuente o con su agente de cierre antes de basarse en ella.",
  },
  after: {
    rounding: "Las cantidades se redondean al dólar entero, línea por línea.",
    asOf: "Datos del impuesto de transferencia al {date}.",
    notAdvice:
      "Esto es un cálculo aproximado para ayudarle a comparar; no es asesoría fiscal ni legal. Las exenciones, los gravámenes que asume el comprador y los impuestos locales pueden cambiar el impuesto; su agente de cierre tiene la cifra final.",
    assumptions: "De dónde sale el 1% de otros costos de cierre ({checked}):",
  },
  next: {
    title: "Qué hacer ahora",
    offerLead: `Gratis y sin compromiso: una oferta por escrito en un plazo de ${COMMITMENTS.offerWithinHours} horas, ${COMMITMENTS.fees} en cargos o comisiones, y nosotros pagamos los costos de cierre.`,
    compare:
      "Compare una oferta en efectivo, la venta con un agente y la venta por su cuenta (en inglés)",
    compareHref: "/cash-offer-vs-listing",
  },
};

export const calculatorTextEs: Translation<typeof calculatorText> = {
  links: {
    calculator: CALCULATOR_PATH_ES,
    stateQuery: CALCULATOR_STATE_QUERY,
    commissionPost: COMMISSION_SOURCE_PATH,
  },
  form: {
    label: "Sus cifras",
    lead: "Ya hay cifras de ejemplo: cámbielas por las suyas y los resultados se actualizan mientras escribe.",
    house: "Su casa",
    state: "Estado",
    localityHint:
      "Aquí los condados y las ciudades cobran sus propios impuestos de transferencia: elija el suyo o la descripción que más se le parezca.",
    price: "En cuánto se vendería la casa en buen estado",
    priceHint:
      "El precio después de las reparaciones de abajo. Un agente se lo puede decir con un análisis de mercado.",
    repairs: "Reparaciones que necesita",
    repairsMode: "¿Cómo quiere anotar las reparaciones?",
    repairsOne: "Un solo cálculo",
    repairsList: "Una lista",
    repairsTotal: "Costo estimado de las reparaciones",
    repairsHint:
      "Se pagan antes de poner la casa en venta, de su propio bolsillo; una venta en efectivo no necesita ninguna. Ponga 0 si la casa no necesita nada.",
    repairsListHint:
      "Anote un presupuesto o su propio cálculo para cada una y deje en blanco las demás. Usted las paga antes de poner la casa en venta, de su propio bolsillo.",
    repairsSum: "Reparaciones en total: {amount}",
    payoff: "Pago total de la hipoteca y los gravámenes",
    payoffHint:
      "Lo que todavía debe sobre la casa: préstamos, gravámenes (liens), fallos judiciales. Sale del dinero de cualquiera de las dos ventas.",
    listing: "Vender con un agente",
    commission: "Comisión del agente",
    commissionHint:
      "Nuestro blog menciona una comisión típica del 5% al 6%. Desde el 17 de agosto de 2024, las comisiones son negociables y lo que se le paga al agente del comprador se acuerda por separado: anote lo que le cobre su agente, incluido cualquier pago al agente del comprador que usted acepte cubrir.",
    commissionPost: "Lea sobre los costos ocultos de una venta tradicional (en inglés)",
    months: "Meses para vender y cerrar",
    monthsHint:
      "Es una suposición, no una estadística: cámbiela por lo que le digan los agentes de su zona, desde que se pone la casa en venta hasta el cierre.",
    otherClosing: "Otros costos de cierre del vendedor",
    otherClosingMode: "Otros costos de cierre como",
    otherClosingPercent: "Porcentaje del precio",
    otherClosingAmount: "Cantidad en dólares",
    otherClosingHint:
      "Una suposición que puede cambiar: 1% del precio por los cargos de título o del depósito en garantía (escrow), del abogado y de registro. Las guías calculan los costos de cierre del vendedor, aparte de la comisión, en alrededor del 1% al 3% del precio con los impuestos de transferencia incluidos, y los de título y depósito en garantía en 0.5% a 1.5%; los impuestos de transferencia se cuentan aparte, en sus propias líneas. Una compañía de títulos (title company) o un abogado de cierre le puede decir cuánto serían los suyos; las fuentes están al final de la página.",
    carrying: "Costos mensuales mientras la casa siga siendo suya",
    carryingHint:
      "Lo que sigue pagando cada mes hasta que se cierre la venta, antes de recibir dinero de ella: junto con las reparaciones, es el efectivo que le pide una venta con agente. La parte de su pago que va al capital reduce lo que debe, así que esto exagera un poco lo que cuesta esperar.",
    payment: "Pago de la hipoteca",
    propertyTaxes: "Impuestos sobre la propiedad",
    insurance: "Seguro",
    utilities: "Servicios públicos",
    cash: "Vender tal como está por una oferta en efectivo",
    cashMode: "La oferta en efectivo",
    cashEstimate: "Calcúlela por mí (un rango)",
    cashEntered: "Ya tengo una oferta",
    cashAmount: "Cantidad de la oferta en efectivo",
    cashEstimateHint:
      "Calculada como lo explican nuestras preguntas frecuentes: el valor en buen estado, menos las reparaciones, nuestros costos de mantener y revender la casa, y nuestro margen. Las ofertas en efectivo suelen estar entre un 10% y un 20% por debajo del valor de mercado, así que el cálculo es ese rango, menos las reparaciones. Una oferta real llega después de que veamos la casa.",
    cashWeeks: "Semanas hasta el cierre en efectivo",
    cashWeeksHint: `Podemos cerrar en tan solo ${COMMITMENTS.closeInDays} días o en una fecha posterior que usted elija: es una suposición que puede cambiar.`,
    dollars: "dólares",
    dollarsAMonth: "dólares al mes",
    percent: "%",
    monthsUnit: "meses",
    weeksUnit: "semanas",
  },
  errors: {
    money: "Escriba una cantidad en dólares, como 250000.",
    moneyMax: "Escriba una cantidad que no pase de $100,000,000.",
    percent: "Escriba un porcentaje de 0 a 100, como 5.5.",
    months: "Escriba un número de meses de 0.5 a 60.",
    weeks: "Escriba un número de semanas de 1 a 52.",
    summary: "Corrija las cifras marcadas arriba para ver los resultados.",
  },
  verdict: {
    listing:
      "Vender con un agente probablemente le dejaría {more} más, si la casa se vende en {price} dentro de {months}.",
    listingEstimate:
      "Eso lo compara con nuestro rango estimado de ofertas en efectivo; una oferta real llega después de que veamos la casa.",
    cash: "Vender tal como está por una oferta en efectivo le dejaría {more} más que vender con agente, y podría cerrar en aproximadamente {weeks} en lugar de {months}.",
    cashEstimate:
      "Vender tal como está por una oferta en efectivo probablemente le dejaría {more} más que vender con agente, y podría cerrar en aproximadamente {weeks} en lugar de {months}. Una oferta real llega después de que veamos la casa.",
    depends:
      "Depende de la oferta: frente al extremo bajo de nuestro cálculo, vender con agente le dejaría hasta {listing} más (si la casa se vende en {price} dentro de {months}); frente al extremo alto, vender en efectivo le dejaría hasta {cash} más, en aproximadamente {weeks}.",
    same: "Las dos opciones le dejarían más o menos lo mismo.",
  },
  lines: {
    price: "Precio de venta en buen estado",
    yourFigure: "su cifra",
    commission: "Comisión del agente",
    percentOf: "{rate} de {price}",
    noStateTax: "Impuesto estatal de transferencia",
    noStateTaxDetail:
      "$0: el estado no cobra impuesto de transferencia ni impuesto sobre la escritura en una venta",
    noLocalTax: "Impuesto local de transferencia ({place})",
    otherClosing: "Otros costos de cierre del vendedor",
    otherClosingPercent:
      "{rate} de {price}: cargos de título o del depósito en garantía, del abogado y de registro",
    otherClosingAmount: "la cantidad que usted anotó",
    repairs: "Reparaciones antes de poner la casa en venta",
    yourEstimate: "su cálculo",
    carrying: "Costos mensuales hasta el cierre",
    listingCarrying: "{monthly} al mes × {months}",
    cashCarrying: "{monthly} al mes × 12 ÷ 52 semanas × {weeks}",
    payoff: "Pago total de la hipoteca y los gravámenes",
    offer: "Oferta en efectivo",
    offerEntered: "la oferta que usted anotó",
    offerEstimate:
      "cálculo: del 10% al 20% por debajo del valor en buen estado, menos las reparaciones ({low}; {high})",
    offerLess: "{price} − {discount} − {repairs} de reparaciones = {offer}",
    fees: "Comisión, costos de cierre, reparaciones",
    feesDetail:
      "$0: sin comisión; el comprador paga los costos de cierre y compra la casa tal como está",
    cashTax:
      "$0 para usted: en una venta en efectivo lo paga el comprador (con agente, la parte que por costumbre le toca a usted es {amount})",
    month: "mes",
    week: "semana",
    tax: {
      noPrice: "sin precio no hay impuesto",
      exempt: "ninguno: las ventas de {minimum} o menos están exentas",
      rounded: "{price} redondeado hacia arriba al siguiente múltiplo de {per}: {base}; ",
      per: "{amount} por cada {per}",
      flat: "{rate} de {base} = {amount}",
      whole: "{rate} sobre el total de {base}{tier} = {amount}",
      tier: " (la tasa para precios desde {from})",
      marginal: "{parts} = {amount}",
      untaxed: "los primeros {inside} sin impuesto",
      part: "{rate} de {where} {inside} ({part})",
      first: "los primeros",
      next: "los siguientes",
      last: "los últimos",
      sellerAll: "por costumbre lo paga todo el vendedor",
      buyerAll: "por costumbre lo paga el comprador, así que no sale del dinero de su venta",
      sellerHalf: "por costumbre el vendedor paga la mitad",
      sellerPart: "por costumbre el vendedor paga {share}",
    },
  },
  results: {
    to: "a",
    title: "Resultados para una casa en {state}",
    summaryCaption: "Lado a lado",
    listingShort: "Vender con un agente",
    cashShort: "Vender tal como está en efectivo",
    netRow: "Lo que le quedaría",
    cashNeededRow:
      "Efectivo que usted paga antes del cierre: las reparaciones por adelantado y los costos mensuales",
    detailsTitle: "Cómo se calcula cada cifra",
    listingCaption: "Vender con un agente, línea por línea",
    cashCaption: "Vender tal como está en efectivo, línea por línea",
    item: "Concepto",
    amount: "Cantidad",
    time: "Tiempo hasta el cierre",
    month: "mes",
    months: "meses",
    week: "semana",
    weeks: "semanas",
    net: "Lo que le queda a usted",
    owes: "Tendría que llevar {amount} al cierre.",
  },
  notes: {
    title: "De dónde salen las cifras de {state}",
    source: "Fuente",
    sources: "Fuentes",
    checked: "verificado el {date}",
  },
  next: {
    offer: "Obtenga su oferta real en efectivo por su casa en {state}",
  },
};
