import { rateWindow } from "../intake/rate-limit.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { FUNCTION_URL, post, SITE, withTestStore } from "./handler-test-kit.ts";
import { tooManyMessage } from "./messages.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();

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
      addressSource: "supabase",
    });
    // Supabase's proxy appends the address it saw: the last entry.
    const from = (ip: string) => ({ "x-forwarded-for": `10.0.0.1, ${ip}` });
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
