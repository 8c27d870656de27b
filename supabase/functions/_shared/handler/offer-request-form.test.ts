import { readLeadConfig } from "../config/lead-config.ts";
import { formPost, FUNCTION_URL, SITE, withTestStore, type Harness } from "./handler-test-kit.ts";
import { createLeadHandler } from "./lead-handler.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();

describe("the form posted by the browser itself, when no script ran", () => {
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
    harness: Harness,
    request: Request,
  ): Promise<{ status: number; location: string | null }> {
    const response = await harness.handle(request, { remoteAddr: { hostname: "203.0.113.7" } });
    return { status: response.status, location: response.headers.get("location") };
  }

  it("stores it as the script would, and sends the browser to the site's received page with 303", async () => {
    const harness = setup();
    const answer = await sendForm(harness, formPost(fields));
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
    await sendForm(harness, formPost(fields));
    await sendForm(harness, formPost(fields));
    expect(await harness.rowCount()).toBe(1);
  });

  it("leaves out a phone typed before the call request was switched off", async () => {
    const harness = setup();
    await sendForm(harness, formPost({ ...fields, call: "" }));
    expect((await harness.rows())[0]?.phone).toBeNull();
  });

  it.each<[string, Record<string, string>, string]>([
    ["a blank address", { address: "  " }, "/offer-not-sent/address"],
    ["an e-mail without a domain", { email: "pat@gmail" }, "/offer-not-sent/email"],
    ["no condition", { condition: "" }, "/offer-not-sent/condition"],
    ["a phone too long", { phone: "5".repeat(41) }, "/offer-not-sent/phone"],
  ])("sends the browser to the page for %s, and stores nothing", async (_case, change, path) => {
    const harness = setup();
    expect(await sendForm(harness, formPost({ ...fields, ...change }))).toEqual({
      status: 303,
      location: `${SITE}${path}`,
    });
    expect(await harness.rowCount()).toBe(0);
  });

  it("holds a bot that filled the hidden field, sending it to the same received page", async () => {
    const harness = setup();
    expect(
      await sendForm(harness, formPost({ ...fields, website: "https://spam.example" })),
    ).toEqual({
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
    const request = formPost(fields, headers);
    if (!headers.origin) request.headers.delete("origin");
    expect((await sendForm(harness, request)).status).toBe(403);
    expect(await harness.rowCount()).toBe(0);
  });

  it("answers with the page that says to try later when the limit is reached", async () => {
    const harness = setup({ rateLimit: { max: 1, windowSeconds: 600 } });
    expect((await sendForm(harness, formPost(fields))).status).toBe(303);
    const second = await sendForm(harness, formPost({ ...fields, email: "other@example.com" }));
    expect(second.location).toBe(`${SITE}/offer-not-sent/busy`);
  });

  it("when the store is down and no team channel takes it (a log line does not), the page with the phone number", async () => {
    const harness = setup();
    harness.store.failing = true;
    expect((await sendForm(harness, formPost(fields))).location).toBe(
      `${SITE}/offer-not-sent/unavailable`,
    );
    // local-server/deliveries.test.ts: received once the team's e-mail took it.
  });
});

describe("a form post the function cannot read as sent is refused before anything is stored", () => {
  const LOCAL = "http://localhost:*";
  const fields =
    "address=77+High+St%2C+Columbus%2C+OH&condition=Fair&email=pat%40example.com&source=%2F&website=";
  const handler = (harness: Harness) =>
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
