/**
 * The consent wording the offer form shows, kept by version: every lead stores the version
 * and the SHA-256 of the exact text its visitor saw, and `npm run leads -- --consent ID`
 * reproduces that text from the hash. A published version is never edited (a test holds
 * the hashes); new wording is a new version. In the function's folder because both sides
 * need it: the site shows it, the function checks the page's hash against it. Each version is
 * in one language; a Spanish page shows the Spanish version current at the time (16 CFR 14.9:
 * a required disclosure appears in the language of the target audience).
 */
import type { Language } from "./language.ts";

/** A piece of wording: plain words, or a link to one of the site's policy pages. */
export type DisclosurePart = string | { href: string; text: string };

export type Wording = {
  /** The language it is written in: it verifies only a lead of that language. */
  language: Language;
  /** When the site first showed it (UTC): a consent dated earlier than this is doubted. */
  published: string;
  /** Under the submit button, always shown on the last step. */
  submit: readonly DisclosurePart[];
  /** Under the phone field, shown when a call is requested. */
  calls: (brand: string) => readonly DisclosurePart[];
  /** The label of the optional, unticked box for text messages; shown with the phone field. */
  texts?: (brand: string) => readonly DisclosurePart[];
};

type PolicyLinks = Record<"terms" | "privacy" | "sms", { href: string; text: string }>;

/**
 * The policy pages the wording links to, per language (content/legal-pages.ts has the same
 * English paths; a test checks). The Spanish pages are built from these paths.
 */
export const POLICY_LINKS = {
  en: {
    terms: { href: "/terms", text: "Terms of Use" },
    privacy: { href: "/privacy", text: "Privacy Policy" },
    sms: { href: "/sms-policy", text: "Text Message Policy" },
  },
  es: {
    terms: { href: "/es/terminos", text: "Términos de uso" },
    privacy: { href: "/es/privacidad", text: "Política de privacidad" },
    sms: { href: "/es/politica-de-mensajes", text: "Política de mensajes de texto" },
  },
} as const satisfies Record<Language, PolicyLinks>;

/** The English policy pages, as before there were two languages. */
export const DISCLOSURE_LINKS = POLICY_LINKS.en;

const { terms, privacy, sms } = DISCLOSURE_LINKS;

const submitAgreement = ["By submitting, you agree to our ", terms, " and ", privacy, "."];

/** The wording the form shows now; the site imports it alone, the older ones stay here. */
export const DISCLOSURE_VERSION = "2026-11-25";

// Texts got their own box (A2P 10DLC: a separate, optional, unticked consent).
export const CURRENT_WORDING: Wording = {
  language: "en",
  published: "2026-11-25T00:00:00.000Z",
  submit: submitAgreement,
  calls: (brand) => [
    `By requesting a call, you agree that ${brand} may call you at this number about your property and your offer, including with automated technology. Consent is not a condition of any purchase or sale. See our `,
    terms,
    " and ",
    privacy,
    ".",
  ],
  texts: (brand) => [
    `Text me about my offer. I agree to receive text messages from ${brand} about my offer request at the number above, including automated texts. Consent is not a condition of any purchase or sale. Msg frequency varies. Msg & data rates may apply. Reply STOP to cancel, HELP for help. See our `,
    sms,
    ", ",
    terms,
    " and ",
    privacy,
    ".",
  ],
};

const es = POLICY_LINKS.es;

/** The Spanish wording the form shows now: the English one's sections, saying the same. */
export const SPANISH_DISCLOSURE_VERSION = "2026-11-29-es";

export const CURRENT_SPANISH_WORDING: Wording = {
  language: "es",
  published: "2026-11-29T00:00:00.000Z",
  submit: ["Al enviar, usted acepta nuestros ", es.terms, " y nuestra ", es.privacy, "."],
  calls: (brand) => [
    `Al pedir una llamada, usted acepta que ${brand} le llame a este número sobre su propiedad y su oferta, incluso con tecnología automatizada. El consentimiento no es una condición de ninguna compra o venta. Consulte nuestros `,
    es.terms,
    " y nuestra ",
    es.privacy,
    ".",
  ],
  texts: (brand) => [
    `Envíenme mensajes de texto sobre mi oferta. Acepto recibir mensajes de texto de ${brand} sobre mi solicitud de oferta al número de arriba, incluidos mensajes automatizados. El consentimiento no es una condición de ninguna compra o venta. La frecuencia de los mensajes varía. Pueden aplicarse tarifas de mensajes y datos. Responda STOP o PARAR para cancelar, HELP o AYUDA para obtener ayuda. Consulte nuestra `,
    es.sms,
    ", nuestros ",
    es.terms,
    " y nuestra ",
    es.privacy,
    ".",
  ],
};

/** The wording a page in each language shows now, with its version: what the site imports. */
export const CURRENT_WORDINGS: Record<Language, { version: string; wording: Wording }> = {
  en: { version: DISCLOSURE_VERSION, wording: CURRENT_WORDING },
  es: { version: SPANISH_DISCLOSURE_VERSION, wording: CURRENT_SPANISH_WORDING },
};

/** Every published version, oldest first; never edited once published. */
export const DISCLOSURES: Record<string, Wording> = {
  "2026-11-23": {
    language: "en",
    published: "2026-11-23T00:00:00.000Z",
    submit: submitAgreement,
    calls: (brand) => [
      `By requesting a call, you agree that ${brand} may call and text you at this number about your property and offer, including with automated technology. Consent is not a condition of any purchase. Message and data rates may apply. Reply STOP to end texts. See our `,
      terms,
      " and ",
      privacy,
      ".",
    ],
  },
  [DISCLOSURE_VERSION]: CURRENT_WORDING,
  [SPANISH_DISCLOSURE_VERSION]: CURRENT_SPANISH_WORDING,
};

/** What the visitor saw: the submit line, and the call and text wording when the phone field showed. */
export type ShownSections = { phoneSection: boolean };

/** The parts as one plain text, links written as "Terms of Use </terms>". */
export function plainText(parts: readonly DisclosurePart[]): string {
  return parts
    .map((part) => (typeof part === "string" ? part : `${part.text} <${part.href}>`))
    .join("");
}

/**
 * The exact text a visitor saw, as one string: each section on its own line, in the order
 * the form shows them. Null for a version this code does not know.
 */
export function shownDisclosure(
  version: string,
  brand: string,
  { phoneSection }: ShownSections,
): string | null {
  const wording = DISCLOSURES[version];
  if (!wording) return null;
  const sections = phoneSection
    ? [wording.calls(brand), ...(wording.texts ? [wording.texts(brand)] : []), wording.submit]
    : [wording.submit];
  return sections.map(plainText).join("\n");
}

/** SHA-256 of the UTF-8 text, lowercase hex, with Web Crypto (Deno and Node alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The text behind a stored hash: the version the record names first, then every other,
 * with and without the phone section, for the brand given, until one matches. Null when
 * none does. (Two versions can share a section's text; the named one is the evidence.)
 */
export async function disclosureForHash(
  hash: string,
  brand: string,
  named: string | null = null,
): Promise<{ version: string; language: Language; phoneSection: boolean; text: string } | null> {
  const versions = Object.keys(DISCLOSURES);
  const order =
    named && versions.includes(named) ? [named, ...versions.filter((v) => v !== named)] : versions;
  for (const version of order) {
    for (const phoneSection of [true, false]) {
      const text = shownDisclosure(version, brand, { phoneSection })!;
      if ((await sha256Hex(text)) === hash) {
        return { version, language: DISCLOSURES[version]!.language, phoneSection, text };
      }
    }
  }
  return null;
}
