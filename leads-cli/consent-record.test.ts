import { sha256Hex, shownDisclosure } from "../supabase/functions/_shared/contract/disclosures.ts";
import type { ConsentEvidence } from "../supabase/functions/_shared/store/rows.ts";
import { formatConsent } from "./consent-record.ts";

const brand = "Quick Home Buyers";
const record = (overrides: Partial<ConsentEvidence>): ConsentEvidence => ({
  lead_id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  received_at: "2026-11-26T10:00:01.000Z",
  email: "pat@example.com",
  phone: null,
  consented_at: "2026-11-26T10:00:00.000Z",
  disclosure_version: "2026-11-25",
  disclosure_sha256: null,
  disclosure_verified: false,
  brand,
  calls: false,
  texts: false,
  page_url: "https://quickhomebuyers.com/",
  user_agent: "Mozilla/5.0",
  client_ip: "203.0.113.7",
  gpc: false,
  via: "script",
  doubts: [],
  ...overrides,
});

describe("formatConsent", () => {
  it("reproduces the version the record names, even when an older one has the same text", async () => {
    const text = shownDisclosure("2026-11-25", brand, { phoneSection: false })!;
    // Without the phone section, both published versions show the same submit line.
    expect(shownDisclosure("2026-11-23", brand, { phoneSection: false })).toBe(text);
    const { text: printed, matched } = await formatConsent(
      record({ disclosure_sha256: await sha256Hex(text), disclosure_verified: true }),
      [],
    );
    expect(matched).toBe(true);
    expect(printed).toContain(
      "Wording shown (version 2026-11-25, in English, without the phone section), reproduced from its SHA-256:",
    );
    expect(printed).toContain(
      "yes: the page's hash equals the function's rendering of this version",
    );
  });

  it("says plainly when the page sent no hash: the version's words, not proof of what was shown", async () => {
    const { text, matched } = await formatConsent(
      record({ calls: true, phone: "(614) 555-0100" }),
      [],
    );
    expect(matched).toBe(false);
    expect(text).toContain("no: the page sent no hash of the wording it showed");
    expect(text).toContain(
      "Wording of version 2026-11-25 (with the phone section), not verified: the page sent no hash",
    );
    expect(text).toContain("By requesting a call, you agree that Quick Home Buyers may call you");
  });

  it("prints the doubts about the consent time", async () => {
    const { text } = await formatConsent(
      record({
        consented_at: "2026-09-28T10:00:00.000Z",
        doubts: [
          "2026-09-28T10:00:00.000Z is before wording 2026-11-25 was published (2026-11-25T00:00:00.000Z)",
        ],
      }),
      [],
    );
    expect(text).toMatch(
      /Doubts about that time\s+2026-09-28T10:00:00.000Z is before wording 2026-11-25 was published/,
    );
  });

  it("reproduces a Spanish wording from its hash, and says its language", async () => {
    const text = shownDisclosure("2026-11-29-es", brand, { phoneSection: true })!;
    const { text: printed, matched } = await formatConsent(
      record({
        disclosure_version: "2026-11-29-es",
        disclosure_sha256: await sha256Hex(text),
        disclosure_verified: true,
        calls: true,
        texts: true,
        phone: "(614) 555-0100",
      }),
      [],
    );
    expect(matched).toBe(true);
    expect(printed).toMatch(/Wording language\s+Spanish/);
    expect(printed).toContain(
      "Wording shown (version 2026-11-29-es, in Spanish, with the phone section), reproduced from its SHA-256:",
    );
    expect(printed).toContain(
      "  Al pedir una llamada, usted acepta que Quick Home Buyers le llame a este número",
    );
    expect(printed).toContain(
      "Responda STOP o PARAR para cancelar, HELP o AYUDA para obtener ayuda.",
    );
    expect(printed).toContain("Política de mensajes de texto </es/politica-de-mensajes>");
  });
});
