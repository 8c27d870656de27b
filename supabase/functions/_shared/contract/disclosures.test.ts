import {
  CURRENT_WORDINGS,
  DISCLOSURE_VERSION,
  DISCLOSURES,
  disclosureForHash,
  sha256Hex,
  shownDisclosure,
} from "./disclosures.ts";

/**
 * A published wording is evidence: once a lead was stored under it, its text must come
 * back from its hash forever. Changing a published version breaks these; add a version.
 */
const PUBLISHED: Record<string, { phone: string; noPhone: string }> = {
  "2026-11-23": {
    phone: "620344ec39cfc648d0041ec18ab9d0c3fb48ba5c3b30afddb2b1351356ff29ae",
    noPhone: "2b74945dd5c43767497b785c471b63e55391b9f9085cb3ce4bb2a5b287fd040b",
  },
  "2026-11-25": {
    phone: "4962a0a924205b3231b65f2964de6e74648791b874d34224e628c282c4c40741",
    noPhone: "2b74945dd5c43767497b785c471b63e55391b9f9085cb3ce4bb2a5b287fd040b",
  },
  "2026-11-29-es": {
    phone: "eba0282bb81d7a1db1dfa9929eb0e318d37b5263ce2d09035794844f468e1012",
    noPhone: "f8e8c5aee0f202725e2a01311333d3a9847439306a2e7a7db83f8c0d9b114c70",
  },
};

describe("the consent wording", () => {
  it("has every published version, and the form shows the newest of its language", () => {
    expect(Object.keys(DISCLOSURES)).toEqual(Object.keys(PUBLISHED));
    expect(DISCLOSURE_VERSION).toBe("2026-11-25");
    expect(CURRENT_WORDINGS.en.version).toBe(DISCLOSURE_VERSION);
    expect(CURRENT_WORDINGS.es.version).toBe("2026-11-29-es");
    for (const [language, { version, wording }] of Object.entries(CURRENT_WORDINGS)) {
      expect(DISCLOSURES[version]).toBe(wording);
      expect(wording.language).toBe(language);
      const newest = Object.entries(DISCLOSURES)
        .filter(([, other]) => other.language === language)
        .map(([other]) => other)
        .at(-1);
      expect(version).toBe(newest);
    }
  });

  it.each(Object.entries(PUBLISHED))(
    "never changes version %s once published",
    async (version, hashes) => {
      const brand = "Quick Home Buyers";
      expect(await sha256Hex(shownDisclosure(version, brand, { phoneSection: true })!)).toBe(
        hashes.phone,
      );
      expect(await sha256Hex(shownDisclosure(version, brand, { phoneSection: false })!)).toBe(
        hashes.noPhone,
      );
    },
  );

  it("gives back the text, the version and what was shown from a stored hash", async () => {
    const text = shownDisclosure(DISCLOSURE_VERSION, "Acme Homes", { phoneSection: true })!;
    expect(text).toContain("Acme Homes may call you at this number");
    expect(text).toContain("Msg & data rates may apply. Reply STOP to cancel, HELP for help.");
    expect(text.split("\n")).toHaveLength(3);
    expect(await disclosureForHash(await sha256Hex(text), "Acme Homes")).toEqual({
      version: DISCLOSURE_VERSION,
      language: "en",
      phoneSection: true,
      text,
    });
    expect(await disclosureForHash("0".repeat(64), "Acme Homes")).toBeNull();
  });

  it("says in Spanish, on a Spanish page, what the English texts box says", async () => {
    const { version } = CURRENT_WORDINGS.es;
    const text = shownDisclosure(version, "Acme Homes", { phoneSection: true })!;
    const [calls, texts, submit] = text.split("\n");
    expect(calls).toContain("Acme Homes le llame a este número");
    expect(calls).toContain("tecnología automatizada");
    expect(texts).toContain("mensajes de texto de Acme Homes sobre mi solicitud de oferta");
    expect(texts).toContain("incluidos mensajes automatizados");
    expect(texts).toContain("El consentimiento no es una condición de ninguna compra o venta.");
    expect(texts).toContain(
      "La frecuencia de los mensajes varía. Pueden aplicarse tarifas de mensajes y datos.",
    );
    expect(texts).toContain(
      "Responda STOP o PARAR para cancelar, HELP o AYUDA para obtener ayuda.",
    );
    expect(texts).toContain("Política de mensajes de texto </es/politica-de-mensajes>");
    expect(submit).toBe(
      "Al enviar, usted acepta nuestros Términos de uso </es/terminos> y nuestra Política de privacidad </es/privacidad>.",
    );
    expect(text).not.toMatch(/ <\/(terms|privacy|sms-policy)>/);
    expect(await disclosureForHash(await sha256Hex(text), "Acme Homes")).toEqual({
      version,
      language: "es",
      phoneSection: true,
      text,
    });
  });
});
