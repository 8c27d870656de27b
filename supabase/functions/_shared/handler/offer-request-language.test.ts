import { FIELD_MESSAGES_ES } from "../contract/field-messages-es.ts";
import { CURRENT_WORDINGS, sha256Hex, shownDisclosure } from "../contract/disclosures.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { formPost, ID, post, SITE, withTestStore, type Harness } from "./handler-test-kit.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();
const BRAND = "Quick Home Buyers";
const WEEK_MS = 7 * 86_400_000;
/** A week after the harness's clock: after the Spanish wording was published. */
const AT = "2026-11-30T14:03:11.201Z";

/** The consent a page in `version`'s language sends, with the hash of the wording it showed. */
async function consentShown(version: string, phoneSection = true) {
  const text = shownDisclosure(version, BRAND, { phoneSection })!;
  return { version, at: AT, calls: phoneSection, texts: true, shown: await sha256Hex(text) };
}

async function sendAWeekLater(harness: Harness, body: Record<string, unknown>) {
  harness.advance(WEEK_MS);
  return harness.send(post(leadRequestFixture(body)));
}

describe("the language of a lead", () => {
  it("is English when the request names none, and Spanish when it says es", async () => {
    const harness = setup();
    expect((await harness.send(post(leadRequestFixture()))).status).toBe(200);
    const other = crypto.randomUUID();
    expect(
      (await harness.send(post(leadRequestFixture({ id: other, language: "es" })))).status,
    ).toBe(200);
    expect((await harness.row(ID))?.language).toBe("en");
    expect((await harness.row(other))?.language).toBe("es");
  });

  it.each(["fr", "ES", "", 1])("refuses %j with a 400 that names the field", async (language) => {
    const harness = setup();
    const answer = await harness.send(post(leadRequestFixture({ language })));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fields: ["language"],
      error: expect.stringMatching(/^language: Send one of: en, es/),
    });
    expect(await harness.rowCount()).toBe(0);
  });

  it("answers a Spanish request's mistakes in Spanish, under the same field names", async () => {
    const harness = setup();
    const answer = await harness.send(
      post(leadRequestFixture({ language: "es", address: " ", email: "ana@gmail" })),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fields: ["address", "email"],
      messages: {
        address: FIELD_MESSAGES_ES.addressBlank,
        email: "Escriba un correo electrónico válido.",
      },
      error:
        "address: Escriba la dirección de la propiedad. email: Escriba un correo electrónico válido.",
    });
    const english = await harness.send(post(leadRequestFixture({ address: " " })));
    expect(english.body).toMatchObject({ messages: { address: "Enter the property address." } });
  });
});

describe("consent in the lead's language", () => {
  it("verifies the Spanish wording's hash on a Spanish lead", async () => {
    const harness = setup();
    const consent = await consentShown(CURRENT_WORDINGS.es.version);
    expect((await sendAWeekLater(harness, { language: "es", consent })).status).toBe(200);
    expect(await harness.consentOf(ID)).toMatchObject({
      disclosure_version: "2026-11-29-es",
      disclosure_sha256: consent.shown,
      disclosure_verified: true,
      calls: true,
      texts: true,
      doubts: [],
    });
  });

  it.each([
    ["an English wording on a Spanish lead", CURRENT_WORDINGS.en.version, "es", "en"],
    ["a Spanish wording on an English lead", CURRENT_WORDINGS.es.version, "en", "es"],
  ])("keeps %s, not verified, and says why", async (_, version, language, wordingLanguage) => {
    const harness = setup();
    const consent = await consentShown(version);
    expect((await sendAWeekLater(harness, { language, consent })).status).toBe(200);
    expect(await harness.consentOf(ID)).toMatchObject({
      disclosure_version: version,
      disclosure_sha256: consent.shown,
      disclosure_verified: false,
    });
    expect((await harness.row(ID))?.intake_notes).toContainEqual(
      `consent.version: wording version ${version} is in "${wordingLanguage}" but the lead's language is "${language}"; recorded as not verified; the page's hash is kept.`,
    );
  });
});

describe("a Spanish form posted without script", () => {
  const fields = {
    address: "77 High St, El Paso, TX",
    condition: "Fair",
    email: "ana@example.com",
    state: "Texas",
    source: "/es",
    website: "",
    consent_version: "2026-11-29-es",
    language: "es",
  };
  const location = async (harness: Harness, request: Request) =>
    (await harness.handle(request, { remoteAddr: { hostname: "203.0.113.7" } })).headers.get(
      "location",
    );

  it("lands on the Spanish received page, and is stored as Spanish", async () => {
    const harness = setup();
    harness.advance(WEEK_MS);
    expect(await location(harness, formPost(fields))).toBe(`${SITE}/es/oferta-recibida`);
    expect((await harness.rows())[0]?.language).toBe("es");
  });

  it.each([
    [{ address: "" }, "direccion"],
    [{ condition: "Splendid" }, "estado"],
    [{ email: "ana@" }, "correo"],
    [{ call: "on", phone: "614-555-0100 or 614-555-0199" }, "telefono"],
    [{ language: "fr" }, null],
  ])("lands on the Spanish page for what to fix: %j", async (change, slug) => {
    const harness = setup();
    const answer = await location(harness, formPost({ ...fields, ...change }));
    // A form whose language the function cannot read is answered in English.
    expect(answer).toBe(
      slug ? `${SITE}/es/oferta-no-enviada/${slug}` : `${SITE}/offer-not-sent/request`,
    );
  });
});
