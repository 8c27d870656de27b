import { LEAD_LIMITS } from "../contract/lead-rules.ts";
import { ATTRIBUTION_COLUMNS } from "../contract/attribution.ts";
import type { AddressSource } from "../config/lead-config.ts";
import { DISCLOSURE_VERSION, sha256Hex, shownDisclosure } from "../contract/disclosures.ts";
import { readLeadConfig, type RateLimit } from "../config/lead-config.ts";
import {
  createLeadHandler,
  MESSAGES,
  rateWindow,
  tooManyMessage,
  type ConnectionInfo,
} from "./lead-handler.ts";
import { leadRequestFixture, openTestStore, type TestStore } from "../store/lead-test-kit.ts";
import { FUNCTION_PATH, PRODUCTION_URL } from "../contract/site-facts.ts";

// Jest's module sandbox has no dynamic import(), which PGlite's WebAssembly
// loader needs; Node's own require loads it outside the sandbox.
jest.mock("@electric-sql/pglite", () =>
  jest
    .requireActual<{ _load(request: string, parent: null): unknown }>("node:module")
    ._load(require.resolve("@electric-sql/pglite"), null),
);
// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const FUNCTION_URL = `https://project.supabase.co${FUNCTION_PATH}`;
const RETRY_URL = `${FUNCTION_URL}/retry-notifications`;
const SITE = PRODUCTION_URL;
const ID = "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b";
const SECRET = "cron-secret-0123456789";

const post = (body: unknown, headers: Record<string, string> = {}, url = FUNCTION_URL) =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const retryRun = (headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }) =>
  new Request(RETRY_URL, { method: "POST", headers });

/** One store for the file (PGlite is slow to start), emptied before each test. */
let store: TestStore;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());
beforeEach(async () => {
  store.failing = false;
  await store.reset();
});

/**
 * The handler over the SQL store with no provider configured (the team's e-mail goes to
 * the log, as on a fresh machine), its clock at 2026-11-23T14:03:12Z.
 */
function setup(
  options: {
    rateLimit?: RateLimit;
    addressSource?: AddressSource;
    cronSecret?: string | null;
  } = {},
) {
  let clock = Date.parse("2026-11-23T14:03:12.000Z");
  const logs: string[] = [];
  const deferred: Promise<unknown>[] = [];
  const config = readLeadConfig(() => undefined, { onSupabase: false });
  const { handle } = createLeadHandler({
    store,
    config: {
      ...config,
      allowedOrigins: [SITE],
      rateLimit: options.rateLimit ?? null,
      addressSource: options.addressSource ?? "socket",
      cronSecret: options.cronSecret === undefined ? SECRET : options.cronSecret,
    },
    defer: (work) => deferred.push(work),
    log: (line) => logs.push(line),
    now: () => clock,
  });
  /** Sends the request and lets the after-response work finish. */
  async function send(
    request: Request,
    info: ConnectionInfo = { remoteAddr: { hostname: "203.0.113.7" } },
  ) {
    const response = await handle(request, info);
    await Promise.all(deferred);
    const body: unknown = response.status === 204 ? null : await response.json();
    return { status: response.status, headers: response.headers, body };
  }
  return {
    send,
    handle,
    store,
    logs,
    /** Every stored lead, oldest first. */
    rows: () => store.list(),
    row: async (id: string) => (await store.list()).find((row) => row.id === id),
    rowCount: async () => (await store.list()).length,
    consentOf: (id: string) => store.consent(id),
    /** The leads the team was told of: a team e-mail delivered or, with no provider, logged. */
    emailed: async () =>
      (await store.deliveries())
        .filter((row) => row.channel === "team_email" && ["sent", "logged"].includes(row.status))
        .map((row) => row.lead_id),
    advance: (ms: number) => (clock += ms),
  };
}

describe("a valid offer request", () => {
  it("is stored trimmed with its consent, attribution and fill time, answered 200, then e-mailed once", async () => {
    const { send, row, emailed } = setup();
    const result = await send(
      post({ ...leadRequestFixture(), address: "  123 Main St  ", unknownKey: "dropped" }),
    );

    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, id: ID });
    const stored = await row(ID);
    expect(stored).toMatchObject({
      id: ID,
      address: "123 Main St",
      condition: "Needs Work",
      email: "pat@example.com",
      phone: "(614) 555-0100",
      state: "Ohio",
      source: "/sell-house-fast-ohio",
      consent_version: "2026-11-23",
      consent_at: "2026-11-23T14:03:11.201Z",
      fill_ms: 42_000,
      spam_reason: null,
      landing_page: "/sell-house-fast-ohio",
      touched_at: "2026-11-23T14:02:00.000Z",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "ohio-probate",
      gclid: "Cj0KCQiA-abc_123.x~y",
      referrer: null,
      first_landing_page: "/blog",
      first_touched_at: "2026-11-20T09:00:00.000Z",
      first_referrer: "https://www.google.com",
      first_gclid: null,
    });
    expect(stored?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await emailed()).toEqual([ID]);
    expect(stored).not.toHaveProperty("unknownKey");
  });

  it("stores blank or absent optional fields as null (the home page sends no state, old pages no consent)", async () => {
    const { send, row } = setup();
    const body: Record<string, unknown> = { ...leadRequestFixture(), phone: "  " };
    delete body.state;
    delete body.source;
    delete body.consent;
    delete body.attribution;
    const result = await send(post(body));

    expect(result.status).toBe(200);
    const stored = await row(ID);
    expect(stored).toMatchObject({ phone: null, state: null, source: null, consent_version: null });
    for (const column of ATTRIBUTION_COLUMNS) expect(stored?.[column]).toBeNull();
  });

  it("takes either touch alone, and drops unknown keys inside a touch", async () => {
    const { send, row } = setup();
    const result = await send(
      post({
        ...leadRequestFixture(),
        attribution: { last: { landing_page: "/", at: "2026-11-23T14:00:00Z", utm_campain: "x" } },
      }),
    );
    expect(result.status).toBe(200);
    expect(await row(ID)).toMatchObject({
      landing_page: "/",
      utm_campaign: null,
      first_landing_page: null,
    });
  });

  it("accepts a charset in the content type", async () => {
    const { send } = setup();
    const result = await send(
      post(leadRequestFixture(), { "content-type": "application/json; charset=utf-8" }),
    );
    expect(result.status).toBe(200);
  });

  it("keeps markup as text in the row (the team's e-mail escapes it: team-messages.test.ts)", async () => {
    const markup = `<script>alert("x")</script> & <b>'bold'</b>`;
    const { send, row } = setup();
    const result = await send(
      post({ ...leadRequestFixture(), address: markup, phone: "<i>555</i>" }),
    );
    expect(result.status).toBe(200);
    expect(await row(ID)).toMatchObject({ address: markup, phone: "<i>555</i>" });
  });
});

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

describe("requests the function does not take", () => {
  const big = JSON.stringify({ ...leadRequestFixture(), address: "a".repeat(LEAD_LIMITS.bodyMax) });

  test.each<[string, Request, number, Record<string, unknown>]>([
    ["GET", new Request(FUNCTION_URL), 405, { error: MESSAGES.method }],
    [
      "PUT",
      new Request(FUNCTION_URL, { method: "PUT", body: "{}" }),
      405,
      { error: MESSAGES.method },
    ],
    [
      "text/plain",
      post(leadRequestFixture(), { "content-type": "text/plain" }),
      415,
      { error: MESSAGES.contentType },
    ],
    [
      "no content type",
      new Request(FUNCTION_URL, { method: "POST", body: new Uint8Array([123, 125]) }),
      415,
      { error: MESSAGES.contentType },
    ],
    ["a body over 16 KB", post(big), 413, { error: MESSAGES.tooLarge }],
    [
      "a Content-Length over 16 KB",
      post("{}", { "content-length": String(LEAD_LIMITS.bodyMax + 1) }),
      413,
      { error: MESSAGES.tooLarge },
    ],
    ["broken JSON", post('{"id": "'), 400, { error: MESSAGES.brokenJson, fields: [] }],
    ["an empty body", post(""), 400, { error: MESSAGES.brokenJson, fields: [] }],
    [
      "bytes that are not UTF-8",
      new Request(FUNCTION_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new Uint8Array([0x22, 0xff, 0x22]),
      }),
      400,
      { error: MESSAGES.brokenJson, fields: [] },
    ],
  ])("%s", async (_case, request, status, body) => {
    const { send, rowCount } = setup();
    const result = await send(request);

    expect(result.status).toBe(status);
    expect(result.body).toEqual(body);
    expect(await rowCount()).toBe(0);
  });

  it("tells a wrong method which ones are allowed", async () => {
    const { send } = setup();
    const result = await send(new Request(FUNCTION_URL, { method: "DELETE" }));
    expect(result.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("suspected spam is held, not dropped: stored with its reason, answered as a person is, never e-mailed", () => {
  test.each<[string, Record<string, unknown>, string, number | null]>([
    [
      "honeypot filled in",
      { website: "https://cheap-pills.example" },
      'the hidden "website" field was filled in',
      42_000,
    ],
    ["no fill time", { elapsedMs: undefined }, "no fill time was sent", null],
    [
      "filled in too fast",
      { elapsedMs: LEAD_LIMITS.minFillMs - 1 },
      "the form was filled in 2999 ms",
      2999,
    ],
  ])("%s", async (_case, change, reason, fillMs) => {
    const { send, row, emailed, logs, store } = setup();
    const result = await send(post({ ...leadRequestFixture(), ...change }));

    expect(result).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(await row(ID)).toMatchObject({ spam_reason: reason, fill_ms: fillMs });
    expect(await store.deliveries(ID)).toEqual([]);
    expect(await emailed()).toHaveLength(0);
    expect(logs).toEqual([`Held as suspected spam (${reason}): ${ID}`]);
  });

  it("lets a person who took exactly the minimum time through", async () => {
    const { send, row, emailed } = setup();
    await send(post({ ...leadRequestFixture(), elapsedMs: LEAD_LIMITS.minFillMs }));
    expect((await row(ID))?.spam_reason).toBeNull();
    expect(await emailed()).toHaveLength(1);
  });

  it("never e-mails held spam on a retry run either", async () => {
    const { send, emailed } = setup();
    await send(post({ ...leadRequestFixture(), website: "spam" }));
    const run = await send(retryRun());
    expect(run.body).toMatchObject({ deliveries: { sent: 0, logged: 0 } });
    expect(await emailed()).toHaveLength(0);
  });
});

describe("the id is an idempotency key", () => {
  it("answers the same request twice 200 with one row and one e-mail", async () => {
    const { send, rowCount, emailed } = setup();
    const first = await send(post(leadRequestFixture()));
    // The same request spelled differently: other key order, untrimmed text.
    const { attribution, ...rest } = leadRequestFixture();
    const second = await send(post({ attribution, ...rest, address: ` ${rest.address} ` }));

    expect(first).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(second).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(await rowCount()).toBe(1);
    expect(await emailed()).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>]>([
    ["another fill time", { elapsedMs: 50_000 }],
    [
      "another campaign",
      { attribution: { last: { landing_page: "/", at: "2026-11-23T14:00:00Z" } } },
    ],
    ["another consent time", { consent: { version: "2026-11-23", at: "2026-11-23T14:03:12Z" } }],
  ])(
    "takes the same request with %s as a replay (the browser re-sends it as it kept it): 200, the first kept",
    async (_case, change) => {
      const { send, row, emailed } = setup();
      await send(post(leadRequestFixture()));
      const second = await send(post({ ...leadRequestFixture(), ...change }));
      expect(second).toMatchObject({ status: 200, body: { success: true, id: ID } });
      expect((await row(ID))?.fill_ms).toBe(42_000);
      expect((await row(ID))?.utm_campaign).toBe("ohio-probate");
      expect(await emailed()).toHaveLength(1);
    },
  );

  it.each<[string, Record<string, unknown>]>([
    ["another address", { address: "changed on retry" }],
    ["another e-mail", { email: "someone-else@example.com" }],
    ["another condition", { condition: "Poor" }],
    ["another phone", { phone: "(614) 555-0199" }],
  ])("answers 409 to the same id with %s, and keeps the first", async (_case, change) => {
    const { send, row, emailed } = setup();
    await send(post(leadRequestFixture()));
    const second = await send(post({ ...leadRequestFixture(), ...change }));

    expect(second).toEqual({
      status: 409,
      headers: expect.any(Headers),
      body: { error: MESSAGES.conflict },
    });
    expect((await row(ID))?.address).toBe("123 Main St, Columbus, OH 43004");
    expect(await emailed()).toHaveLength(1);
  });

  it("answers 409 when a request with the same id and other content is stored between the check and the insert", async () => {
    const { send, store } = setup();
    const other = await send(post({ ...leadRequestFixture(), id: crypto.randomUUID() }));
    expect(other.status).toBe(200);
    // The race: the lookup saw nothing, then the insert met the other request's row.
    const { insert, findFingerprint } = store;
    store.findFingerprint = async () => undefined;
    store.insert = async () => ({ inserted: false, fingerprint: "0".repeat(64) });
    try {
      expect((await send(post(leadRequestFixture()))).status).toBe(409);
    } finally {
      Object.assign(store, { insert, findFingerprint });
    }
  });

  it("replays a row stored before fingerprints existed", async () => {
    const { send, store } = setup();
    await send(post(leadRequestFixture()));
    await store.query("update public.leads set fingerprint = null where id = $1", [ID]);
    expect((await send(post({ ...leadRequestFixture(), address: "other" }))).status).toBe(200);
  });
});

describe("the abuse limit", () => {
  const limit = { max: 2, windowSeconds: 600 };
  const fresh = () => post({ ...leadRequestFixture(), id: crypto.randomUUID() });

  it("answers 429 with Retry-After past the limit, and stores nothing more", async () => {
    const { send, rowCount } = setup({ rateLimit: limit });
    expect((await send(fresh())).status).toBe(200);
    expect((await send(fresh())).status).toBe(200);
    const over = await send(fresh(), { remoteAddr: { hostname: "203.0.113.7" } });

    const { retryAfter } = rateWindow(Date.parse("2026-11-23T14:03:12.000Z"), 600);
    expect(retryAfter).toBe(408);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("408");
    expect(over.body).toEqual({ error: tooManyMessage(408) });
    expect(await rowCount()).toBe(2);
  });

  it("counts each client address apart, and starts again in the next window", async () => {
    const { send, rowCount, advance } = setup({ rateLimit: { max: 1, windowSeconds: 600 } });
    expect((await send(fresh())).status).toBe(200);
    expect((await send(fresh())).status).toBe(429);
    expect((await send(fresh(), { remoteAddr: { hostname: "198.51.100.1" } })).status).toBe(200);
    advance(600_000);
    expect((await send(fresh())).status).toBe(200);
    expect(await rowCount()).toBe(3);
  });

  it("does not count a replay: a person's retry always gets through", async () => {
    const { send } = setup({ rateLimit: { max: 1, windowSeconds: 600 } });
    expect((await send(post(leadRequestFixture()))).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await send(post(leadRequestFixture()))).status).toBe(200);
    }
  });

  it("reads X-Forwarded-For only when told to trust it", async () => {
    const spoofed = () => ({
      "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250)}, 10.0.0.1`,
    });
    const untrusting = setup({ rateLimit: { max: 1, windowSeconds: 600 } });
    expect(
      (await untrusting.send(post({ ...leadRequestFixture(), id: crypto.randomUUID() }, spoofed())))
        .status,
    ).toBe(200);
    expect(
      (await untrusting.send(post({ ...leadRequestFixture(), id: crypto.randomUUID() }, spoofed())))
        .status,
    ).toBe(429);

    const trusting = setup({
      rateLimit: { max: 1, windowSeconds: 600 },
      addressSource: "first-forwarded",
    });
    const from = (ip: string) => ({ "x-forwarded-for": `${ip}, 10.0.0.1` });
    expect(
      (
        await trusting.send(
          post({ ...leadRequestFixture(), id: crypto.randomUUID() }, from("192.0.2.1")),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await trusting.send(
          post({ ...leadRequestFixture(), id: crypto.randomUUID() }, from("192.0.2.2")),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await trusting.send(
          post({ ...leadRequestFixture(), id: crypto.randomUUID() }, from("192.0.2.1")),
        )
      ).status,
    ).toBe(429);
  });
});

describe("when the store is down", () => {
  it("answers 503 and logs the lead; with no provider, says nobody was told", async () => {
    const { send, store, logs } = setup();
    store.failing = true;
    const result = await send(post(leadRequestFixture()));

    expect(result).toMatchObject({
      status: 503,
      body: { error: MESSAGES.unavailable, notified: false },
    });
    expect(result.headers.get("retry-after")).toBe("30");
    expect(logs[0]).toContain("Could not store lead");
    expect(logs[0]).toContain("123 Main St, Columbus, OH 43004");
    expect(logs[0]).toContain("connection refused");
  });

  it("writes format characters and separators in the logged lead out", async () => {
    const { send, store, logs } = setup();
    store.failing = true;
    await send(
      post({ ...leadRequestFixture(), address: "12 Oak\u200b St\u00ad\ufeff\u2028Apt 3" }),
    );

    expect(logs[0]).toContain('"12 Oak\\u200b St\\u00ad\\ufeff\\u2028Apt 3"');
    expect(logs[0]).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
  });

  it("stores the same request sent again once the store is back", async () => {
    const { send, store, row } = setup();
    store.failing = true;
    expect((await send(post(leadRequestFixture()))).status).toBe(503);
    store.failing = false;
    const again = await send(post({ ...leadRequestFixture(), notified: false }));
    expect(again).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(await row(ID)).toBeDefined();
  });
});

describe("the retry run", () => {
  it.each([
    ["no token", {}],
    ["the wrong token", { authorization: "Bearer wrong" }],
    ["another scheme", { authorization: `Basic ${SECRET}` }],
  ])("is refused with %s", async (_case, headers) => {
    const { send } = setup();
    const result = await send(retryRun(headers));
    expect(result).toMatchObject({ status: 401, body: { error: MESSAGES.unauthorized } });
    expect(result.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("is refused every time when no secret is configured", async () => {
    const { send } = setup({ cronSecret: null });
    expect((await send(retryRun({ authorization: "Bearer " }))).status).toBe(401);
    expect((await send(retryRun({ authorization: "Bearer null" }))).status).toBe(401);
  });

  it("is taken by POST only", async () => {
    const { send } = setup();
    const result = await send(
      new Request(RETRY_URL, { headers: { authorization: `Bearer ${SECRET}` } }),
    );
    expect(result.status).toBe(405);
  });

  it("answers with what it did", async () => {
    const { send } = setup();
    await send(post(leadRequestFixture()));
    expect((await send(retryRun())).body).toEqual({
      escalated: 0,
      announced: 0,
      deliveries: { sent: 0, retrying: 0, failed: 0, logged: 0, skipped: 0 },
      purged: { spam: 0, expired: 0, rateLimits: 0, consents: 0, outcomes: 0 },
    });
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    new Request(FUNCTION_URL, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST" },
    });

  it("answers a preflight from the site with its origin and the headers supabase-js sends", async () => {
    const { send } = setup();
    const result = await send(preflight(SITE));

    expect(result.status).toBe(204);
    expect(result.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(result.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(result.headers.get("access-control-allow-headers")).toBe(
      "authorization, x-client-info, apikey, content-type",
    );
    expect(result.headers.get("vary")).toBe("Origin");
  });

  it("grants nothing to another origin", async () => {
    const { send } = setup();
    const result = await send(preflight("https://evil.example"));

    expect(result.status).toBe(204);
    expect(result.headers.get("access-control-allow-origin")).toBeNull();
    expect(result.headers.get("access-control-allow-methods")).toBeNull();
  });

  it("echoes an allowed origin on the answer, and lets its page read Retry-After", async () => {
    const { send } = setup();
    const allowed = await send(post(leadRequestFixture(), { origin: SITE }));
    const other = await send(
      post(
        { ...leadRequestFixture(), id: crypto.randomUUID() },
        { origin: "https://evil.example" },
      ),
    );

    expect(allowed.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(allowed.headers.get("access-control-expose-headers")).toBe("retry-after");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the form posted by the browser itself, when no script ran", () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    new Request(FUNCTION_URL, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: SITE,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const fields = {
    address: "77 High St, Columbus, OH",
    condition: "Fair",
    email: "pat@example.com",
    call: "on",
    phone: "(614) 555-0100",
    texts: "on",
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    website: "",
    consent_version: "2026-11-25",
  };
  /** What the visitor's browser would show: the status and where it is sent. */
  async function sendForm(
    harness: ReturnType<typeof setup>,
    request: Request,
  ): Promise<{ status: number; location: string | null }> {
    const response = await harness.handle(request, { remoteAddr: { hostname: "203.0.113.7" } });
    return { status: response.status, location: response.headers.get("location") };
  }

  it("stores it as the script would, and sends the browser to the site's received page with 303", async () => {
    const harness = setup();
    const answer = await sendForm(harness, form(fields));
    expect(answer).toEqual({ status: 303, location: `${SITE}/offer-received` });
    const [row] = await harness.rows();
    expect(row).toMatchObject({
      address: "77 High St, Columbus, OH",
      condition: "Fair",
      phone: "(614) 555-0100",
      state: "Ohio",
      source: "/sell-house-fast-ohio",
      consent_version: "2026-11-25",
      fill_ms: null,
      // No script, no fill time: only the hidden field can tell a bot.
      spam_reason: null,
    });
  });

  it("stores the same form posted twice once (a double click, or back and post again)", async () => {
    const harness = setup();
    await sendForm(harness, form(fields));
    await sendForm(harness, form(fields));
    expect(await harness.rowCount()).toBe(1);
  });

  it("leaves out a phone typed before the call request was switched off", async () => {
    const harness = setup();
    await sendForm(harness, form({ ...fields, call: "" }));
    expect((await harness.rows())[0]?.phone).toBeNull();
  });

  it.each<[string, Record<string, string>, string]>([
    ["a blank address", { address: "  " }, "/offer-not-sent/address"],
    ["an e-mail without a domain", { email: "pat@gmail" }, "/offer-not-sent/email"],
    ["no condition", { condition: "" }, "/offer-not-sent/condition"],
    ["a phone too long", { phone: "5".repeat(41) }, "/offer-not-sent/phone"],
  ])("sends the browser to the page for %s, and stores nothing", async (_case, change, path) => {
    const harness = setup();
    expect(await sendForm(harness, form({ ...fields, ...change }))).toEqual({
      status: 303,
      location: `${SITE}${path}`,
    });
    expect(await harness.rowCount()).toBe(0);
  });

  it("holds a bot that filled the hidden field, sending it to the same received page", async () => {
    const harness = setup();
    expect(await sendForm(harness, form({ ...fields, website: "https://spam.example" }))).toEqual({
      status: 303,
      location: `${SITE}/offer-received`,
    });
    expect((await harness.rows())[0]?.spam_reason).toBe('the hidden "website" field was filled in');
  });

  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["no origin at all", { origin: "" }],
    ["an opaque origin", { origin: "null" }],
  ])("refuses a form posted from %s, storing nothing", async (_case, headers) => {
    const harness = setup();
    const request = form(fields, headers);
    if (!headers.origin) request.headers.delete("origin");
    expect((await sendForm(harness, request)).status).toBe(403);
    expect(await harness.rowCount()).toBe(0);
  });

  it("answers with the page that says to try later when the limit is reached", async () => {
    const harness = setup({ rateLimit: { max: 1, windowSeconds: 600 } });
    expect((await sendForm(harness, form(fields))).status).toBe(303);
    const second = await sendForm(harness, form({ ...fields, email: "other@example.com" }));
    expect(second.location).toBe(`${SITE}/offer-not-sent/busy`);
  });

  it("when the store is down and no team channel takes it (a log line does not), the page with the phone number", async () => {
    const harness = setup();
    harness.store.failing = true;
    expect((await sendForm(harness, form(fields))).location).toBe(
      `${SITE}/offer-not-sent/unavailable`,
    );
    // local-server/deliveries.test.ts: received once the team's e-mail took it.
  });
});

describe("a form post the function cannot read as sent is refused before anything is stored", () => {
  const LOCAL = "http://localhost:*";
  const fields =
    "address=77+High+St%2C+Columbus%2C+OH&condition=Fair&email=pat%40example.com&source=%2F&website=";
  const handler = (harness: ReturnType<typeof setup>) =>
    createLeadHandler({
      store: harness.store,
      config: {
        ...readLeadConfig(() => undefined, { onSupabase: false }),
        allowedOrigins: [SITE, LOCAL],
        rateLimit: null,
        cronSecret: null,
      },
      defer: () => {},
      log: () => {},
    }).handle;
  const formPost = (body: string, origin = SITE) =>
    new Request(FUNCTION_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body,
    });

  it.each(["http://localhost:65536", "http://localhost:99999", "http://localhost:03000"])(
    "from %s, which no browser sends as an Origin: 403",
    async (origin) => {
      const harness = setup();
      const answer = await handler(harness)(formPost(fields, origin));
      expect(answer.status).toBe(403);
      expect(await harness.rowCount()).toBe(0);
    },
  );

  it("from a local page on a port up to 65535: taken, and answered with that page's site", async () => {
    const harness = setup();
    const answer = await handler(harness)(formPost(fields, "http://localhost:65535"));
    expect(answer.headers.get("location")).toBe("http://localhost:65535/offer-received");
    expect(await harness.rowCount()).toBe(1);
  });

  it.each<[string, string, string]>([
    ["an address", "address=77+High+St%FF", "/offer-not-sent/address"],
    ["an e-mail cut inside a character", "email=pat%C3%40example.com", "/offer-not-sent/email"],
    ["a phone", "phone=%ED%A0%80614", "/offer-not-sent/phone"],
    ["the page it came from", "source=%2F%C0%AF", "/offer-not-sent/request"],
  ])(
    "with an escape in %s that is not UTF-8: the page naming it, nothing stored as U+FFFD",
    async (_case, change, path) => {
      const harness = setup();
      const name = change.split("=")[0]!;
      const body = [...fields.split("&").filter((pair) => !pair.startsWith(`${name}=`)), change]
        .concat(name === "phone" ? ["call=on"] : [])
        .join("&");
      const answer = await handler(harness)(formPost(body));
      expect({ status: answer.status, location: answer.headers.get("location") }).toEqual({
        status: 303,
        location: `${SITE}${path}`,
      });
      expect(await harness.rowCount()).toBe(0);
    },
  );

  it("stores escapes that are UTF-8, and a bare % as typed", async () => {
    const harness = setup();
    const body = fields.replace("77+High+St", "77+Rue+d%C3%A9t%C3%A9+%F0%9F%8F%A0+50%+off");
    expect((await handler(harness)(formPost(body))).headers.get("location")).toBe(
      `${SITE}/offer-received`,
    );
    expect((await harness.rows())[0]?.address).toBe(
      "77 Rue d\u00e9t\u00e9 \u{1f3e0} 50% off, Columbus, OH",
    );
  });
});

describe("an outsider's requests", () => {
  it("stores one row and answers 200 to twenty copies of one request sent at once", async () => {
    const { send, rowCount, emailed } = setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(post(leadRequestFixture()))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await rowCount()).toBe(1);
    expect(await emailed()).toHaveLength(1);
  });

  it("takes __proto__ and constructor keys as plain data that changes nothing", async () => {
    const { send, rows } = setup();
    const body = `{"__proto__": {"spam_reason": null, "isAdmin": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(
      leadRequestFixture(),
    ).slice(1, -1)}, "attribution": {"__proto__": {"last": {"landing_page": "/evil"}}}}`;
    const result = await send(post(body));
    expect(result.status).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((await rows())[0]?.landing_page).toBeNull();
  });

  it("answers 400, not 500, to JSON nested 7,000 deep", async () => {
    const { send, rowCount } = setup();
    const deep = `${"[".repeat(7000)}${"]".repeat(7000)}`;
    const result = await send(post(`{"address": ${deep}, "consent": {"at": 1}}`));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ fields: ["address", "condition", "email"] });
    expect(await rowCount()).toBe(0);
  });

  it.each([
    ["a suffix of the site's name", "https://quickhomebuyers.com.evil.example"],
    ["a prefix", "https://evilquickhomebuyers.com"],
    ["http instead of https", "http://quickhomebuyers.com"],
    ["null", "null"],
  ])("grants no CORS to an origin that is %s", async (_case, origin) => {
    const { send } = setup();
    const result = await send(
      post({ ...leadRequestFixture(), id: crypto.randomUUID() }, { origin }),
    );
    expect(result.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the consent record stored with each lead", () => {
  const wording = (phoneSection: boolean, version = DISCLOSURE_VERSION) =>
    sha256Hex(shownDisclosure(version, "Quick Home Buyers", { phoneSection })!);

  it.each<[string, (hash: string) => Record<string, unknown>, string]>([
    [
      "no hash at all (a bare post, a client that leaves it out)",
      () => ({}),
      "the page sent no hash",
    ],
    ["the hash of another version", () => ({ shown: "OTHER" }), "does not match version"],
  ])("is not verified with %s", async (_case, change, note) => {
    const { send, consentOf, row } = setup();
    const other = await wording(true, "2026-11-23");
    const noPhone = await wording(false);
    const extra = change("");
    const shown = extra.shown === "OTHER" ? other : extra.shown === "NOPHONE" ? noPhone : undefined;
    await send(
      post({
        ...leadRequestFixture(),
        consent: {
          version: DISCLOSURE_VERSION,
          at: "2026-11-23T14:03:11.201Z",
          calls: true,
          ...(shown ? { shown } : {}),
        },
      }),
    );
    expect(await consentOf(ID)).toMatchObject({
      disclosure_verified: false,
      disclosure_sha256: shown ?? null,
    });
    expect((await row(ID))?.intake_notes.join(" ")).toContain(note);
  });

  it("takes the phone section from the hash: a call claimed beside the wording without it is not agreed", async () => {
    const { send, consentOf } = setup();
    await send(
      post({
        ...leadRequestFixture(),
        consent: {
          version: DISCLOSURE_VERSION,
          at: "2026-11-23T14:03:11.201Z",
          calls: true,
          texts: true,
          shown: await wording(false),
        },
      }),
    );
    expect(await consentOf(ID)).toMatchObject({
      disclosure_verified: true,
      calls: false,
      texts: false,
    });
  });

  it("records texts as not agreed for a wording without the box, or when the phone section was not shown", async () => {
    const { send, consentOf } = setup();
    await send(
      post({
        ...leadRequestFixture(),
        consent: {
          version: "2026-11-23",
          at: "2026-11-23T14:03:11.201Z",
          calls: true,
          texts: true,
        },
      }),
    );
    const hidden = crypto.randomUUID();
    await send(
      post({
        ...leadRequestFixture(),
        id: hidden,
        consent: {
          version: DISCLOSURE_VERSION,
          at: "2026-11-23T14:03:11.201Z",
          calls: false,
          texts: true,
        },
      }),
    );
    expect(await consentOf(ID)).toMatchObject({ calls: true, texts: false });
    expect(await consentOf(hidden)).toMatchObject({ calls: false, texts: false });
  });

  it("keeps a consent time from before its wording was published as sent, and doubts it in the record", async () => {
    const { send, consentOf } = setup();
    await send(
      post({
        ...leadRequestFixture(),
        consent: { version: DISCLOSURE_VERSION, at: "2026-09-28T10:00:00.000Z" },
      }),
    );
    expect(await consentOf(ID)).toMatchObject({
      consented_at: "2026-09-28T10:00:00.000Z",
      doubts: [
        `2026-09-28T10:00:00.000Z is before wording ${DISCLOSURE_VERSION} was published (2026-11-25T00:00:00.000Z)`,
        "2026-09-28T10:00:00.000Z is older than the 30 days a browser keeps a request (server's clock 2026-11-23T14:03:12.000Z)",
      ],
    });
  });

  it("keeps what the visitor agreed to: the wording's hash, each control, the page, the browser and the address", async () => {
    const { send, consentOf } = setup();
    const shown = await wording(true);
    await send(
      post(
        {
          ...leadRequestFixture(),
          pageUrl: "https://quickhomebuyers.com/sell-house-fast-ohio?utm_source=google",
          consent: {
            version: DISCLOSURE_VERSION,
            at: "2026-11-23T14:03:11.201Z",
            calls: true,
            texts: true,
            shown,
          },
        },
        { "user-agent": "Mozilla/5.0 (Test)" },
      ),
    );
    expect(await consentOf(ID)).toMatchObject({
      consented_at: "2026-11-23T14:03:11.201Z",
      disclosure_version: DISCLOSURE_VERSION,
      disclosure_sha256: shown,
      disclosure_verified: true,
      brand: "Quick Home Buyers",
      calls: true,
      texts: true,
      page_url: "https://quickhomebuyers.com/sell-house-fast-ohio?utm_source=google",
      user_agent: "Mozilla/5.0 (Test)",
      client_ip: "203.0.113.7",
      gpc: false,
      via: "script",
    });
  });

  it("records no call or text consent without a phone number, whatever the boxes said", async () => {
    const { send, consentOf } = setup();
    await send(
      post({
        ...leadRequestFixture(),
        phone: "",
        consent: {
          version: DISCLOSURE_VERSION,
          at: "2026-11-23T14:03:11.201Z",
          calls: true,
          texts: true,
        },
      }),
    );
    expect(await consentOf(ID)).toMatchObject({ calls: false, texts: false });
  });

  it("takes Global Privacy Control from the header or from the page, on the lead and its consent", async () => {
    const { send, row, consentOf } = setup();
    await send(post({ ...leadRequestFixture(), id: ID }, { "sec-gpc": "1" }));
    const other = crypto.randomUUID();
    await send(
      post({
        ...leadRequestFixture(),
        id: other,
        consent: { version: DISCLOSURE_VERSION, at: "2026-11-23T14:03:11.201Z", gpc: true },
      }),
    );
    expect((await row(ID))?.gpc).toBe(true);
    expect((await row(other))?.gpc).toBe(true);
    expect((await consentOf(ID))?.gpc).toBe(true);
  });

  it("keeps the page's hash but notes it when this function renders the wording differently", async () => {
    const { send, row, consentOf } = setup();
    await send(
      post({
        ...leadRequestFixture(),
        consent: {
          version: DISCLOSURE_VERSION,
          at: "2026-11-23T14:03:11.201Z",
          shown: "a".repeat(64),
        },
      }),
    );
    expect(await consentOf(ID)).toMatchObject({
      disclosure_sha256: "a".repeat(64),
      disclosure_verified: false,
    });
    expect((await row(ID))?.intake_notes.join(" ")).toContain("check COMPANY_NAME on both");
  });
});
