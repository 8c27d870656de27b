import { normalizeUnseenFields } from "./unseen-fields.ts";

const now = new Date("2026-11-29T12:00:00.000Z");

describe("the consent the browser sent", () => {
  it("is left out, saying none was sent, when it names no wording version", () => {
    const { body, notes } = normalizeUnseenFields(
      { consent: { at: "2026-11-29T11:59:00.000Z", calls: false } },
      { now },
    );
    expect(body.consent).toBeUndefined();
    expect(notes).toEqual([
      "consent.version: none was sent, so no wording is named; the consent is left out.",
    ]);
  });

  it("is left out, quoting what came, when its version is not text", () => {
    const { body, notes } = normalizeUnseenFields({ consent: { version: 7 } }, { now });
    expect(body.consent).toBeUndefined();
    expect(notes).toEqual(['consent.version: "7" names no wording; left out.']);
  });

  it("is kept as sent when it names a version and a time", () => {
    const consent = { version: "2026-11-25", at: "2026-11-29T11:59:00.000Z" };
    const { body, notes } = normalizeUnseenFields({ consent }, { now });
    expect(body.consent).toMatchObject(consent);
    expect(notes).toEqual([]);
  });
});
