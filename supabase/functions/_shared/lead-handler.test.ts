import { createLeadHandler, MESSAGES } from "./lead-handler.ts";
import type { LeadNotifier } from "./lead-notifier.ts";
import { LEAD_LIMITS } from "./lead-rules.ts";
import type { Lead, LeadStore } from "./lead-store.ts";
import { createResendNotifier } from "./resend-notifier.ts";

const FUNCTION_URL = "https://project.supabase.co/functions/v1/send-contact-email";
const SITE = "https://quickhomebuyers.com";
const ID = "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b";

const validBody = () => ({
  id: ID,
  address: "123 Main St, Columbus, OH 43004",
  condition: "Needs Work",
  email: "pat@example.com",
  phone: "(614) 555-0100",
  state: "Ohio",
  source: "/sell-house-fast-ohio",
  website: "",
  elapsedMs: 42_000,
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(FUNCTION_URL, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** The handler over an in-memory store and a recording notifier. */
function setup(options: { storeFails?: boolean; notifier?: LeadNotifier } = {}) {
  const rows = new Map<string, Lead & { notified: boolean }>();
  const sent: Lead[] = [];
  const logs: string[] = [];
  const deferred: Promise<void>[] = [];
  const store: LeadStore = {
    async insert(lead) {
      if (options.storeFails) throw new Error("connection refused");
      if (rows.has(lead.id)) return { inserted: false };
      rows.set(lead.id, { ...lead, notified: false });
      return { inserted: true };
    },
    async markNotified(id) {
      const row = rows.get(id);
      if (row) row.notified = true;
    },
  };
  const notifier = options.notifier ?? {
    async notify(lead: Lead) {
      sent.push(lead);
    },
  };
  const handle = createLeadHandler({
    store,
    notifier,
    allowedOrigins: [SITE],
    defer: (work) => deferred.push(work),
    log: (line) => logs.push(line),
  });
  /** Sends the request and lets the after-response work finish. */
  async function send(request: Request) {
    const response = await handle(request);
    await Promise.all(deferred);
    const body: unknown = response.status === 204 ? null : await response.json();
    return { status: response.status, headers: response.headers, body };
  }
  return { send, rows, sent, logs };
}

const failingNotifier: LeadNotifier = {
  async notify() {
    throw new Error("Resend answered 500: internal error");
  },
};

describe("a valid offer request", () => {
  it("is stored trimmed, answered 200 with its id, then e-mailed and marked notified", async () => {
    const { send, rows, sent } = setup();
    const result = await send(
      post({ ...validBody(), address: "  123 Main St  ", unknownKey: "dropped" }),
    );

    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, id: ID });
    const stored = {
      id: ID,
      address: "123 Main St",
      condition: "Needs Work",
      email: "pat@example.com",
      phone: "(614) 555-0100",
      state: "Ohio",
      source: "/sell-house-fast-ohio",
    };
    expect(rows.get(ID)).toEqual({ ...stored, notified: true });
    expect(sent).toEqual([stored]);
  });

  it("stores blank or absent optional fields as null (the home page sends no state)", async () => {
    const { send, rows } = setup();
    const body: Record<string, unknown> = { ...validBody(), phone: "  " };
    delete body.state;
    delete body.source;
    const result = await send(post(body));

    expect(result.status).toBe(200);
    expect(rows.get(ID)).toMatchObject({ phone: null, state: null, source: null });
  });

  it("accepts a charset in the content type", async () => {
    const { send } = setup();
    const result = await send(
      post(validBody(), { "content-type": "application/json; charset=utf-8" }),
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
      { apiKey: "re_test", to: "team@example.com", from: "site@example.com" },
      fakeFetch,
    );
    const { send, rows } = setup({ notifier });

    const result = await send(post({ ...validBody(), address: markup, phone: "<i>555</i>" }));

    expect(result.status).toBe(200);
    expect(rows.get(ID)).toMatchObject({ address: markup, phone: "<i>555</i>", notified: true });
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
    const body: Record<string, unknown> = validBody();
    delete body[field];
    return body;
  };
  const withField = (field: string, value: unknown) => ({ ...validBody(), [field]: value });

  test.each<[string, unknown, string]>([
    ["address missing", without("address"), "address: Enter the property address."],
    ["address blank", withField("address", "   "), "address: Enter the property address."],
    ["address not text", withField("address", 42), "address: Enter the property address."],
    [
      "address too long",
      withField("address", "a".repeat(LEAD_LIMITS.addressMax + 1)),
      "address: Use at most 300 characters.",
    ],
    [
      "condition missing",
      without("condition"),
      "condition: Choose one of: Excellent, Good, Fair, Needs Work, Poor.",
    ],
    [
      "condition unknown",
      withField("condition", "Great"),
      "condition: Choose one of: Excellent, Good, Fair, Needs Work, Poor.",
    ],
    [
      "condition not text",
      withField("condition", 3),
      "condition: Choose one of: Excellent, Good, Fair, Needs Work, Poor.",
    ],
    ["email missing", without("email"), "email: Enter a valid email address."],
    ["email blank", withField("email", " "), "email: Enter a valid email address."],
    [
      "email not text",
      withField("email", ["pat@example.com"]),
      "email: Enter a valid email address.",
    ],
    [
      "email without a top-level domain",
      withField("email", "name@gmail"),
      "email: Enter a valid email address.",
    ],
    ["email with a space", withField("email", "a b@c.com"), "email: Enter a valid email address."],
    [
      "email too long",
      withField("email", `${"a".repeat(250)}@b.com`),
      "email: Use at most 254 characters.",
    ],
    ["id missing", without("id"), "id: Send a UUID that identifies this request."],
    ["id not a UUID", withField("id", "lead-1"), "id: Send a UUID that identifies this request."],
    ["id not text", withField("id", 12), "id: Send a UUID that identifies this request."],
    [
      "phone too long",
      withField("phone", "5".repeat(LEAD_LIMITS.phoneMax + 1)),
      "phone: Use at most 40 characters.",
    ],
    ["phone not text", withField("phone", 6145550100), "phone: Enter the phone number as text."],
    [
      "state unknown",
      withField("state", "Ontario"),
      'state: Choose one of the 50 US states by name, e.g. "Ohio".',
    ],
    [
      "state as a code",
      withField("state", "OH"),
      'state: Choose one of the 50 US states by name, e.g. "Ohio".',
    ],
    [
      "source not a path",
      withField("source", "https://evil.example"),
      'source: Send the page path, starting with "/".',
    ],
    [
      "fill time not a number",
      withField("elapsedMs", "5000"),
      "elapsedMs: Send the fill time as a whole number of milliseconds.",
    ],
    [
      "fill time negative",
      withField("elapsedMs", -1),
      "elapsedMs: Send the fill time as a whole number of milliseconds.",
    ],
    ["body an array", [validBody()], "Send the offer request as a JSON object."],
    ["body null", null, "Send the offer request as a JSON object."],
  ])("%s", async (_case, body, message) => {
    const { send, rows, sent } = setup();
    const result = await send(post(body));

    expect(result).toMatchObject({ status: 400, body: { error: message } });
    expect(rows.size).toBe(0);
    expect(sent).toHaveLength(0);
  });

  it("names every bad field at once", async () => {
    const { send } = setup();
    const result = await send(post({ ...validBody(), address: "", email: "name@gmail" }));
    expect(result.body).toEqual({
      error: "address: Enter the property address. email: Enter a valid email address.",
    });
  });
});

describe("requests the function does not take", () => {
  const big = JSON.stringify({ ...validBody(), address: "a".repeat(LEAD_LIMITS.bodyMax) });

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
      post(validBody(), { "content-type": "text/plain" }),
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

describe("spam without a CAPTCHA gets the answer a person gets, but is neither stored nor sent", () => {
  test.each<[string, Record<string, unknown>]>([
    ["honeypot filled in", { website: "https://cheap-pills.example" }],
    ["no fill time", { elapsedMs: undefined }],
    ["filled in too fast", { elapsedMs: LEAD_LIMITS.minFillMs - 1 }],
  ])("%s", async (_case, change) => {
    const { send, rows, sent, logs } = setup();
    const result = await send(post({ ...validBody(), ...change }));

    expect(result).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(rows.size).toBe(0);
    expect(sent).toHaveLength(0);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^Ignored as likely spam/);
  });

  it("lets a person who took exactly the minimum time through", async () => {
    const { send, rows } = setup();
    await send(post({ ...validBody(), elapsedMs: LEAD_LIMITS.minFillMs }));
    expect(rows.size).toBe(1);
  });
});

describe("failures", () => {
  it("answers a repeated id 200 both times with one row and one e-mail", async () => {
    const { send, rows, sent } = setup();
    const first = await send(post(validBody()));
    const second = await send(post({ ...validBody(), address: "changed on retry" }));

    expect(first).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(second).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(rows.size).toBe(1);
    expect(rows.get(ID)?.address).toBe("123 Main St, Columbus, OH 43004");
    expect(sent).toHaveLength(1);
  });

  it("keeps the lead when the e-mail fails: 200, row stored, not marked notified", async () => {
    const { send, rows, logs } = setup({ notifier: failingNotifier });
    const result = await send(post(validBody()));

    expect(result).toMatchObject({ status: 200, body: { success: true, id: ID } });
    expect(rows.get(ID)?.notified).toBe(false);
    expect(logs).toEqual([
      `E-mail for lead ${ID} failed, notified_at stays empty: Resend answered 500: internal error`,
    ]);
  });

  it("answers 503 when the lead cannot be stored, and still logs and e-mails it", async () => {
    const { send, sent, logs } = setup({ storeFails: true });
    const result = await send(post(validBody()));

    expect(result).toMatchObject({ status: 503, body: { error: MESSAGES.unavailable } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("Could not store lead");
    expect(logs[0]).toContain("123 Main St, Columbus, OH 43004");
    expect(logs[0]).toContain("connection refused");
    expect(sent.map((lead) => lead.id)).toEqual([ID]);
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

  it("echoes an allowed origin on the answer to the POST", async () => {
    const { send } = setup();
    const allowed = await send(post(validBody(), { origin: SITE }));
    const other = await send(
      post({ ...validBody(), id: crypto.randomUUID() }, { origin: "https://evil.example" }),
    );

    expect(allowed.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
