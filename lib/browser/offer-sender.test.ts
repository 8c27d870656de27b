/**
 * @jest-environment jsdom
 */
import {
  classifyFailure,
  requestBody,
  retryAfterMs,
  sendToFunction,
} from "@/lib/browser/offer-sender";
import { httpError, payload } from "@/lib/browser/offer-test-kit";
import { FUNCTION_NAME } from "@/supabase/functions/_leads/site-facts.ts";

// The first download of the client fails (the phone is offline), later ones work.
let mockClientDownloads = 0;
const mockInvoke = jest.fn(async (): Promise<{ data: unknown; error: unknown }> => ({
  data: { success: true },
  error: null,
}));
jest.mock("@supabase/supabase-js", () => {
  mockClientDownloads += 1;
  if (mockClientDownloads === 1) throw new TypeError("Failed to fetch dynamically imported module");
  return { createClient: () => ({ functions: { invoke: mockInvoke } }) };
});

beforeEach(() => {
  jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe("sendToFunction", () => {
  it("loads the client again after a failed download, then calls send-contact-email", async () => {
    await expect(sendToFunction(payload("a"))).resolves.toMatchObject({ ok: false, fate: "keep" });
    await expect(sendToFunction(payload("a"))).resolves.toEqual({ ok: true });
    expect(mockInvoke).toHaveBeenCalledWith(FUNCTION_NAME, {
      body: payload("a"),
      timeout: 15_000,
    });
  });

  it.each<[number, unknown, string]>([
    [400, { error: "address: Enter the property address.", fields: ["address"] }, "drop"],
    [400, { error: "not ours" }, "keep"],
    [404, {}, "keep"],
    [409, { error: "id: ..." }, "renew"],
  ])(
    "reads a %i answer's body to decide what becomes of the request",
    async (status, body, fate) => {
      mockInvoke.mockResolvedValueOnce({ data: null, error: httpError(status, body) });
      await expect(sendToFunction(payload("a"))).resolves.toMatchObject({ ok: false, fate });
    },
  );
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

describe("classifyFailure", () => {
  it.each<[string, unknown, string]>([
    ["no answer (offline, CORS, timeout)", new TypeError("Failed to fetch"), "keep"],
    ["503", httpError(503), "keep"],
    ["500", httpError(500), "keep"],
    ["404 (function not deployed)", httpError(404), "keep"],
    ["405", httpError(405), "keep"],
    ["413", httpError(413), "keep"],
    ["415", httpError(415), "keep"],
    ["429", httpError(429), "keep"],
    ["400 without fields (a proxy's answer)", httpError(400, { error: "Bad request" }), "keep"],
    ["400 that is not JSON", httpError(400, new SyntaxError("Unexpected token <")), "keep"],
    ["400 with empty fields", httpError(400, { error: "x", fields: [] }), "keep"],
    ["400 naming a bad field", httpError(400, { error: "email: ...", fields: ["email"] }), "drop"],
    ["409 (the id holds other content)", httpError(409, { error: "id: ..." }), "renew"],
  ])("%s -> %s", async (_case, error, fate) => {
    await expect(classifyFailure(error)).resolves.toMatchObject({ fate });
  });

  it("reads a 429's Retry-After", async () => {
    await expect(classifyFailure(httpError(429, {}, { "retry-after": "408" }))).resolves.toEqual({
      fate: "keep",
      retryAfterMs: 408_000,
    });
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
