import {
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
};

describe("the consent wording", () => {
  it("has every published version, and the form shows the newest", () => {
    expect(Object.keys(DISCLOSURES)).toEqual(Object.keys(PUBLISHED));
    expect(DISCLOSURE_VERSION).toBe(Object.keys(PUBLISHED).at(-1));
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
      phoneSection: true,
      text,
    });
    expect(await disclosureForHash("0".repeat(64), "Acme Homes")).toBeNull();
  });
});
