import { consentFor } from "@/content/consent";
import { consentWording } from "@/lib/build/consent-wording";
import {
  CURRENT_WORDINGS,
  disclosureForHash,
} from "@/supabase/functions/_shared/contract/disclosures.ts";

describe("consentWording", () => {
  it("gives an English page the English version's hashes, as before", () => {
    expect(consentWording("Quick Home Buyers")).toEqual({
      version: "2026-11-25",
      withPhone: "4962a0a924205b3231b65f2964de6e74648791b874d34224e628c282c4c40741",
      withoutPhone: "2b74945dd5c43767497b785c471b63e55391b9f9085cb3ce4bb2a5b287fd040b",
    });
  });

  it("gives a Spanish page the Spanish version's hashes, which the function reads back", async () => {
    const wording = consentWording("Quick Home Buyers", "es");
    expect(wording).toEqual({
      version: CURRENT_WORDINGS.es.version,
      withPhone: "eba0282bb81d7a1db1dfa9929eb0e318d37b5263ce2d09035794844f468e1012",
      withoutPhone: "f8e8c5aee0f202725e2a01311333d3a9847439306a2e7a7db83f8c0d9b114c70",
    });
    expect(await disclosureForHash(wording.withPhone, "Quick Home Buyers")).toMatchObject({
      version: CURRENT_WORDINGS.es.version,
      language: "es",
      phoneSection: true,
    });
  });

  it("hashes the words the page shows in its language", () => {
    const spanish = consentFor("es");
    expect(spanish.version).toBe(consentWording("Acme", "es").version);
    expect(spanish.submit).toContainEqual({
      href: "/es/privacidad",
      text: "Política de privacidad",
    });
    expect(JSON.stringify(spanish.texts("Acme"))).toContain("Responda STOP o PARAR para cancelar");
    expect(JSON.stringify(consentFor("en").texts("Acme"))).toContain("Reply STOP to cancel");
  });
});
