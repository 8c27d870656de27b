/**
 * @jest-environment jsdom
 */
import {
  OUTBOX_KEY,
  OUTBOX_MAX_AGE_MS,
  createOutbox,
  keepRetrying,
  retryDelayMs,
  submitOffer,
  type Send,
} from "@/lib/browser/offer-outbox";
import { classifyFailure } from "@/lib/browser/offer-sender";
import { httpError, payload } from "@/lib/browser/offer-test-kit";

const ok: Send = async () => ({ ok: true });
const down: Send = async () => ({ ok: false, fate: "keep", error: new Error("503") });
const rejected: Send = async () => ({ ok: false, fate: "drop", error: new Error("400") });

let clock = 1_000_000;
const now = () => clock;

beforeEach(() => {
  localStorage.clear();
  clock = 1_000_000;
  jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe("submitOffer", () => {
  it("returns true and keeps nothing when the function takes the request", async () => {
    const outbox = createOutbox(localStorage, now);
    await expect(submitOffer(payload("a"), outbox, ok)).resolves.toBe(true);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("keeps the request while it is being sent, so closing the tab then loses nothing", async () => {
    const outbox = createOutbox(localStorage, now);
    let keptWhileSending: string[] = [];
    const watching: Send = async () => {
      keptWhileSending = createOutbox(localStorage, now)
        .entries()
        .map((entry) => entry.payload.id);
      return { ok: true };
    };
    await submitOffer(payload("a"), outbox, watching);
    expect(keptWhileSending).toEqual(["a"]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("logs the error and keeps the request when the function did not take it", async () => {
    const outbox = createOutbox(localStorage, now);
    await expect(submitOffer(payload("a"), outbox, down)).resolves.toBe(false);
    expect(console.error).toHaveBeenCalledWith("Offer request failed:", expect.any(Error));
    expect(outbox.entries().map((entry) => entry.payload.id)).toEqual(["a"]);
  });

  it("logs but does not keep a request whose fields the function refused", async () => {
    const outbox = createOutbox(localStorage, now);
    await expect(submitOffer(payload("a"), outbox, rejected)).resolves.toBe(false);
    expect(console.error).toHaveBeenCalled();
    expect(outbox.entries()).toEqual([]);
  });

  it("keeps a request refused with 409 under a new id, so it is never lost", async () => {
    const outbox = createOutbox(localStorage, now);
    const conflict: Send = async () => ({ ok: false, fate: "renew", error: httpError(409) });
    await expect(submitOffer(payload("a"), outbox, conflict)).resolves.toBe(false);
    const [kept] = outbox.entries();
    expect(kept?.payload).toEqual({
      ...payload("a"),
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(kept?.payload.id).not.toBe("a");
  });

  it("waits at least as long as a 429's Retry-After before the next try", async () => {
    const outbox = createOutbox(localStorage, now);
    const limited: Send = async () => ({
      ok: false,
      fate: "keep",
      error: httpError(429),
      retryAfterMs: 408_000,
    });
    await submitOffer(payload("a"), outbox, limited);
    expect(outbox.entries()[0]?.nextAttemptAt).toBe(clock + 408_000);
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

  it("keeps a request through answers that are not its fault, and ends it only on 2xx or named fields", async () => {
    const outbox = createOutbox(localStorage, now);
    outbox.add(payload("a"));
    for (const error of [
      httpError(404),
      httpError(405),
      httpError(413),
      httpError(415),
      httpError(502),
      httpError(400),
    ]) {
      clock += 10 * 60_000;
      const send: Send = async () => ({ ok: false, error, ...(await classifyFailure(error)) });
      await outbox.flush(send);
      expect(outbox.entries().map((entry) => entry.payload.id)).toEqual(["a"]);
    }
    clock += 10 * 60_000;
    await outbox.flush(async () => ({ ok: false, fate: "drop", error: httpError(400) }));
    expect(outbox.entries()).toEqual([]);
  });

  it("sends a request again under a new id after a 409, keeping its content and age", async () => {
    const outbox = createOutbox(localStorage, now);
    outbox.add(payload("a"));
    const createdAt = outbox.entries()[0]?.createdAt;
    clock += 2000;
    await expect(
      outbox.flush(async () => ({ ok: false, fate: "renew", error: httpError(409) })),
    ).resolves.toBe(0);
    const [renewed] = outbox.entries();
    expect(renewed?.payload.id).not.toBe("a");
    expect(renewed?.payload.address).toBe(payload("a").address);
    expect(renewed?.createdAt).toBe(createdAt);

    const sent: string[] = [];
    await outbox.flush(async (next) => {
      sent.push(next.id);
      return { ok: true };
    });
    expect(sent).toEqual([renewed?.payload.id]);
    expect(outbox.entries()).toEqual([]);
  });

  it("waits out a 429's Retry-After when it is longer than the backoff", async () => {
    const outbox = createOutbox(localStorage, now);
    outbox.add(payload("a"));
    clock += 2000;
    await expect(
      outbox.flush(async () => ({
        ok: false,
        fate: "keep",
        error: httpError(429),
        retryAfterMs: 600_000,
      })),
    ).resolves.toBe(600_000);
  });

  it("drops a request 30 days after it was made, saying so", async () => {
    const outbox = createOutbox(localStorage, now);
    outbox.add(payload("old"));
    clock += 24 * 60 * 60 * 1000;
    outbox.add(payload("new"));
    clock += OUTBOX_MAX_AGE_MS - 24 * 60 * 60 * 1000;
    const send = jest.fn(down);
    await outbox.flush(send, { all: true });
    expect(send.mock.calls.map(([sent]) => sent.id)).toEqual(["new"]);
    expect(outbox.entries().map((entry) => entry.payload.id)).toEqual(["new"]);
    expect(console.error).toHaveBeenCalledWith(
      "Offer request old dropped: not delivered within 30 days.",
    );
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

  it.each([
    ["not JSON", "{not json"],
    ["an object", '{"payload": {"id": "x"}}'],
    ["a number", "42"],
    ["null", "null"],
    ["foreign entries", '[{"id": "x"}, "text", null, {"payload": null, "attempts": 1}]'],
  ])("survives a stored value that is %s", async (_case, value) => {
    localStorage.setItem(OUTBOX_KEY, value);
    const outbox = createOutbox(localStorage, now);
    expect(outbox.entries()).toEqual([]);
    await expect(outbox.flush(jest.fn(ok), { all: true })).resolves.toBeNull();
    outbox.add(payload("a"));
    expect(outbox.entries()).toHaveLength(1);
  });

  it("reads entries kept by the previous version, which had no createdAt", () => {
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify([{ payload: payload("a"), attempts: 2, nextAttemptAt: clock }]),
    );
    expect(createOutbox(localStorage, now).entries()).toEqual([
      { payload: payload("a"), attempts: 2, nextAttemptAt: clock, createdAt: clock },
    ]);
  });

  it("keeps requests in memory when storage is full", async () => {
    const full = Object.assign(Object.create(localStorage) as Storage, {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
      removeItem: () => {},
    });
    const outbox = createOutbox(full, now);
    expect(() => outbox.add(payload("a"))).not.toThrow();
    expect(outbox.entries().map((entry) => entry.payload.id)).toEqual(["a"]);
    await expect(outbox.flush(jest.fn(ok), { all: true })).resolves.toBeNull();
  });

  it("keeps requests in memory when storage is blocked (private mode, disabled)", async () => {
    const blocked = Object.assign(Object.create(localStorage) as Storage, {
      getItem: () => {
        throw new DOMException("Access is denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("Access is denied", "SecurityError");
      },
      removeItem: () => {
        throw new DOMException("Access is denied", "SecurityError");
      },
    });
    for (const storage of [blocked, null]) {
      const outbox = createOutbox(storage, now);
      expect(outbox.entries()).toEqual([]);
      outbox.add(payload("a"));
      expect(outbox.entries()).toHaveLength(1);
      await expect(outbox.flush(jest.fn(ok), { all: true })).resolves.toBeNull();
    }
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

describe("sendLater", () => {
  it("keeps the request when the code that sends it cannot be downloaded (offline)", async () => {
    jest.resetModules();
    jest.doMock("@/lib/browser/offer-sender", () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { sendLater } = await import("@/lib/browser/offer-outbox");
    await expect(sendLater(payload("a"))).resolves.toMatchObject({ ok: false, fate: "keep" });
    jest.dontMock("@/lib/browser/offer-sender");
  });
});
