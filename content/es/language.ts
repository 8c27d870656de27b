/** How the Spanish pages name their language to browsers, search engines and Open Graph. */
export const SPANISH_LOCALE = { lang: "es", hreflang: "es-US", openGraph: "es_US" } as const;
export const ENGLISH_LOCALE = { lang: "en", hreflang: "en-US", openGraph: "en_US" } as const;

/**
 * The words of the language switch and of Spanish pages that lead to English ones. Each switch
 * link is written in its own language and marked so (`lang`, `hrefLang`): "English" on a
 * Spanish page, "Español" on an English one.
 */
export const languageCopy = {
  /** On a Spanish page, to the same page in English. */
  toEnglish: { text: "English", lang: ENGLISH_LOCALE.lang, hrefLang: ENGLISH_LOCALE.hreflang },
  /** On an English page, to the same page in Spanish. */
  toSpanish: { text: "Español", lang: SPANISH_LOCALE.lang, hrefLang: SPANISH_LOCALE.hreflang },
  /** The switch's accessible name on each side. */
  switchLabel: { en: "Language", es: "Idioma" },
  /** The notifications region's name for screen readers; {hotkey} is the key that reaches it. */
  toastRegion: "Notificaciones ({hotkey})",
  /** Once above the calculator's notes, which quote the tax data's English sources. */
  calculatorDataInEnglish: "Los detalles de cada impuesto están en inglés, como sus fuentes.",
  /** The calculator's place field, by the English label the tax data gives it. */
  placeLabels: {
    County: "Condado",
    Municipality: "Municipio",
    "County or city": "Condado o ciudad",
    "City or county": "Ciudad o condado",
  } as Readonly<Record<string, string>>,
  /** Above the states whose page is only in English, on the Spanish home page. */
  otherStates: "Los demás estados",
  /** After a link on a Spanish page to a page that exists only in English (the blog). */
  englishOnly: "(en inglés)",
  /** Beside the number answered in Spanish (COMPANY_SPANISH_PHONE). */
  spanishPhone: "Atención en español:",
  callInSpanish: "Llámenos para hablar en español:",
} as const;

/**
 * What a Spanish page says about the language of the papers the homeowner signs, chosen by the
 * company's setting (COMPANY_SPANISH_CONTRACTS). Both tell the truth about the documents and
 * promise only what the company itself does: the title company's or closing attorney's
 * documents are theirs, so even a company that writes its own contract in Spanish cannot
 * promise them in Spanish. 16 CFR 14.9 asks that required disclosures "appear in the language
 * of the target audience", so this is said in Spanish, on every Spanish page with the form.
 *
 * Where a home in foreclosure is bought after a negotiation in Spanish, some states require
 * the purchase contract in the language of the negotiation: New Jersey's distressed-property
 * law, N.J.S.A. 46:10B-60 ("in the same language principally used by the owner to negotiate
 * the sale"), and, by the secondary sources we could read, California's home equity sales
 * contracts law (Civ. Code §1695 and following); Washington's RCW 61.34 has like rules for
 * distressed-home consultants. A company whose contracts are in English only says so, and says
 * it does not buy a home in foreclosure in those states after negotiating in Spanish.
 */
export const contractLanguageCopy = {
  title: "El idioma de sus documentos",
  /** The company signs contracts only in English. */
  english: [
    "Hablamos español por teléfono y en este sitio. El contrato de compraventa y los documentos de cierre están en inglés. Antes de que usted firme, le explicamos en español cada documento, y puede traer a alguien de su confianza, o a un abogado, para que lo lea con usted. Nuestra explicación no sustituye la asesoría de un abogado. No firme nada que no haya entendido.",
    "Si su casa está en ejecución hipotecaria (foreclosure) en California o Nueva Jersey, la ley de esos estados pide que el contrato esté escrito en el idioma en que se negoció la venta. Como nuestros contratos están solo en inglés, en esos casos no compramos la casa después de negociar en español: llámenos y le explicaremos sus opciones.",
  ],
  /** The company gives its purchase contract in Spanish. */
  spanish: [
    "Hablamos español por teléfono y en este sitio. Le damos el contrato de compraventa escrito en español para que lo lea antes de firmar. Los documentos de cierre los prepara la compañía de títulos (title company) o el abogado de cierre, y pueden estar solo en inglés: antes de que usted firme, le explicamos cada uno en español, y puede traer a alguien de su confianza, o a un abogado, para que los lea con usted. No firme nada que no haya entendido.",
  ],
  /** Before the number answered in Spanish. */
  call: "Para hablar en español, llame al",
} as const;

const spanishDate = new Intl.DateTimeFormat("es-US", { dateStyle: "long", timeZone: "UTC" });

/** "2027-01-01" -> "1 de enero de 2027": a date as the Spanish pages write it. */
export function formatDateEs(isoDate: string): string {
  return spanishDate.format(new Date(isoDate));
}
