import { ATTRIBUTION_COLUMNS } from "../contract/attribution-columns.ts";
import { DISCLOSURE_VERSION, sha256Hex, shownDisclosure } from "../contract/disclosures.ts";
import { LEAD_LIMITS } from "../contract/lead-rules.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { FUNCTION_URL, ID, post, retryRun, withTestStore } from "./handler-test-kit.ts";
import { MESSAGES } from "./messages.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();

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

// What the record says for each request: intake/consent-record.test.ts.
describe("the consent record stored with each lead", () => {
  const wording = (phoneSection: boolean, version = DISCLOSURE_VERSION) =>
    sha256Hex(shownDisclosure(version, "Quick Home Buyers", { phoneSection })!);

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
});
