/**
 * @jest-environment jsdom
 */
import {
  OUTBOX_KEY,
  createOutbox,
  isRetryable,
  keepRetrying,
  retryDelayMs,
  sendToFunction,
  submitOffer,
  type Send,
} from "@/lib/offer-client";
import type { OfferPayload } from "@/lib/offer-wizard";

// The first download of the client fails (the phone is offline), later ones work.
let mockClientDownloads = 0;
const mockInvoke = jest.fn(async () => ({ data: { success: true }, error: null }));
jest.mock("@supabase/supabase-js", () => {
  mockClientDownloads += 1;
  if (mockClientDownloads === 1) throw new TypeError("Failed to fetch dynamically imported module");
  return { createClient: () => ({ functions: { invoke: mockInvoke } }) };
});

function payload(id: string): OfferPayload {
  return {
    id,
    address: "500 Main St, Dayton, OH",
    condition: "Fair",
    email: "lee@example.com",
    phone: "",
    source: "/",
    website: "",
    elapsedMs: 9000,
  };
}

const ok: Send = async () => ({ ok: true });
const down: Send = async () => ({ ok: false, retry: true, error: new Error("503") });
const rejected: Send = async () => ({ ok: false, retry: false, error: new Error("400") });

let clock = 1_000_000;
const now = () => clock;

beforeEach(() => {
  localStorage.clear();
  clock = 1_000_000;
  jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe("isRetryable", () => {
  it.each([
    [503, true],
    [500, true],
    [429, true],
    [400, false],
    [413, false],
  ])("an HTTP %i answer is retryable: %s", (status, expected) => {
    expect(isRetryable({ context: { status } })).toBe(expected);
  });

  it("treats a network failure as retryable", () => {
    expect(isRetryable(new TypeError("Failed to fetch"))).toBe(true);
  });
});

describe("submitOffer", () => {
  it("returns true and keeps nothing when the function takes the request", async () => {
    const outbox = createOutbox(localStorage, now);
    await expect(submitOffer(payload("a"), outbox, ok)).resolves.toBe(true);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("logs the error and keeps the request when the failure is passing", async () => {
    const outbox = createOutbox(localStorage, now);
    await expect(submitOffer(payload("a"), outbox, down)).resolves.toBe(false);
    expect(console.error).toHaveBeenCalledWith("Offer request failed:", expect.any(Error));
    expect(outbox.entries().map((entry) => entry.payload.id)).toEqual(["a"]);
  });

  it("logs but does not keep a request the function refused as invalid", async () => {
    const outbox = createOutbox(localStorage, now);
    await expect(submitOffer(payload("a"), outbox, rejected)).resolves.toBe(false);
    expect(console.error).toHaveBeenCalled();
    expect(outbox.entries()).toEqual([]);
  });
});

describe("outbox", () => {
  it("backs off from 2 seconds, doubling, up to 5 minutes", () => {
    expect([1, 2, 3, 4, 20].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 300000]);
  });

  it("keeps one entry per id", () => {
    const outbox = createOutbox(localStorage, now);
    outbox.add(payload("a"));
    outbox.add(payload("a"));
    outbox.add(payload("b"));
    expect(outbox.entries().map((entry) => entry.payload.id)).toEqual(["a", "b"]);
  });

  it("sends only due entries, backs off after a failure, and empties once delivered", async () => {
    const outbox = createOutbox(localStorage, now);
    outbox.add(payload("a"));
    const send = jest.fn(down);

    await expect(outbox.flush(send)).resolves.toBe(2000);
    expect(send).not.toHaveBeenCalled();

    clock += 2000;
    await expect(outbox.flush(send)).resolves.toBe(4000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.entries()[0]?.attempts).toBe(2);

    clock += 4000;
    await expect(outbox.flush(jest.fn(ok))).resolves.toBeNull();
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("sends everything at once when asked to, as on page load", async () => {
    const outbox = createOutbox(localStorage, now);
    outbox.add(payload("a"));
    outbox.add(payload("b"));
    const send = jest.fn(ok);
    await outbox.flush(send, { all: true });
    expect(send.mock.calls.map(([sent]) => sent.id)).toEqual(["a", "b"]);
    expect(outbox.entries()).toEqual([]);
  });

  it("survives a corrupt stored value", async () => {
    localStorage.setItem(OUTBOX_KEY, "{not json");
    const outbox = createOutbox(localStorage, now);
    expect(outbox.entries()).toEqual([]);
    outbox.add(payload("a"));
    expect(outbox.entries()).toHaveLength(1);
  });
});

describe("keepRetrying", () => {
  it("sends kept requests on start and again when the browser comes online", async () => {
    const outbox = createOutbox(localStorage);
    outbox.add(payload("a"));
    const send = jest.fn(down);
    const retrier = keepRetrying(outbox, send);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).toHaveBeenCalledTimes(1);

    send.mockImplementation(ok);
    window.dispatchEvent(new Event("online"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.entries()).toEqual([]);
    retrier.stop();
  });
});

describe("sendToFunction", () => {
  it("loads the client again after a failed download, then calls send-contact-email", async () => {
    await expect(sendToFunction(payload("a"))).resolves.toMatchObject({ ok: false, retry: true });
    await expect(sendToFunction(payload("a"))).resolves.toEqual({ ok: true });
    expect(mockInvoke).toHaveBeenCalledWith("send-contact-email", {
      body: payload("a"),
      timeout: 15_000,
    });
  });
});
