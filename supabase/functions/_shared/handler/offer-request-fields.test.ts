import { LEAD_LIMITS } from "../contract/lead-rules.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { post, withTestStore } from "./handler-test-kit.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();

describe("a bad field the visitor typed gets 400 naming it, and nothing is stored or sent", () => {
  const without = (field: string) => {
    const body: Record<string, unknown> = leadRequestFixture();
    delete body[field];
    return body;
  };
  const withField = (field: string, value: unknown) => ({
    ...leadRequestFixture(),
    [field]: value,
  });

  test.each<[string, unknown, string, string[]]>([
    ["address missing", without("address"), "address: Enter the property address.", ["address"]],
    [
      "address blank",
      withField("address", "   "),
      "address: Enter the property address.",
      ["address"],
    ],
    [
      "address of no-break and zero-width spaces only",
      withField("address", "\u00a0\u200b\u2060\ufeff\u3000"),
      "address: Enter the property address.",
      ["address"],
    ],
    [
      "address not text",
      withField("address", 42),
      "address: Enter the property address.",
      ["address"],
    ],
    [
      "address with an escape character",
      withField("address", "12 Oak St\u001b[2J"),
      "address: Remove the invisible control character (U+001B).",
      ["address"],
    ],
    [
      "address with a NUL",
      withField("address", "12 Oak\u0000 St"),
      "address: Remove the invisible control character (U+0000).",
      ["address"],
    ],
    [
      "address with a C1 control",
      withField("address", "12 Oak\u0085St"),
      "address: Remove the invisible control character (U+0085).",
      ["address"],
    ],
    [
      "address with a right-to-left override",
      withField("address", "12 Oak St \u202egnp.exe"),
      "address: Remove the invisible text-direction character (U+202E).",
      ["address"],
    ],
    [
      "address with a broken UTF-16 half",
      withField("address", "12 Oak St \ud800"),
      "address: Remove the broken character (U+D800).",
      ["address"],
    ],
    [
      "address too long",
      withField("address", "a".repeat(LEAD_LIMITS.addressMax + 1)),
      "address: Use at most 300 characters.",
      ["address"],
    ],
    [
      "condition unknown",
      withField("condition", "Great"),
      "condition: Choose one of: Excellent, Good, Fair, Needs Work, Poor.",
      ["condition"],
    ],
    ["email missing", without("email"), "email: Enter a valid email address.", ["email"]],
    [
      "email without a top-level domain",
      withField("email", "name@gmail"),
      "email: Enter a valid email address.",
      ["email"],
    ],
    [
      "email with a bell",
      withField("email", "pat\u0007@example.com"),
      "email: Remove the invisible control character (U+0007).",
      ["email"],
    ],
    [
      "email with a zero-width space",
      withField("email", "pat\u200b@example.com"),
      "email: Enter a valid email address.",
      ["email"],
    ],
    [
      "email with a soft hyphen",
      withField("email", "pat@exam\u00adple.com"),
      "email: Enter a valid email address.",
      ["email"],
    ],
    [
      "email too long",
      withField("email", `${"a".repeat(250)}@b.com`),
      "email: Use at most 254 characters.",
      ["email"],
    ],
    [
      "phone too long",
      withField("phone", "5".repeat(LEAD_LIMITS.phoneMax + 1)),
      "phone: Use at most 40 characters.",
      ["phone"],
    ],
    [
      "phone not text",
      withField("phone", 6145550100),
      "phone: Enter the phone number as text.",
      ["phone"],
    ],
    [
      "phone with a tab",
      withField("phone", "614\t555"),
      "phone: Remove the invisible control character (U+0009).",
      ["phone"],
    ],
    ["body an array", [leadRequestFixture()], "Send the offer request as a JSON object.", []],
    ["body null", null, "Send the offer request as a JSON object.", []],
  ])("%s", async (_case, body, message, fields) => {
    const { send, rowCount, emailed } = setup();
    const result = await send(post(body));

    expect(result).toMatchObject({ status: 400, body: { error: message, fields } });
    expect(await rowCount()).toBe(0);
    expect(await emailed()).toHaveLength(0);
  });

  it("names every bad field at once", async () => {
    const { send } = setup();
    const result = await send(
      post({
        ...leadRequestFixture(),
        address: "",
        email: "name@gmail",
        phone: "6".repeat(41),
        attribution: {
          last: { landing_page: "/?x", at: "2026-11-23T14:00:00Z", utm_source: "\u202e" },
        },
      }),
    );
    expect(result.body).toEqual({
      error:
        "address: Enter the property address. email: Enter a valid email address. phone: Use at most 40 characters.",
      fields: ["address", "email", "phone"],
      messages: {
        address: "Enter the property address.",
        email: "Enter a valid email address.",
        phone: "Use at most 40 characters.",
      },
    });
  });
});

describe("a field the visitor never typed never costs the lead: it is fixed or left out, and noted", () => {
  const withField = (field: string, value: unknown) => ({
    ...leadRequestFixture(),
    [field]: value,
  });
  const withLast = (change: Record<string, unknown>) => ({
    ...leadRequestFixture(),
    attribution: { last: { ...leadRequestFixture().attribution.last, ...change } },
  });
  const without = (field: string) => {
    const body: Record<string, unknown> = leadRequestFixture();
    delete body[field];
    return body;
  };

  test.each<[string, unknown, Record<string, unknown>, string]>([
    [
      "state as a code",
      withField("state", "OH"),
      { state: null },
      'state: "OH" is not a US state; left out.',
    ],
    [
      "state as a slug",
      withField("state", "new-york"),
      { state: "New York" },
      'state: "new-york" read as New York.',
    ],
    [
      "source as a full address",
      withField("source", "https://quickhomebuyers.com/sell-house-fast-ohio?utm_source=x"),
      { source: "/sell-house-fast-ohio" },
      "source: the full address",
    ],
    [
      "source longer than the limit",
      withField("source", `/${"a".repeat(3000)}`),
      { source: `/${"a".repeat(LEAD_LIMITS.sourceMax - 1)}` },
      "source: 3001 characters long; cut to 200.",
    ],
    [
      "source with a directional isolate",
      withField("source", "/blog\u2066"),
      { source: "/blog" },
      "",
    ],
    [
      "source not text",
      withField("source", 42),
      { source: null },
      'source: "42" is not a page path; left out.',
    ],
    ["fill time as text", withField("elapsedMs", "5000"), { fill_ms: 5000, spam_reason: null }, ""],
    [
      "fill time negative: kept, held as spam",
      withField("elapsedMs", -1),
      { fill_ms: null, spam_reason: "no fill time was sent" },
      'elapsedMs: "-1" is not a fill time; left out.',
    ],
    [
      "consent without a time",
      withField("consent", { version: "2026-11-23" }),
      { consent_version: "2026-11-23", consent_at: "2026-11-23T14:03:12.000Z" },
      "",
    ],
    [
      "consent on a day February does not have",
      withField("consent", { version: "2026-11-23", at: "2026-02-30T00:00:00Z" }),
      { consent_at: "2026-11-23T14:03:12.000Z" },
      'consent.at: was "2026-02-30T00:00:00Z", not a time; the server\'s receive time stands for it.',
    ],
    [
      "consent at an offset no time zone has",
      withField("consent", { version: "2026-11-23", at: "2026-01-01T00:00:00+20:00" }),
      { consent_at: "2026-11-23T14:03:12.000Z" },
      "consent.at: was",
    ],
    [
      "consent from a browser clock years behind: kept as sent, doubted",
      withField("consent", { version: "2026-11-23", at: "2019-01-01T00:00:00.000Z" }),
      { consent_at: "2019-01-01T00:00:00.000Z" },
      "consent.at: 2019-01-01T00:00:00.000Z is before wording 2026-11-23 was published (2026-11-23T00:00:00.000Z); kept as sent. consent.at: 2019-01-01T00:00:00.000Z is older than the 30 days a browser keeps a request",
    ],
    [
      "consent from a browser clock an hour ahead: kept as sent, doubted",
      withField("consent", { version: "2026-11-23", at: "2026-11-23T15:03:12.000Z" }),
      { consent_at: "2026-11-23T15:03:12.000Z" },
      "consent.at: 2026-11-23T15:03:12.000Z is ahead of the server's clock (2026-11-23T14:03:12.000Z); kept as sent.",
    ],
    [
      "consent in a year no database holds",
      withField("consent", { version: "2026-11-23", at: "9999-12-31T23:59:59-14:00" }),
      { consent_at: "2026-11-23T14:03:12.000Z" },
      'consent.at: was "9999-12-31T23:59:59-14:00", outside the years 1 to 9999; the server\'s receive time stands for it.',
    ],
    [
      "consent version with a control character",
      withField("consent", { version: "v1\u009b", at: "2026-11-23T14:03:11.201Z" }),
      { consent_version: "v1" },
      "",
    ],
    [
      "attribution not an object",
      withField("attribution", "google"),
      { utm_source: null, landing_page: null },
      'attribution: "google" is not a record of visits; left out.',
    ],
    [
      "a campaign tag too long",
      withLast({ utm_source: "x".repeat(201) }),
      { utm_source: null, utm_campaign: "ohio-probate" },
      "attribution.last.utm_source:",
    ],
    [
      "a campaign tag with an escape character",
      withLast({ utm_campaign: "ohio\u001b]0;owned\u0007" }),
      { utm_campaign: null, gclid: "Cj0KCQiA-abc_123.x~y" },
      "attribution.last.utm_campaign:",
    ],
    [
      "a click id with characters a link would not carry",
      withLast({ gclid: "abc def" }),
      { gclid: null, utm_campaign: "ohio-probate" },
      "attribution.last.gclid:",
    ],
    [
      "a referrer with a path",
      withLast({ referrer: "https://www.google.com/search?q=sell+my+house" }),
      { referrer: null },
      "attribution.last.referrer:",
    ],
    [
      "a landing page with a query string: the visit goes",
      withLast({ landing_page: "/blog?utm_source=x" }),
      { landing_page: null, utm_campaign: null },
      "attribution.last: no landing page; the visit is left out.",
    ],
    [
      "a touch with a time that is not ISO",
      withLast({ at: "Mon, 23 Nov 2026 14:02:00 GMT" }),
      { touched_at: null, utm_campaign: "ohio-probate" },
      "attribution.last.at: was",
    ],
    [
      "an id that is not a UUID",
      withField("id", "lead-1"),
      {
        id: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
      },
      'id: "lead-1" is not a UUID; one was made from the request\'s content.',
    ],
    ["no id at all", without("id"), { id: expect.stringMatching(/^[0-9a-f-]{36}$/) }, ""],
    [
      "a honeypot with a control character: a bot's answer, held",
      withField("website", "x\u0001"),
      { spam_reason: 'the hidden "website" field was filled in' },
      "",
    ],
  ])("%s", async (_case, body, stored, note) => {
    const { send, rows, rowCount } = setup();
    const result = await send(post(body));
    expect(result.status).toBe(200);
    expect(await rowCount()).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject(stored);
    expect((result.body as { id: string }).id).toBe(row!.id);
    if (note) expect(row!.intake_notes.join(" ")).toContain(note);
  });

  it("derives the same id for the same request sent twice without one, and stores it once", async () => {
    const { send, rowCount } = setup();
    const first = await send(post(without("id")));
    const second = await send(post(without("id")));
    expect(first.body).toEqual(second.body);
    expect(await rowCount()).toBe(1);
  });

  it("takes an internationalised e-mail domain, as typed or as the punycode Chromium sends", async () => {
    const { send, rowCount } = setup();
    for (const email of ["pat@xn--e1afmkfd.xn--p1ai", "pat@пример.рф", "pat@münchen.de"]) {
      const result = await send(post({ ...leadRequestFixture(), id: crypto.randomUUID(), email }));
      expect(result.status).toBe(200);
    }
    expect(await rowCount()).toBe(3);
  });
});
