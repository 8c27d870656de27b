import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { ATTRIBUTION_COLUMNS } from "./attribution.ts";
import { FUNCTION_PATH, PRODUCTION_URL } from "./site-facts.ts";
import type { AddressSource } from "./client-address.ts";
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
import { NOTIFY_ATTEMPTS_MAX, notifyBackoffMinutes, type Lead } from "./lead-store.ts";
import { createMemoryLeadStore, leadRequestFixture } from "./lead-test-kit.ts";
import type { MetaConfig } from "./meta-conversions.ts";
import { createResendNotifier } from "./resend-notifier.ts";
import { DISCLOSURE_VERSION, sha256Hex, shownDisclosure } from "./disclosures.ts";
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
  options: { notifier?: LeadNotifier; rateLimit?: RateLimit; addressSource?: AddressSource } = {},
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
    addressSource: options.addressSource ?? "socket",
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
      "consent from a browser clock years behind",
      withField("consent", { version: "2026-11-23", at: "2019-01-01T00:00:00.000Z" }),
      { consent_at: "2026-11-23T14:03:12.000Z" },
      "consent.at: was 2019-01-01T00:00:00.000Z, older than any request the browser keeps",
    ],
    [
      "consent from a browser clock far ahead",
      withField("consent", { version: "2026-11-23", at: "9999-12-31T23:59:59-14:00" }),
      { consent_at: "2026-11-23T14:03:12.000Z" },
      "consent.at: was 9999-12-31T23:59:59-14:00, ahead of the server's clock (2026-11-23T14:03:12.000Z)",
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
    const { send, rows } = setup();
    const result = await send(post(body));
    expect(result.status).toBe(200);
    expect(rows.size).toBe(1);
    const [row] = [...rows.values()];
    expect(row).toMatchObject(stored);
    expect((result.body as { id: string }).id).toBe(row!.id);
    if (note) expect(row!.intake_notes.join(" ")).toContain(note);
  });

  it("derives the same id for the same request sent twice without one, and stores it once", async () => {
    const { send, rows } = setup();
    const first = await send(post(without("id")));
    const second = await send(post(without("id")));
    expect(first.body).toEqual(second.body);
    expect(rows.size).toBe(1);
  });

  it("takes an internationalised e-mail domain, as typed or as the punycode Chromium sends", async () => {
    const { send, rows } = setup();
    for (const email of ["pat@xn--e1afmkfd.xn--p1ai", "pat@пример.рф", "pat@münchen.de"]) {
      const result = await send(post({ ...leadRequestFixture(), id: crypto.randomUUID(), email }));
      expect(result.status).toBe(200);
    }
    expect(rows.size).toBe(3);
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
    ["another fill time", { elapsedMs: 50_000 }],
    [
      "another campaign",
      { attribution: { last: { landing_page: "/", at: "2026-11-23T14:00:00Z" } } },
    ],
    ["another consent time", { consent: { version: "2026-11-23", at: "2026-11-23T14:03:12Z" } }],
  ])(
    "takes the same request with %s as a replay (the browser re-sends it as it kept it): 200, the first kept",
    async (_case, change) => {
      const { send, rows, sent } = setup();
      await send(post(leadRequestFixture()));
      const second = await send(post({ ...leadRequestFixture(), ...change }));
      expect(second).toMatchObject({ status: 200, body: { success: true, id: ID } });
      expect(rows.get(ID)?.fill_ms).toBe(42_000);
      expect(rows.get(ID)?.utm_campaign).toBe("ohio-probate");
      expect(sent).toHaveLength(1);
    },
  );

  it.each<[string, Record<string, unknown>]>([
    ["another address", { address: "changed on retry" }],
    ["another e-mail", { email: "someone-else@example.com" }],
    ["another condition", { condition: "Poor" }],
    ["another phone", { phone: "(614) 555-0199" }],
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

describe("the team's e-mail goes out once, and a failed one is sent again by the retry run", () => {
  it("keeps the lead when the e-mail fails: 200, stored, not notified, released for the retry run", async () => {
    const { notifier, sent } = failingOnce();
    const { send, rows, logs } = setup({ notifier });
    const result = await send(post(leadRequestFixture()));

    expect(result).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(rows.get(ID)).toMatchObject({
      notified_at: null,
      notify_attempted_at: null,
      notify_error: "Resend answered 500: internal error",
      notify_next_at: "2026-11-23T14:03:12.000Z",
    });
    expect(logs).toEqual([
      `E-mail for lead ${ID} failed, it will be retried on the next retry run: Resend answered 500: internal error`,
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
      addressSource: "socket",
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
    const { send, rows, logs, advance } = setup({ notifier });
    await send(post(leadRequestFixture()));
    for (let attempt = 2; attempt <= NOTIFY_ATTEMPTS_MAX; attempt++) {
      advance(notifyBackoffMinutes(attempt - 1) * 60_000);
      expect((await send(retryRun())).body).toMatchObject({ notified: 0, failed: 1 });
    }

    advance(24 * 60 * 60_000);
    expect((await send(retryRun())).body).toMatchObject({ notified: 0, failed: 0 });
    expect(attempts).toHaveLength(NOTIFY_ATTEMPTS_MAX);
    expect(rows.get(ID)).toMatchObject({
      notified_at: null,
      notify_attempts: NOTIFY_ATTEMPTS_MAX,
    });
    const givenUp = logs.filter((line) => line.includes("will not be tried again"));
    expect(givenUp).toEqual([
      `E-mail for lead ${ID} failed ${NOTIFY_ATTEMPTS_MAX} times and will not be tried again; the lead stays stored (npm run leads): Resend answered 422: Invalid reply_to "pat\\u{200b}@example.com"`,
    ]);
    expect(logs.join("\n")).not.toMatch(/\p{Cf}/u);
  });

  it("does not let a lead the provider refuses hold back the others", async () => {
    const refused = crypto.randomUUID();
    const firstTries = new Set<string>();
    const delivered: string[] = [];
    const notifier: LeadNotifier = {
      async notify(lead) {
        if (lead.id === refused) throw new Error("Resend answered 422: reply_to refused");
        // Every other lead's first e-mail fails once (an outage), then goes through.
        if (!firstTries.has(lead.id)) {
          firstTries.add(lead.id);
          throw new Error("Resend answered 503");
        }
        delivered.push(lead.id);
      },
    };
    const { send, advance } = setup({ notifier });
    await send(post({ ...leadRequestFixture(), id: refused }));
    // The refused one has failed before: it is due again, first in line.
    await send(retryRun());
    advance(5 * 60_000);
    const others = Array.from({ length: 60 }, () => crypto.randomUUID());
    for (const id of others) await send(post({ ...leadRequestFixture(), id }));

    const run = await send(retryRun());
    expect(run.body).toMatchObject({ notified: 60, failed: 1 });
    // Put off after each failure, it is not tried again in the same run.
    expect(delivered.sort()).toEqual([...others].sort());
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
      addressSource: "socket",
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

    expect(result).toMatchObject({
      status: 503,
      body: { error: MESSAGES.unavailable, notified: true },
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("Could not store lead");
    expect(logs[0]).toContain("123 Main St, Columbus, OH 43004");
    expect(logs[0]).toContain("connection refused");
    expect(sent.map((lead) => lead.id)).toEqual([ID]);
  });

  it("stores the same request sent again once the store is back, without a second e-mail", async () => {
    const { send, store, sent, rows } = setup();
    store.failing = true;
    const down = await send(post(leadRequestFixture()));
    expect(down.body).toMatchObject({ notified: true });
    store.failing = false;
    // The page's outbox sends it again, saying the team already has it.
    const again = await send(post({ ...leadRequestFixture(), notified: true }));
    expect(again).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(sent.map((lead) => lead.id)).toEqual([ID]);
    expect(rows.get(ID)).toMatchObject({ notify_attempts: 0, notified_at: expect.any(String) });
  });

  it("says notified: false when the e-mail failed too, so the retry e-mails it", async () => {
    const { send, store, rows, sent } = setup({ notifier: refusing().notifier });
    store.failing = true;
    expect((await send(post(leadRequestFixture()))).body).toMatchObject({ notified: false });
    store.failing = false;
    expect((await send(post(leadRequestFixture()))).status).toBe(200);
    expect(rows.get(ID)?.notified_at).toBeNull();
    expect(sent).toHaveLength(0);
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

/** A PGlite with every migration applied. */
async function migratedDatabase(): Promise<PGlite> {
  const db = await PGlite.create();
  const migrations = path.resolve("supabase", "migrations");
  for (const name of readdirSync(migrations)
    .filter((file) => file.endsWith(".sql"))
    .sort()) {
    await db.exec(readFileSync(path.join(migrations, name), "utf8"));
  }
  return db;
}

describe("over the SQL store, in PGlite with the migrations applied", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await migratedDatabase();
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
      addressSource: "socket",
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
      "consent_at",
    ],
    [
      "consent at +20:00",
      { consent: { version: "v1", at: "2026-01-01T00:00:00+20:00" } },
      "consent_at",
    ],
    [
      "consent in 1970",
      { consent: { version: "v1", at: "1970-01-01T00:00:00+14:00" } },
      "consent_at",
    ],
    [
      "consent in 9999",
      { consent: { version: "v1", at: "9999-12-31T23:59:59-14:00" } },
      "consent_at",
    ],
    [
      "a touch in year 0",
      { attribution: { last: { landing_page: "/", at: "0000-01-01T00:00:00Z" } } },
      "touched_at",
    ],
  ])(
    "stores %s, which no clock believes, with the server's time or none, and a note",
    async (_case, change, column) => {
      const { send } = sqlSetup();
      const id = crypto.randomUUID();
      const before = Date.now();
      const result = await send(post({ ...leadRequestFixture(), id, ...change }));

      expect(result).toEqual({ status: 200, body: { success: true, id } });
      const { rows } = await db.query<Record<string, unknown>>(
        `select ${column} as at, intake_notes from leads where id = $1`,
        [id],
      );
      const at = rows[0]?.at as Date | null;
      if (column === "consent_at") expect(at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      else expect(at).toBeNull();
      expect((rows[0]?.intake_notes as string[]).join(" ")).toMatch(/was .*; /);
    },
  );

  it("stores a believable consent time as the same instant, however its offset is written", async () => {
    const { send } = sqlSetup();
    const instant = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000);
    const nepal = new Date(instant.getTime() + (5 * 60 + 45) * 60_000)
      .toISOString()
      .replace(".000Z", ".000000000+05:45");
    for (const at of [instant.toISOString(), nepal]) {
      const id = crypto.randomUUID();
      expect(
        (await send(post({ ...leadRequestFixture(), id, consent: { version: "v1", at } }))).status,
      ).toBe(200);
      const [row] = await stored(id);
      expect(row?.consent_at.toISOString()).toBe(instant.toISOString());
    }
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

    // Due again at once, as if its back-off had run out.
    await db.query("update leads set notify_next_at = null where id = $1", [id]);
    expect((await send(retryRun())).body).toMatchObject({ notified: 0, failed: 1 });
    await db.query("update leads set notify_next_at = null where id = $1", [id]);
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
    const response = await createLeadHandler({
      store: harness.store,
      notifier: { async notify() {} },
      allowedOrigins: [SITE],
      rateLimit: null,
      addressSource: "socket",
      cronSecret: null,
      defer: () => {},
      log: () => {},
    })(request, { remoteAddr: { hostname: "203.0.113.7" } });
    return { status: response.status, location: response.headers.get("location") };
  }

  it("stores it as the script would, and sends the browser to the site's received page with 303", async () => {
    const harness = setup();
    const answer = await sendForm(harness, form(fields));
    expect(answer).toEqual({ status: 303, location: `${SITE}/offer-received` });
    const [row] = [...harness.rows.values()];
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
    expect(harness.rows.size).toBe(1);
  });

  it("leaves out a phone typed before the call request was switched off", async () => {
    const harness = setup();
    await sendForm(harness, form({ ...fields, call: "" }));
    expect([...harness.rows.values()][0]?.phone).toBeNull();
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
    expect(harness.rows.size).toBe(0);
  });

  it("holds a bot that filled the hidden field, sending it to the same received page", async () => {
    const harness = setup();
    expect(await sendForm(harness, form({ ...fields, website: "https://spam.example" }))).toEqual({
      status: 303,
      location: `${SITE}/offer-received`,
    });
    expect([...harness.rows.values()][0]?.spam_reason).toBe(
      'the hidden "website" field was filled in',
    );
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
    expect(harness.rows.size).toBe(0);
  });

  it("answers with the page that says to try later when the limit is reached", async () => {
    const harness = setup();
    const limited = createLeadHandler({
      store: harness.store,
      notifier: { async notify() {} },
      allowedOrigins: [SITE],
      rateLimit: { max: 1, windowSeconds: 600 },
      addressSource: "socket",
      cronSecret: null,
      defer: () => {},
      log: () => {},
    });
    const from = { remoteAddr: { hostname: "203.0.113.7" } };
    expect((await limited(form(fields), from)).status).toBe(303);
    const second = await limited(form({ ...fields, email: "other@example.com" }), from);
    expect(second.headers.get("location")).toBe(`${SITE}/offer-not-sent/busy`);
  });

  it("when the store is down: received if the team got the e-mail, otherwise the page with the phone number", async () => {
    const harness = setup();
    harness.store.failing = true;
    expect((await sendForm(harness, form(fields))).location).toBe(`${SITE}/offer-received`);
    const failing = createLeadHandler({
      store: harness.store,
      notifier: refusing().notifier,
      allowedOrigins: [SITE],
      rateLimit: null,
      addressSource: "socket",
      cronSecret: null,
      defer: () => {},
      log: () => {},
    });
    const answer = await failing(form(fields));
    expect(answer.headers.get("location")).toBe(`${SITE}/offer-not-sent/unavailable`);
  });
});

describe("a form post the function cannot read as sent is refused before anything is stored", () => {
  const LOCAL = "http://localhost:*";
  const fields =
    "address=77+High+St%2C+Columbus%2C+OH&condition=Fair&email=pat%40example.com&source=%2F&website=";
  const handler = (harness: ReturnType<typeof setup>) =>
    createLeadHandler({
      store: harness.store,
      notifier: { async notify() {} },
      allowedOrigins: [SITE, LOCAL],
      rateLimit: null,
      addressSource: "socket",
      cronSecret: null,
      defer: () => {},
      log: () => {},
    });
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
      expect(harness.rows.size).toBe(0);
    },
  );

  it("from a local page on a port up to 65535: taken, and answered with that page's site", async () => {
    const harness = setup();
    const answer = await handler(harness)(formPost(fields, "http://localhost:65535"));
    expect(answer.headers.get("location")).toBe("http://localhost:65535/offer-received");
    expect(harness.rows.size).toBe(1);
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
      expect(harness.rows.size).toBe(0);
    },
  );

  it("stores escapes that are UTF-8, and a bare % as typed", async () => {
    const harness = setup();
    const body = fields.replace("77+High+St", "77+Rue+d%C3%A9t%C3%A9+%F0%9F%8F%A0+50%+off");
    expect((await handler(harness)(formPost(body))).headers.get("location")).toBe(
      `${SITE}/offer-received`,
    );
    expect([...harness.rows.values()][0]?.address).toBe(
      "77 Rue d\u00e9t\u00e9 \u{1f3e0} 50% off, Columbus, OH",
    );
  });
});

describe("an outsider's requests", () => {
  it("stores one row and answers 200 to twenty copies of one request sent at once", async () => {
    const { send, rows, sent } = setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(post(leadRequestFixture()))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(rows.size).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it("takes __proto__ and constructor keys as plain data that changes nothing", async () => {
    const { send, rows } = setup();
    const body = `{"__proto__": {"spam_reason": null, "isAdmin": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(
      leadRequestFixture(),
    ).slice(1, -1)}, "attribution": {"__proto__": {"last": {"landing_page": "/evil"}}}}`;
    const result = await send(post(body));
    expect(result.status).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect([...rows.values()][0]?.landing_page).toBeNull();
  });

  it("answers 400, not 500, to JSON nested 7,000 deep", async () => {
    const { send, rows } = setup();
    const deep = `${"[".repeat(7000)}${"]".repeat(7000)}`;
    const result = await send(post(`{"address": ${deep}, "consent": {"at": 1}}`));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ fields: ["address", "condition", "email"] });
    expect(rows.size).toBe(0);
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
  const wording = (phoneSection: boolean) =>
    sha256Hex(shownDisclosure(DISCLOSURE_VERSION, "Quick Home Buyers", { phoneSection })!);

  it("keeps what the visitor agreed to: the wording's hash, each control, the page, the browser and the address", async () => {
    const { send, store } = setup();
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
    expect(store.consents.get(ID)).toEqual({
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
    const { send, store } = setup();
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
    expect(store.consents.get(ID)).toMatchObject({ calls: false, texts: false });
  });

  it("takes Global Privacy Control from the header or from the page, on the lead and its consent", async () => {
    const { send, store, rows } = setup();
    await send(post({ ...leadRequestFixture(), id: ID }, { "sec-gpc": "1" }));
    const other = crypto.randomUUID();
    await send(
      post({
        ...leadRequestFixture(),
        id: other,
        consent: { version: DISCLOSURE_VERSION, at: "2026-11-23T14:03:11.201Z", gpc: true },
      }),
    );
    expect(rows.get(ID)?.gpc).toBe(true);
    expect(rows.get(other)?.gpc).toBe(true);
    expect(store.consents.get(ID)?.gpc).toBe(true);
  });

  it("keeps the page's hash but notes it when this function renders the wording differently", async () => {
    const { send, store, rows } = setup();
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
    expect(store.consents.get(ID)).toMatchObject({
      disclosure_sha256: "a".repeat(64),
      disclosure_verified: false,
    });
    expect(rows.get(ID)?.intake_notes.join(" ")).toContain("check COMPANY_NAME on both");
  });
});

describe("Meta's Lead event, over the SQL store in PGlite", () => {
  const TOKEN = "EAAGtoken0123456789secret";
  const META: MetaConfig = {
    datasetId: "123456789012345",
    accessToken: TOKEN,
    apiVersion: "v26.0",
    url: "https://graph.facebook.com",
  };
  const FBCLID = "IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk";
  const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  let db: PGlite;
  /** Every line any handler here logged: the token must be in none. */
  const allLogs: string[] = [];
  beforeAll(async () => {
    db = await migratedDatabase();
  }, 60_000);
  afterAll(() => db.close());
  // Each test counts the events of its own leads only.
  beforeEach(() => db.exec("delete from public.leads"));
  afterEach(() => {
    expect(allLogs.filter((line) => line.includes(TOKEN))).toEqual([]);
  });

  type MetaPost = {
    url: string;
    body: { data: Record<string, unknown>[] } & Record<string, unknown>;
  };

  /**
   * Meta's events edge, faked as fetch: records every POST and answers with the next of
   * `statuses` (then 200); an error echoes the token, as a Graph API error may.
   */
  function fakeMeta(statuses: number[], delayMs: number) {
    const posts: MetaPost[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      posts.push({ url, body: JSON.parse(String(init.body)) as MetaPost["body"] });
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const status = statuses.shift() ?? 200;
      return status === 200
        ? Response.json({ events_received: 1, messages: [], fbtrace_id: "AbC" })
        : Response.json(
            {
              error: {
                message: `Temporary failure (token ${TOKEN})`,
                type: "OAuthException",
                code: 2,
              },
            },
            { status },
          );
    }) as typeof fetch;
    return { posts, fetchImpl };
  }

  function metaSetup(
    options: { meta?: MetaConfig | null; statuses?: number[]; delayMs?: number } = {},
  ) {
    const { posts, fetchImpl } = fakeMeta(options.statuses ?? [], options.delayMs ?? 0);
    const logs: string[] = [];
    const deferred: Promise<unknown>[] = [];
    const handle = createLeadHandler({
      store: createSqlLeadStore(
        async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
      ),
      notifier: { async notify() {} },
      allowedOrigins: [SITE],
      rateLimit: null,
      addressSource: "socket",
      cronSecret: SECRET,
      defer: (work) => deferred.push(work),
      log: (line) => {
        logs.push(line);
        allLogs.push(line);
      },
      meta: options.meta === undefined ? META : options.meta,
      fetch: fetchImpl,
    });
    /** Sends the request; unless `settle` is false, lets the after-response work finish. */
    async function send(request: Request, { settle = true } = {}) {
      const response = await handle(request, { remoteAddr: { hostname: "203.0.113.7" } });
      if (settle) await Promise.all(deferred);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }
    const events = (id: string) =>
      posts.map((post) => post.body.data[0]).filter((event) => event?.event_id === id);
    return { send, settled: () => Promise.all(deferred), posts, events, logs };
  }

  const metaColumns = async (id: string) =>
    (
      await db.query<{
        created_at: Date;
        meta_sent_at: Date | null;
        meta_attempted_at: Date | null;
        meta_attempts: number;
        meta_next_at: Date | null;
        meta_error: string | null;
      }>(
        `select created_at, meta_sent_at, meta_attempted_at, meta_attempts, meta_next_at, meta_error
         from leads where id = $1`,
        [id],
      )
    ).rows[0]!;
  const untouched = {
    meta_sent_at: null,
    meta_attempted_at: null,
    meta_attempts: 0,
    meta_next_at: null,
    meta_error: null,
  };

  it("sends a real lead once after the answer: a Lead with the lead's id, hashed e-mail and phone, fbc from the fbclid", async () => {
    const { send, posts, events } = metaSetup();
    const id = crypto.randomUUID();
    const clickedAt = hoursAgo(2);
    const pageUrl = `https://quickhomebuyers.com/sell-house-fast-ohio?fbclid=${FBCLID}`;
    const result = await send(
      post(
        {
          ...leadRequestFixture(),
          id,
          email: " Pat.Smith@Example.com",
          pageUrl,
          attribution: {
            first: { landing_page: "/blog", at: hoursAgo(30) },
            last: { landing_page: "/sell-house-fast-ohio", at: clickedAt, fbclid: FBCLID },
          },
        },
        { "user-agent": "Mozilla/5.0 (Test)" },
      ),
    );

    expect(result).toEqual({ status: 200, body: { success: true, id } });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe("https://graph.facebook.com/v26.0/123456789012345/events");
    expect(posts[0]?.body.access_token).toBe(TOKEN);
    const row = await metaColumns(id);
    expect(events(id)).toEqual([
      {
        event_name: "Lead",
        event_time: Math.floor(row.created_at.getTime() / 1000),
        event_id: id,
        action_source: "website",
        event_source_url: pageUrl,
        user_data: {
          em: [sha256("pat.smith@example.com")],
          ph: [sha256("16145550100")],
          fbc: `fb.1.${Date.parse(clickedAt)}.${FBCLID}`,
          client_ip_address: "203.0.113.7",
          client_user_agent: "Mozilla/5.0 (Test)",
        },
      },
    ]);
    expect(row).toMatchObject({ meta_attempts: 1, meta_error: null });
    expect(row.meta_sent_at).not.toBeNull();

    expect((await send(retryRun())).body).toMatchObject({ metaSent: 0, metaFailed: 0 });
    expect(posts).toHaveLength(1);
  });

  it("dates fbc by the first touch that carried the click id, and sends none without one", async () => {
    const { send, events } = metaSetup();
    const clicked = crypto.randomUUID();
    const firstAt = hoursAgo(50);
    await send(
      post({
        ...leadRequestFixture(),
        id: clicked,
        attribution: { first: { landing_page: "/", at: firstAt, fbclid: FBCLID } },
      }),
    );
    const plain = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id: plain, phone: "" }));

    expect(events(clicked)[0]?.user_data).toMatchObject({
      fbc: `fb.1.${Date.parse(firstAt)}.${FBCLID}`,
    });
    expect(events(plain)[0]?.user_data).toEqual({
      em: [sha256("pat@example.com")],
      client_ip_address: "203.0.113.7",
    });
  });

  it("sends nothing for a lead whose browser sent Global Privacy Control, then or on a retry run", async () => {
    const { send, posts } = metaSetup();
    const id = crypto.randomUUID();
    expect((await send(post({ ...leadRequestFixture(), id }, { "sec-gpc": "1" }))).status).toBe(
      200,
    );
    expect((await send(retryRun())).body).toMatchObject({ metaSent: 0, metaFailed: 0 });
    expect(posts).toEqual([]);
    expect(await metaColumns(id)).toMatchObject(untouched);
  });

  it("sends nothing for an e-mail or phone opted out of sharing (or of everything); another opt-out does not stop it", async () => {
    await db.query(
      `insert into public.contact_opt_outs (contact, channel)
       values ('sharing@example.com', 'sharing'), ('16145550199', 'all'), ('calls@example.com', 'calls')`,
    );
    const { send, events } = metaSetup();
    const byEmail = crypto.randomUUID();
    const byPhone = crypto.randomUUID();
    const callsOnly = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id: byEmail, email: "Sharing@Example.com" }));
    await send(
      post({
        ...leadRequestFixture(),
        id: byPhone,
        email: "other@example.com",
        phone: "614.555.0199",
      }),
    );
    await send(post({ ...leadRequestFixture(), id: callsOnly, email: "calls@example.com" }));
    await send(retryRun());

    expect(events(byEmail)).toEqual([]);
    expect(events(byPhone)).toEqual([]);
    expect(events(callsOnly)).toHaveLength(1);
    expect(await metaColumns(byEmail)).toMatchObject(untouched);
  });

  it("sends nothing for a lead held as suspected spam", async () => {
    const { send, posts } = metaSetup();
    const id = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id, elapsedMs: 500 }));
    await send(retryRun());
    expect(posts).toEqual([]);
    expect(await metaColumns(id)).toMatchObject(untouched);
  });

  it("sends a failed event again on the retry runs, after its back-off, and once it is taken stops", async () => {
    const { send, events, logs } = metaSetup({ statuses: [500, 500] });
    const id = crypto.randomUUID();
    expect((await send(post({ ...leadRequestFixture(), id }))).status).toBe(200);
    expect(logs).toContainEqual(
      `Meta Lead event for lead ${id} failed, it will be retried on the next retry run: ` +
        "Meta Conversions API answered 500: Temporary failure (token [access token]) (OAuthException, code 2)",
    );
    expect(await metaColumns(id)).toMatchObject({
      meta_sent_at: null,
      meta_attempted_at: null,
      meta_attempts: 1,
      meta_error: expect.stringContaining("answered 500"),
    });

    // The second attempt fails too, and is put off 5 minutes.
    expect((await send(retryRun())).body).toMatchObject({ metaSent: 0, metaFailed: 1 });
    const putOff = await metaColumns(id);
    expect(putOff.meta_next_at!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(putOff.meta_next_at!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await send(retryRun())).body).toMatchObject({ metaSent: 0, metaFailed: 0 });
    expect(events(id)).toHaveLength(2);

    // As if the back-off had run out.
    await db.query("update leads set meta_next_at = now() - interval '1 second' where id = $1", [
      id,
    ]);
    expect((await send(retryRun())).body).toMatchObject({ metaSent: 1, metaFailed: 0 });
    expect((await send(retryRun())).body).toMatchObject({ metaSent: 0, metaFailed: 0 });
    expect(events(id)).toHaveLength(3);
    expect(new Set(events(id).map((event) => JSON.stringify(event))).size).toBe(1);
    expect(await metaColumns(id)).toMatchObject({ meta_attempts: 3 });
    expect((await metaColumns(id)).meta_sent_at).not.toBeNull();
  });

  it("sends an event once when two retry runs, or the answer's send and a run, go at the same time", async () => {
    const { send, settled, events } = metaSetup({ statuses: [500], delayMs: 100 });
    const retried = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id: retried }));
    const runs = await Promise.all([send(retryRun()), send(retryRun())]);
    expect(runs.map((run) => run.body.metaSent)).toEqual(expect.arrayContaining([0, 1]));
    expect(events(retried)).toHaveLength(2);

    const racing = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id: racing }), { settle: false });
    await send(retryRun(), { settle: false });
    await settled();
    expect(events(racing)).toHaveLength(1);
  });

  it("does not send a lead older than 7 days, which Meta would refuse", async () => {
    const { send, events } = metaSetup({ statuses: [500] });
    const id = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id }));
    await db.query(
      "update leads set created_at = now() - interval '7 days 1 minute', meta_next_at = null where id = $1",
      [id],
    );
    expect((await send(retryRun())).body).toMatchObject({ metaSent: 0, metaFailed: 0 });
    expect(events(id)).toHaveLength(1);
  });

  it("sends nothing and leaves Meta's columns alone when Meta is not configured", async () => {
    const { send, posts } = metaSetup({ meta: null });
    const id = crypto.randomUUID();
    expect((await send(post({ ...leadRequestFixture(), id }))).status).toBe(200);
    expect((await send(retryRun())).body).toMatchObject({ metaSent: 0, metaFailed: 0 });
    expect(posts).toEqual([]);
    expect(await metaColumns(id)).toMatchObject(untouched);
  });

  it("never writes the access token to the log or the table, even when Meta's error quotes it", async () => {
    const { send, logs } = metaSetup({ statuses: [400] });
    const id = crypto.randomUUID();
    await send(post({ ...leadRequestFixture(), id }));
    expect(logs.join("\n")).toContain("[access token]");
    expect(logs.join("\n")).not.toContain(TOKEN);
    expect((await metaColumns(id)).meta_error).not.toContain(TOKEN);
  });
});
