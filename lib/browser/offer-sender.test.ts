/**
 * @jest-environment jsdom
 */
import { FunctionsFetchError, FunctionsHttpError } from "@supabase/functions-js";

import {
  classifyAnswer,
  functionsUrl,
  requestBody,
  retryAfterMs,
  sendToFunction,
} from "@/lib/browser/offer-sender";
import { answer, payload } from "@/lib/browser/offer-test-kit";
import { FUNCTION_PATH } from "@/supabase/functions/_shared/contract/site-facts.ts";

const mockFetch = jest.fn<Promise<Response>, [string, RequestInit]>();

/** A 503's list of deliveries sent while the store was down, as the function signs it. */
const SIGNED = {
  ids: ["3a8016d6-66a1-86c2-9cc5-326cac6d9c99"],
  sig: "3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
};

beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation(() => {});
  mockFetch.mockReset();
  globalThis.fetch = mockFetch as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const headersOf = (init: RequestInit) =>
  Object.fromEntries(
    Object.entries(init.headers as Record<string, string>).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );

describe("sendToFunction", () => {
  it("invokes the function with the request as JSON and the headers Supabase's gateway reads", async () => {
    mockFetch.mockResolvedValueOnce(answer(200, { success: true, id: "a" }));
    await expect(sendToFunction(payload("a"))).resolves.toEqual({ ok: true });
    const [url, init] = mockFetch.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}${FUNCTION_PATH}`);
    expect(url.startsWith(functionsUrl())).toBe(true);
    expect(init.method).toBe("POST");
    expect(headersOf(init)).toEqual({
      "content-type": "application/json",
      authorization: "Bearer local-anon-key",
      apikey: "local-anon-key",
    });
    expect(JSON.parse(String(init.body))).toEqual(payload("a"));
  });

  it("keeps the request when no answer came (offline, blocked)", async () => {
    mockFetch.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const result = await sendToFunction(payload("a"));
    expect(result).toMatchObject({ ok: false, fate: "keep" });
    expect(!result.ok && result.error).toBeInstanceOf(FunctionsFetchError);
  });

  it("gives up waiting after 15 s and keeps the request", async () => {
    jest.useFakeTimers();
    mockFetch.mockImplementationOnce(
      (_url, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener("abort", () => reject(new DOMException("", "AbortError"))),
        ),
    );
    const sent = sendToFunction(payload("a"));
    jest.advanceTimersByTime(14_999);
    expect(mockFetch.mock.calls[0]![1].signal?.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(sent).resolves.toMatchObject({ ok: false, fate: "keep" });
  });

  it.each<[string, Response, object]>([
    [
      "400 naming a field",
      answer(400, {
        error: "email: Enter a valid email address.",
        fields: ["email"],
        messages: { email: "Enter a valid email address." },
      }),
      { fate: "drop", fields: ["email"], messages: { email: "Enter a valid email address." } },
    ],
    ["400 naming none", answer(400, { error: "not ours" }), { fate: "keep" }],
    ["404", answer(404, {}), { fate: "keep" }],
    ["409", answer(409, { error: "id: ..." }), { fate: "renew" }],
    ["413", answer(413, { error: "too large" }), { fate: "keep" }],
    ["415", answer(415, { error: "JSON" }), { fate: "keep" }],
    [
      "429",
      answer(429, { error: "busy" }, { "retry-after": "408" }),
      { fate: "keep", retryAfterMs: 408_000 },
    ],
    [
      "503 with the team e-mailed",
      answer(503, { notified: { ...SIGNED, extra: 1 } }, { "retry-after": "30" }),
      { fate: "keep", retryAfterMs: 30_000, notified: SIGNED },
    ],
    [
      "503 with an unsigned list, as no function of this version sends",
      answer(503, { notified: SIGNED.ids }, { "retry-after": "30" }),
      { fate: "keep", retryAfterMs: 30_000 },
    ],
  ])(
    "reads a %s answer through the client's error to decide what becomes of the request",
    async (_case, response, outcome) => {
      mockFetch.mockResolvedValueOnce(response);
      const result = await sendToFunction(payload("a"));
      expect(result).toEqual({ ok: false, error: expect.any(FunctionsHttpError), ...outcome });
    },
  );

  it("keeps the request when Supabase's relay could not reach the function, for as long as it asks", async () => {
    mockFetch.mockResolvedValueOnce(
      answer(502, { error: "relay" }, { "x-relay-error": "true", "retry-after": "60" }),
    );
    await expect(sendToFunction(payload("a"))).resolves.toMatchObject({
      ok: false,
      fate: "keep",
      retryAfterMs: 60_000,
    });
  });
});

describe("requestBody", () => {
  it("sends the kept visits the function accepts, and leaves out what it would refuse", () => {
    const body = requestBody({
      ...payload("a"),
      attribution: {
        first: { landing_page: "/blog?x=1", at: "2026-11-20T09:00:00.000Z" },
        last: {
          landing_page: "/",
          at: "2026-11-23T14:00:00.000Z",
          gclid: "not valid!",
          utm_term: "cash",
          extra: "x",
        },
      },
    });
    expect(body.attribution).toEqual({
      last: { landing_page: "/", at: "2026-11-23T14:00:00.000Z", utm_term: "cash" },
    });
    expect(requestBody({ ...payload("a"), attribution: { first: "junk" } })).not.toHaveProperty(
      "attribution",
    );
    // A time the database could not store (30 February) takes its touch out, not the lead.
    expect(
      requestBody({
        ...payload("a"),
        attribution: { last: { landing_page: "/", at: "2026-02-30T09:00:00.000Z" } },
      }),
    ).not.toHaveProperty("attribution");
  });
});

describe("classifyAnswer", () => {
  it.each<[string, Response, string]>([
    ["503", answer(503), "keep"],
    ["500", answer(500), "keep"],
    ["404 (function not deployed)", answer(404), "keep"],
    ["405", answer(405), "keep"],
    ["413", answer(413), "keep"],
    ["415", answer(415), "keep"],
    ["429", answer(429), "keep"],
    ["400 without fields (a proxy's answer)", answer(400, { error: "Bad request" }), "keep"],
    ["400 that is not JSON", answer(400, new SyntaxError("Unexpected token <")), "keep"],
    ["400 with empty fields", answer(400, { error: "x", fields: [] }), "keep"],
    ["400 naming a bad field", answer(400, { error: "email: ...", fields: ["email"] }), "drop"],
    ["409 (the id holds other content)", answer(409, { error: "id: ..." }), "renew"],
  ])("%s -> %s", async (_case, response, fate) => {
    await expect(classifyAnswer(response)).resolves.toMatchObject({ fate });
  });

  it("reads a 429's Retry-After", async () => {
    await expect(classifyAnswer(answer(429, {}, { "retry-after": "408" }))).resolves.toEqual({
      fate: "keep",
      retryAfterMs: 408_000,
    });
  });

  it("gives each field's own message back for the form to show", async () => {
    const refused = answer(400, {
      error: "email: Enter a valid email address.",
      fields: ["email"],
      messages: { email: "Enter a valid email address." },
    });
    await expect(classifyAnswer(refused)).resolves.toEqual({
      fate: "drop",
      fields: ["email"],
      messages: { email: "Enter a valid email address." },
    });
  });

  it("hears a 503 that says, signed, which of the team's channels took the request anyway", async () => {
    await expect(classifyAnswer(answer(503, { notified: SIGNED }))).resolves.toMatchObject({
      fate: "keep",
      notified: SIGNED,
    });
    await expect(
      classifyAnswer(answer(503, { notified: { ids: SIGNED.ids } })),
    ).resolves.not.toHaveProperty("notified");
    await expect(classifyAnswer(answer(503, { notified: false }))).resolves.not.toHaveProperty(
      "notified",
    );
  });
});

describe("retryAfterMs", () => {
  it("reads seconds or an HTTP date", () => {
    const at = Date.parse("2026-11-23T14:00:00.000Z");
    expect(retryAfterMs("120", at)).toBe(120_000);
    expect(retryAfterMs("Mon, 23 Nov 2026 14:05:00 GMT", at)).toBe(300_000);
    expect(retryAfterMs(null, at)).toBeUndefined();
    expect(retryAfterMs("soon", at)).toBeUndefined();
  });
});
