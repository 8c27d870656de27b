import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { ATTRIBUTION_COLUMNS } from "./attribution.ts";
import { FUNCTION_PATH, PRODUCTION_URL } from "./site-facts.ts";
import type { RateLimit } from "./lead-config.ts";
import {
  createLeadHandler,
  MESSAGES,
  rateWindow,
  tooManyMessage,
  type ConnectionInfo,
} from "./lead-handler.ts";
import type { LeadNotifier } from "./lead-notifier.ts";
import { LEAD_LIMITS } from "./lead-rules.ts";
import { NOTIFY_ATTEMPTS_MAX, type Lead } from "./lead-store.ts";
import { createMemoryLeadStore, leadRequestFixture } from "./lead-test-kit.ts";
import { createResendNotifier } from "./resend-notifier.ts";
import { createSqlLeadStore } from "./sql-lead-store.ts";

// Jest's module sandbox has no dynamic import(), which PGlite's WebAssembly
// loader needs; Node's own require loads it outside the sandbox.
jest.mock("@electric-sql/pglite", () =>
  jest
    .requireActual<{ _load(request: string, parent: null): unknown }>("node:module")
    ._load(require.resolve("@electric-sql/pglite"), null),
);

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

/** The handler over an in-memory store and a recording notifier. */
function setup(
  options: { notifier?: LeadNotifier; rateLimit?: RateLimit; trustForwardedFor?: boolean } = {},
) {
  let clock = Date.parse("2026-11-23T14:03:12.000Z");
  const store = createMemoryLeadStore(() => clock);
  const sent: Lead[] = [];
  const logs: string[] = [];
  const deferred: Promise<unknown>[] = [];
  const notifier = options.notifier ?? {
    async notify(lead: Lead) {
      sent.push(lead);
    },
  };
  const handle = createLeadHandler({
    store,
    notifier,
    allowedOrigins: [SITE],
    rateLimit: options.rateLimit ?? null,
    trustForwardedFor: options.trustForwardedFor ?? false,
    cronSecret: SECRET,
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
    store,
    rows: store.rows,
    sent,
    logs,
    advance: (ms: number) => (clock += ms),
  };
}

/** A notifier whose every attempt fails as the e-mail provider refusing the address. */
const refusing = () => {
  const attempts: string[] = [];
  const notifier: LeadNotifier = {
    async notify(lead) {
      attempts.push(lead.id);
      throw new Error(`Resend answered 422: Invalid reply_to "pat\u200b@example.com"`);
    },
  };
  return { notifier, attempts };
};

const failingOnce = () => {
  const sent: Lead[] = [];
  let failures = 1;
  const notifier: LeadNotifier = {
    async notify(lead) {
      if (failures > 0) {
        failures -= 1;
        throw new Error("Resend answered 500: internal error");
      }
      sent.push(lead);
    },
  };
  return { notifier, sent };
};

describe("a valid offer request", () => {
  it("is stored trimmed with its consent, attribution and fill time, answered 200, then e-mailed once", async () => {
    const { send, rows, sent } = setup();
    const result = await send(
      post({ ...leadRequestFixture(), address: "  123 Main St  ", unknownKey: "dropped" }),
    );

    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, id: ID });
    const row = rows.get(ID);
    expect(row).toMatchObject({
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
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.notified_at).not.toBeNull();
    expect(sent.map((lead) => lead.id)).toEqual([ID]);
    expect(row).not.toHaveProperty("unknownKey");
  });

  it("stores blank or absent optional fields as null (the home page sends no state, old pages no consent)", async () => {
    const { send, rows } = setup();
    const body: Record<string, unknown> = { ...leadRequestFixture(), phone: "  " };
    delete body.state;
    delete body.source;
    delete body.consent;
    delete body.attribution;
    const result = await send(post(body));

    expect(result.status).toBe(200);
    const row = rows.get(ID);
    expect(row).toMatchObject({ phone: null, state: null, source: null, consent_version: null });
    for (const column of ATTRIBUTION_COLUMNS) expect(row?.[column]).toBeNull();
  });

  it("takes either touch alone, and drops unknown keys inside a touch", async () => {
    const { send, rows } = setup();
    const result = await send(
      post({
        ...leadRequestFixture(),
        attribution: { last: { landing_page: "/", at: "2026-11-23T14:00:00Z", utm_campain: "x" } },
      }),
    );
    expect(result.status).toBe(200);
    expect(rows.get(ID)).toMatchObject({
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

  it("keeps markup as text in the row and escapes it in the e-mail", async () => {
    const markup = `<script>alert("x")</script> & <b>'bold'</b>`;
    const requests: { body: { html: string; text: string } }[] = [];
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      requests.push({ body: JSON.parse(String(init.body)) });
      return new Response("{}", { status: 200 });
    }) as typeof fetch;
    const notifier = createResendNotifier(
      { apiKey: "re_test", to: "team@example.com", from: "site@example.com", url: "https://mail" },
      fakeFetch,
    );
    const { send, rows } = setup({ notifier });

    const result = await send(
      post({ ...leadRequestFixture(), address: markup, phone: "<i>555</i>" }),
    );

    expect(result.status).toBe(200);
    expect(rows.get(ID)).toMatchObject({ address: markup, phone: "<i>555</i>" });
    expect(rows.get(ID)?.notified_at).not.toBeNull();
    const html = requests[0]?.body.html ?? "";
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;&#39;bold&#39;&lt;/b&gt;",
    );
    expect(html).toContain("&lt;i&gt;555&lt;/i&gt;");
    expect(requests[0]?.body.text).toContain(markup);
  });
});

describe("a bad request gets 400 naming the field, and nothing is stored or sent", () => {
  const without = (field: string) => {
    const body: Record<string, unknown> = leadRequestFixture();
    delete body[field];
    return body;
  };
  const withField = (field: string, value: unknown) => ({
    ...leadRequestFixture(),
    [field]: value,
  });
  const withLast = (change: Record<string, unknown>) => ({
    ...leadRequestFixture(),
    attribution: { last: { ...leadRequestFixture().attribution.last, ...change } },
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
    ["id missing", without("id"), "id: Send a UUID that identifies this request.", ["id"]],
    [
      "id not a UUID",
      withField("id", "lead-1"),
      "id: Send a UUID that identifies this request.",
      ["id"],
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
    [
      "state as a code",
      withField("state", "OH"),
      'state: Choose one of the 50 US states by name, e.g. "Ohio".',
      ["state"],
    ],
    [
      "source not a path",
      withField("source", "https://evil.example"),
      'source: Send the page path, starting with "/".',
      ["source"],
    ],
    [
      "source with a directional isolate",
      withField("source", "/blog\u2066"),
      "source: Remove the invisible text-direction character (U+2066).",
      ["source"],
    ],
    [
      "honeypot with a control character",
      withField("website", "x\u0001"),
      "website: Remove the invisible control character (U+0001).",
      ["website"],
    ],
    [
      "fill time not a number",
      withField("elapsedMs", "5000"),
      "elapsedMs: Send the fill time as a whole number of milliseconds.",
      ["elapsedMs"],
    ],
    [
      "fill time negative",
      withField("elapsedMs", -1),
      "elapsedMs: Send the fill time as a whole number of milliseconds.",
      ["elapsedMs"],
    ],
    [
      "consent without a time",
      withField("consent", { version: "2026-11-23" }),
      'consent.at: Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".',
      ["consent.at"],
    ],
    [
      "consent with a date that is not one",
      withField("consent", { version: "2026-11-23", at: "2026-02-31T25:00:00Z" }),
      'consent.at: Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".',
      ["consent.at"],
    ],
    [
      "consent on a day February does not have",
      withField("consent", { version: "2026-11-23", at: "2026-02-30T00:00:00Z" }),
      'consent.at: Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".',
      ["consent.at"],
    ],
    [
      "consent with an offset no time zone has",
      withField("consent", { version: "2026-11-23", at: "2026-01-01T00:00:00+20:00" }),
      'consent.at: Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".',
      ["consent.at"],
    ],
    [
      "consent version with a control character",
      withField("consent", { version: "v1\u009b", at: "2026-11-23T14:03:11.201Z" }),
      "consent.version: Remove the invisible control character (U+009B).",
      ["consent.version"],
    ],
    [
      "attribution not an object",
      withField("attribution", "google"),
      "attribution: Send where the visit came from as an object with first and last.",
      ["attribution"],
    ],
    [
      "a campaign tag too long",
      withLast({ utm_source: "x".repeat(201) }),
      "attribution.last.utm_source: Use at most 200 characters.",
      ["attribution.last.utm_source"],
    ],
    [
      "a campaign tag with an escape character",
      withLast({ utm_campaign: "ohio\u001b]0;owned\u0007" }),
      "attribution.last.utm_campaign: Remove the invisible control character (U+001B).",
      ["attribution.last.utm_campaign"],
    ],
    [
      "a campaign tag that is not text",
      withLast({ utm_term: 5 }),
      "attribution.last.utm_term: Send this as text.",
      ["attribution.last.utm_term"],
    ],
    [
      "a click id with characters a link would not carry",
      withLast({ gclid: "abc def" }),
      "attribution.last.gclid: Send the click id as it was in the link: letters, digits and . _ ~ - only.",
      ["attribution.last.gclid"],
    ],
    [
      "a click id too long",
      withLast({ msclkid: "a".repeat(501) }),
      "attribution.last.msclkid: Use at most 500 characters.",
      ["attribution.last.msclkid"],
    ],
    [
      "a referrer with a path",
      withLast({ referrer: "https://www.google.com/search?q=sell+my+house" }),
      'attribution.last.referrer: Send the referring site\'s origin only, e.g. "https://www.google.com".',
      ["attribution.last.referrer"],
    ],
    [
      "a referrer that is not http",
      withLast({ referrer: "javascript:alert(1)" }),
      'attribution.last.referrer: Send the referring site\'s origin only, e.g. "https://www.google.com".',
      ["attribution.last.referrer"],
    ],
    [
      "a landing page with a query string",
      withLast({ landing_page: "/blog?utm_source=x" }),
      'attribution.last.landing_page: Send the landing page path, starting with "/", without a query string.',
      ["attribution.last.landing_page"],
    ],
    [
      "a landing page that is a URL",
      withLast({ landing_page: "https://quickhomebuyers.com/" }),
      'attribution.last.landing_page: Send the landing page path, starting with "/", without a query string.',
      ["attribution.last.landing_page"],
    ],
    [
      "a touch without its landing page",
      withLast({ landing_page: undefined }),
      'attribution.last.landing_page: Send the landing page path, starting with "/", without a query string.',
      ["attribution.last.landing_page"],
    ],
    [
      "a touch with a time that is not ISO",
      withLast({ at: "Mon, 23 Nov 2026 14:02:00 GMT" }),
      'attribution.last.at: Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".',
      ["attribution.last.at"],
    ],
    [
      "a touch in year 0",
      withLast({ at: "0000-01-01T00:00:00Z" }),
      'attribution.last.at: Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".',
      ["attribution.last.at"],
    ],
    [
      "a first touch with a NUL in its content tag",
      {
        ...leadRequestFixture(),
        attribution: {
          first: { landing_page: "/", at: "2026-11-20T09:00:00Z", utm_content: "a\u0000" },
        },
      },
      "attribution.first.utm_content: Remove the invisible control character (U+0000).",
      ["attribution.first.utm_content"],
    ],
    ["body an array", [leadRequestFixture()], "Send the offer request as a JSON object.", []],
    ["body null", null, "Send the offer request as a JSON object.", []],
  ])("%s", async (_case, body, message, fields) => {
    const { send, rows, sent } = setup();
    const result = await send(post(body));

    expect(result).toMatchObject({ status: 400, body: { error: message, fields } });
    expect(rows.size).toBe(0);
    expect(sent).toHaveLength(0);
  });

  it("names every bad field at once", async () => {
    const { send } = setup();
    const result = await send(
      post({
        ...leadRequestFixture(),
        address: "",
        email: "name@gmail",
        attribution: {
          last: { landing_page: "/?x", at: "2026-11-23T14:00:00Z", utm_source: "\u202e" },
        },
      }),
    );
    expect(result.body).toEqual({
      error:
        "address: Enter the property address. email: Enter a valid email address. " +
        'attribution.last.utm_source: Remove the invisible text-direction character (U+202E). attribution.last.landing_page: Send the landing page path, starting with "/", without a query string.',
      fields: ["address", "email", "attribution.last.utm_source", "attribution.last.landing_page"],
    });
  });
});

describe("requests the function does not take", () => {
  const big = JSON.stringify({ ...leadRequestFixture(), address: "a".repeat(LEAD_LIMITS.bodyMax) });

  test.each<[string, Request, number, Record<string, string>]>([
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
      "form-encoded",
      post("address=x", { "content-type": "application/x-www-form-urlencoded" }),
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
    ["broken JSON", post('{"id": "'), 400, { error: MESSAGES.brokenJson }],
    ["an empty body", post(""), 400, { error: MESSAGES.brokenJson }],
    [
      "bytes that are not UTF-8",
      new Request(FUNCTION_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new Uint8Array([0x22, 0xff, 0x22]),
      }),
      400,
      { error: MESSAGES.brokenJson },
    ],
  ])("%s", async (_case, request, status, body) => {
    const { send, rows } = setup();
    const result = await send(request);

    expect(result.status).toBe(status);
    expect(result.body).toEqual(body);
    expect(rows.size).toBe(0);
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
    const { send, rows, sent, logs } = setup();
    const result = await send(post({ ...leadRequestFixture(), ...change }));

    expect(result).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(rows.get(ID)).toMatchObject({
      spam_reason: reason,
      fill_ms: fillMs,
      notified_at: null,
      notify_attempted_at: null,
    });
    expect(sent).toHaveLength(0);
    expect(logs).toEqual([`Held as suspected spam (${reason}): ${ID}`]);
  });

  it("lets a person who took exactly the minimum time through", async () => {
    const { send, rows, sent } = setup();
    await send(post({ ...leadRequestFixture(), elapsedMs: LEAD_LIMITS.minFillMs }));
    expect(rows.get(ID)?.spam_reason).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it("never e-mails held spam on a retry run either", async () => {
    const { send, sent } = setup();
    await send(post({ ...leadRequestFixture(), website: "spam" }));
    const run = await send(retryRun());
    expect(run.body).toMatchObject({ notified: 0, failed: 0 });
    expect(sent).toHaveLength(0);
  });
});

describe("the id is an idempotency key", () => {
  it("answers the same request twice 200 with one row and one e-mail", async () => {
    const { send, rows, sent } = setup();
    const first = await send(post(leadRequestFixture()));
    // The same request spelled differently: other key order, untrimmed text.
    const { attribution, ...rest } = leadRequestFixture();
    const second = await send(post({ attribution, ...rest, address: ` ${rest.address} ` }));

    expect(first).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(second).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(rows.size).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>]>([
    ["another address", { address: "changed on retry" }],
    ["another fill time", { elapsedMs: 50_000 }],
    [
      "another campaign",
      { attribution: { last: { landing_page: "/", at: "2026-11-23T14:00:00Z" } } },
    ],
  ])("answers 409 to the same id with %s, and keeps the first", async (_case, change) => {
    const { send, rows, sent } = setup();
    await send(post(leadRequestFixture()));
    const second = await send(post({ ...leadRequestFixture(), ...change }));

    expect(second).toEqual({
      status: 409,
      headers: expect.any(Headers),
      body: { error: MESSAGES.conflict },
    });
    expect(rows.get(ID)?.address).toBe("123 Main St, Columbus, OH 43004");
    expect(sent).toHaveLength(1);
  });

  it("answers 409 when a request with the same id and other content is stored between the check and the insert", async () => {
    const { send, store } = setup();
    const other = await send(post({ ...leadRequestFixture(), id: crypto.randomUUID() }));
    expect(other.status).toBe(200);
    // The race: the lookup saw nothing, then the insert met the other request's row.
    const original = store.insert.bind(store);
    store.findFingerprint = async () => undefined;
    store.insert = async () => ({ inserted: false, fingerprint: "0".repeat(64) });
    expect((await send(post(leadRequestFixture()))).status).toBe(409);
    store.insert = original;
  });

  it("replays a row stored before fingerprints existed", async () => {
    const { send, store } = setup();
    await send(post(leadRequestFixture()));
    store.rows.get(ID)!.fingerprint = null;
    expect((await send(post({ ...leadRequestFixture(), address: "other" }))).status).toBe(200);
  });
});

describe("the abuse limit", () => {
  const limit = { max: 2, windowSeconds: 600 };
  const fresh = () => post({ ...leadRequestFixture(), id: crypto.randomUUID() });

  it("answers 429 with Retry-After past the limit, and stores nothing more", async () => {
    const { send, rows } = setup({ rateLimit: limit });
    expect((await send(fresh())).status).toBe(200);
    expect((await send(fresh())).status).toBe(200);
    const over = await send(fresh(), { remoteAddr: { hostname: "203.0.113.7" } });

    const { retryAfter } = rateWindow(Date.parse("2026-11-23T14:03:12.000Z"), 600);
    expect(retryAfter).toBe(408);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("408");
    expect(over.body).toEqual({ error: tooManyMessage(408) });
    expect(rows.size).toBe(2);
  });

  it("counts each client address apart, and starts again in the next window", async () => {
    const { send, rows, advance } = setup({ rateLimit: { max: 1, windowSeconds: 600 } });
    expect((await send(fresh())).status).toBe(200);
    expect((await send(fresh())).status).toBe(429);
    expect((await send(fresh(), { remoteAddr: { hostname: "198.51.100.1" } })).status).toBe(200);
    advance(600_000);
    expect((await send(fresh())).status).toBe(200);
    expect(rows.size).toBe(3);
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

    const trusting = setup({ rateLimit: { max: 1, windowSeconds: 600 }, trustForwardedFor: true });
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

describe("the team's e-mail goes out once, and a failed one is sent again by the retry run", () => {
  it("keeps the lead when the e-mail fails: 200, stored, not notified, released for the retry run", async () => {
    const { notifier, sent } = failingOnce();
    const { send, rows, logs } = setup({ notifier });
    const result = await send(post(leadRequestFixture()));

    expect(result).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(rows.get(ID)).toMatchObject({ notified_at: null, notify_attempted_at: null });
    expect(logs).toEqual([
      `E-mail for lead ${ID} failed, it will be retried: Resend answered 500: internal error`,
    ]);

    const run = await send(retryRun());
    expect(run).toMatchObject({ status: 200, body: { notified: 1, failed: 0 } });
    expect(rows.get(ID)?.notified_at).not.toBeNull();
    expect((await send(retryRun())).body).toMatchObject({ notified: 0 });
    expect(sent.map((lead) => lead.id)).toEqual([ID]);
  });

  it("does not let the retry run send a lead whose first e-mail is still going out", async () => {
    let release = () => {};
    const sent: string[] = [];
    const notifier: LeadNotifier = {
      notify: (lead) =>
        new Promise<void>((resolve) => {
          sent.push(lead.id);
          release = resolve;
        }),
    };
    const { store } = setup({ notifier });
    const handle = createLeadHandler({
      store,
      notifier,
      allowedOrigins: [SITE],
      rateLimit: null,
      trustForwardedFor: false,
      cronSecret: SECRET,
      defer: () => {},
      log: () => {},
    });
    await handle(post(leadRequestFixture()));
    expect(sent).toEqual([ID]);
    const run = await handle(retryRun());
    expect(await run.json()).toMatchObject({ notified: 0 });
    release();
    expect(sent).toEqual([ID]);
  });

  it("retries an attempt that never finished (a crash) once its lease has run out", async () => {
    const { send, store, sent, advance } = setup();
    await send(post(leadRequestFixture()));
    // As if the process died between claiming and sending.
    const row = store.rows.get(ID)!;
    row.notified_at = null;
    row.notify_attempted_at = new Date(Date.parse("2026-11-23T14:03:12.000Z")).toISOString();
    sent.length = 0;

    expect((await send(retryRun())).body).toMatchObject({ notified: 0 });
    advance(5 * 60_000 + 1);
    expect((await send(retryRun())).body).toMatchObject({ notified: 1 });
    expect(sent.map((lead) => lead.id)).toEqual([ID]);
  });

  it("gives up on a lead's e-mail after NOTIFY_ATTEMPTS_MAX attempts, says so once, and keeps the lead", async () => {
    const { notifier, attempts } = refusing();
    const { send, rows, logs } = setup({ notifier });
    await send(post(leadRequestFixture()));
    for (let attempt = 2; attempt <= NOTIFY_ATTEMPTS_MAX; attempt++) {
      expect((await send(retryRun())).body).toMatchObject({ notified: 0, failed: 1 });
    }

    expect((await send(retryRun())).body).toMatchObject({ notified: 0, failed: 0 });
    expect(attempts).toHaveLength(NOTIFY_ATTEMPTS_MAX);
    expect(rows.get(ID)).toMatchObject({
      notified_at: null,
      notify_attempts: NOTIFY_ATTEMPTS_MAX,
    });
    const givenUp = logs.filter((line) => line.includes("will not be tried again"));
    expect(givenUp).toEqual([
      `E-mail for lead ${ID} failed ${NOTIFY_ATTEMPTS_MAX} times and will not be tried again; the lead stays stored: Resend answered 422: Invalid reply_to "pat\\u{200b}@example.com"`,
    ]);
    expect(logs.join("\n")).not.toMatch(/\p{Cf}/u);
  });

  it.each<[string, Record<string, string>]>([
    ["no secret", {}],
    ["a wrong secret", { authorization: "Bearer guess" }],
    ["the secret without Bearer", { authorization: SECRET }],
  ])("refuses the retry run with %s", async (_case, headers) => {
    const { send } = setup();
    const result = await send(retryRun(headers));
    expect(result).toMatchObject({ status: 401, body: { error: MESSAGES.unauthorized } });
    expect(result.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("refuses every retry run when no secret is configured", async () => {
    const handle = createLeadHandler({
      store: createMemoryLeadStore(),
      notifier: { async notify() {} },
      allowedOrigins: [],
      rateLimit: null,
      trustForwardedFor: false,
      cronSecret: null,
      defer: () => {},
      log: () => {},
    });
    expect((await handle(retryRun({ authorization: "Bearer " }))).status).toBe(401);
    expect((await handle(retryRun({ authorization: "Bearer null" }))).status).toBe(401);
  });

  it("takes the retry run by POST only", async () => {
    const { send } = setup();
    const result = await send(
      new Request(RETRY_URL, { headers: { authorization: `Bearer ${SECRET}` } }),
    );
    expect(result.status).toBe(405);
  });
});

describe("when the store is down", () => {
  it("answers 503, and still logs and e-mails a real lead", async () => {
    const { send, store, sent, logs } = setup();
    store.failing = true;
    const result = await send(post(leadRequestFixture()));

    expect(result).toMatchObject({ status: 503, body: { error: MESSAGES.unavailable } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("Could not store lead");
    expect(logs[0]).toContain("123 Main St, Columbus, OH 43004");
    expect(logs[0]).toContain("connection refused");
    expect(sent.map((lead) => lead.id)).toEqual([ID]);
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

  it("does not e-mail suspected spam", async () => {
    const { send, store, sent } = setup();
    store.failing = true;
    expect((await send(post({ ...leadRequestFixture(), website: "x" }))).status).toBe(503);
    expect(sent).toHaveLength(0);
  });
});

describe("over the SQL store, in PGlite with the migrations applied", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    const migrations = path.resolve("supabase", "migrations");
    for (const name of readdirSync(migrations)
      .filter((file) => file.endsWith(".sql"))
      .sort()) {
      await db.exec(readFileSync(path.join(migrations, name), "utf8"));
    }
  }, 60_000);
  afterAll(() => db.close());

  function sqlSetup(notifier: LeadNotifier = { async notify() {} }) {
    const logs: string[] = [];
    const deferred: Promise<unknown>[] = [];
    const handle = createLeadHandler({
      store: createSqlLeadStore(
        async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
      ),
      notifier,
      allowedOrigins: [SITE],
      rateLimit: null,
      trustForwardedFor: false,
      cronSecret: SECRET,
      defer: (work) => deferred.push(work),
      log: (line) => logs.push(line),
    });
    async function send(request: Request) {
      const response = await handle(request);
      await Promise.all(deferred);
      return { status: response.status, body: (await response.json()) as unknown };
    }
    return { send, logs };
  }
  const stored = async (id: string) =>
    (await db.query<{ consent_at: Date }>("select consent_at from leads where id = $1", [id])).rows;

  it.each<[string, Record<string, unknown>, string]>([
    [
      "consent on 30 February",
      { consent: { version: "v1", at: "2026-02-30T00:00:00Z" } },
      "consent.at",
    ],
    [
      "consent at +20:00",
      { consent: { version: "v1", at: "2026-01-01T00:00:00+20:00" } },
      "consent.at",
    ],
    [
      "a touch in year 0",
      { attribution: { last: { landing_page: "/", at: "0000-01-01T00:00:00Z" } } },
      "attribution.last.at",
    ],
  ])("answers 400 naming the field, not 503, to %s", async (_case, change, field) => {
    const { send } = sqlSetup();
    const id = crypto.randomUUID();
    const result = await send(post({ ...leadRequestFixture(), id, ...change }));

    expect(result).toEqual({
      status: 400,
      body: {
        error: `${field}: Send the time as an ISO date-time, e.g. "2026-11-20T09:00:00.000Z".`,
        fields: [field],
      },
    });
    expect(await stored(id)).toEqual([]);
  });

  it.each([
    "2024-02-29T23:59:59.999Z",
    "2026-11-23T14:03Z",
    "2026-11-23T14:03:11.123456789+05:45",
    "1970-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
  ])("stores a consent time of %j as the same instant", async (at) => {
    const { send } = sqlSetup();
    const id = crypto.randomUUID();
    const result = await send(
      post({ ...leadRequestFixture(), id, consent: { version: "v1", at } }),
    );

    expect(result.status).toBe(200);
    const [row] = await stored(id);
    expect(row?.consent_at.toISOString()).toBe(new Date(Date.parse(at)).toISOString());
  });

  it("stops claiming a lead whose e-mail failed NOTIFY_ATTEMPTS_MAX times", async () => {
    const { notifier, attempts } = refusing();
    const { send, logs } = sqlSetup(notifier);
    const id = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id }));
    await db.query("update leads set notify_attempts = $1 where id = $2", [
      NOTIFY_ATTEMPTS_MAX - 1,
      id,
    ]);

    expect((await send(retryRun())).body).toMatchObject({ notified: 0, failed: 1 });
    expect((await send(retryRun())).body).toMatchObject({ notified: 0, failed: 0 });
    expect(attempts).toEqual([id, id]);
    expect(logs.filter((line) => line.includes("will not be tried again"))).toEqual([
      expect.stringContaining(`${id} failed ${NOTIFY_ATTEMPTS_MAX} times`),
    ]);
    const { rows } = await db.query("select notify_attempts from leads where id = $1", [id]);
    expect(rows).toEqual([{ notify_attempts: NOTIFY_ATTEMPTS_MAX }]);
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
