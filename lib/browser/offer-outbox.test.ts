/**
 * @jest-environment jsdom
 */
import { IDBFactory } from "fake-indexeddb";

import {
  OUTBOX_KEY,
  OUTBOX_MAX_AGE_MS,
  browserBackends,
  createOutbox,
  indexedDbBackend,
  keepRetrying,
  retryDelayMs,
  storageBackend,
  submitOffer,
  type OutboxBackend,
  type Send,
} from "@/lib/browser/offer-outbox";
import { classifyAnswer } from "@/lib/browser/offer-sender";
import { answer, payload } from "@/lib/browser/offer-test-kit";

// jsdom has no structuredClone, which IndexedDB (fake-indexeddb here) uses to store values.
globalThis.structuredClone ??= <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const ok: Send = async () => ({ ok: true });
const down: Send = async () => ({ ok: false, fate: "keep", error: new Error("503") });

let clock = 1_000_000;
const now = () => clock;

/** localStorage as a browser with storage full (quota) or blocked (cookies off) has it. */
function failingStorage(name: "QuotaExceededError" | "SecurityError"): Storage {
  const fail = () => {
    throw new DOMException("refused", name);
  };
  return Object.assign(Object.create(localStorage) as Storage, {
    getItem: name === "SecurityError" ? fail : () => null,
    setItem: fail,
    removeItem: name === "SecurityError" ? fail : () => {},
  });
}

const local = () => createOutbox([storageBackend(localStorage)], now);
const ids = async (outbox: ReturnType<typeof local>) =>
  (await outbox.entries()).map((entry) => entry.payload.id);

beforeEach(() => {
  localStorage.clear();
  clock = 1_000_000;
  jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe("submitOffer", () => {
  it("says delivered and keeps nothing when the function takes the request", async () => {
    const outbox = local();
    await expect(submitOffer(payload("a"), outbox, ok)).resolves.toEqual({ kind: "delivered" });
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("keeps the request while it is being sent, so closing the tab then loses nothing", async () => {
    const outbox = local();
    let seenWhileSending: string[] = [];
    await submitOffer(payload("a"), outbox, async () => {
      seenWhileSending = await ids(createOutbox([storageBackend(localStorage)], now));
      return { ok: true };
    });
    expect(seenWhileSending).toEqual(["a"]);
  });

  it("says kept in storage when the function did not answer, and keeps it", async () => {
    const outbox = local();
    await expect(submitOffer(payload("a"), outbox, down)).resolves.toEqual({
      kind: "kept",
      keeping: "storage",
    });
    expect(await ids(outbox)).toEqual(["a"]);
  });

  it("gives the fields and messages back when the function refused what the visitor typed", async () => {
    const outbox = local();
    const refused: Send = async () => ({
      ok: false,
      fate: "drop",
      error: new Error("400"),
      fields: ["email"],
      messages: { email: "Enter a valid email address." },
    });
    await expect(submitOffer(payload("a"), outbox, refused)).resolves.toEqual({
      kind: "refused",
      fields: ["email"],
      messages: { email: "Enter a valid email address." },
    });
    expect(await ids(outbox)).toEqual([]);
  });

  it("keeps a request refused with 409 under a new id, so it is never lost", async () => {
    const outbox = local();
    const conflict: Send = async () => ({ ok: false, fate: "renew", error: new Error("409") });
    await expect(submitOffer(payload("a"), outbox, conflict)).resolves.toMatchObject({
      kind: "kept",
    });
    const [entry] = await outbox.entries();
    expect(entry?.payload.id).not.toBe("a");
    expect(entry?.payload.address).toBe(payload("a").address);
  });

  it("waits at least as long as a 429's Retry-After before the next try", async () => {
    const outbox = local();
    const limited: Send = async () => ({
      ok: false,
      fate: "keep",
      error: new Error("429"),
      retryAfterMs: 408_000,
    });
    await submitOffer(payload("a"), outbox, limited);
    expect((await outbox.entries())[0]?.nextAttemptAt).toBe(clock + 408_000);
  });

  it("marks a request the team was e-mailed about while the store was down, so it is not e-mailed again", async () => {
    const outbox = local();
    const signed = {
      ids: ["3a8016d6-66a1-86c2-9cc5-326cac6d9c99"],
      sig: "bWFkZS11cC1mb3ItdGhlLXRlc3QtMzItYnl0ZXMtbG9uZw",
    };
    const notified: Send = async () => ({
      ok: false,
      fate: "keep",
      error: new Error("503"),
      notified: signed,
    });
    await submitOffer(payload("a"), outbox, notified);
    // Sent back as the function signed it: the function alone can check it.
    expect((await outbox.entries())[0]?.payload.notified).toEqual(signed);
  });
});

describe("where a request is kept", () => {
  it("falls back to IndexedDB when localStorage is full, and reads it back on the next page", async () => {
    const idb = new IDBFactory();
    const full = failingStorage("QuotaExceededError");
    const outbox = createOutbox(browserBackends(full, idb), now);
    await expect(submitOffer(payload("a"), outbox, down)).resolves.toEqual({
      kind: "kept",
      keeping: "storage",
    });
    // A new page view: a new outbox over the same places.
    const next = createOutbox(browserBackends(full, idb), now);
    expect(await ids(next)).toEqual(["a"]);
    await expect(next.flush(ok, { all: true })).resolves.toBeNull();
    expect(await ids(createOutbox([indexedDbBackend(idb)], now))).toEqual([]);
  });

  it("says kept in this page only when no storage takes it, so the visitor is told", async () => {
    const refusing: OutboxBackend = {
      read: async () => {
        throw new DOMException("refused", "SecurityError");
      },
      write: async () => {
        throw new DOMException("refused", "SecurityError");
      },
    };
    for (const backends of [[refusing], [storageBackend(failingStorage("SecurityError"))], []]) {
      const outbox = createOutbox(backends, now);
      await expect(submitOffer(payload("a"), outbox, down)).resolves.toEqual({
        kind: "kept",
        keeping: "page",
      });
      expect(await ids(outbox)).toEqual(["a"]);
      await expect(outbox.flush(ok, { all: true })).resolves.toBeNull();
    }
  });

  it("moves requests back to localStorage once it has room, and clears IndexedDB", async () => {
    const idb = new IDBFactory();
    await createOutbox([indexedDbBackend(idb)], now).add(payload("a"));
    const outbox = createOutbox(browserBackends(localStorage, idb), now);
    await outbox.add(payload("b"));
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]")).toHaveLength(2);
    expect(await ids(createOutbox([indexedDbBackend(idb)], now))).toEqual([]);
  });
});

describe("outbox", () => {
  it("backs off from 2 seconds, doubling, up to 5 minutes", () => {
    expect([1, 2, 3, 4, 20].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 300000]);
  });

  it("keeps one entry per id", async () => {
    const outbox = local();
    await outbox.add(payload("a"));
    await outbox.add(payload("a"));
    await outbox.add(payload("b"));
    expect(await ids(outbox)).toEqual(["a", "b"]);
  });

  it("sends only due entries, backs off after a failure, and empties once delivered", async () => {
    const outbox = local();
    await outbox.add(payload("a"));
    const send = jest.fn(down);

    await expect(outbox.flush(send)).resolves.toBe(2000);
    expect(send).not.toHaveBeenCalled();

    clock += 2000;
    await expect(outbox.flush(send)).resolves.toBe(4000);
    expect(send).toHaveBeenCalledTimes(1);
    expect((await outbox.entries())[0]?.attempts).toBe(2);

    clock += 4000;
    await expect(outbox.flush(jest.fn(ok))).resolves.toBeNull();
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("keeps a request through answers that are not its fault, and ends it only on 2xx or named fields", async () => {
    const outbox = local();
    await outbox.add(payload("a"));
    for (const response of [answer(404), answer(405), answer(413), answer(415), answer(502)]) {
      const failure: Send = async () => ({
        ok: false,
        error: new Error(String(response.status)),
        ...(await classifyAnswer(response)),
      });
      await outbox.flush(failure, { all: true });
      expect(await ids(outbox)).toEqual(["a"]);
    }
    const refused: Send = async () => ({
      ok: false,
      error: new Error("400"),
      ...(await classifyAnswer(answer(400, { error: "email: x", fields: ["email"] }))),
    });
    await outbox.flush(refused, { all: true });
    expect(await ids(outbox)).toEqual([]);
  });

  it("sends a request again under a new id after a 409, keeping its content and age", async () => {
    const outbox = local();
    await outbox.add(payload("a"));
    const createdAt = (await outbox.entries())[0]?.createdAt;
    clock += 5000;
    await outbox.flush(async () => ({ ok: false, fate: "renew", error: new Error("409") }), {
      all: true,
    });
    const [entry] = await outbox.entries();
    expect(entry?.payload.id).not.toBe("a");
    expect(entry?.createdAt).toBe(createdAt);
  });

  it("drops a request 30 days after it was made, saying so", async () => {
    const outbox = local();
    await outbox.add(payload("a"));
    clock += OUTBOX_MAX_AGE_MS;
    expect(await ids(outbox)).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(
      "Offer request a dropped: not delivered within 30 days.",
    );
  });

  it("reads entries kept by the previous version, which had no createdAt", async () => {
    localStorage.setItem(
      OUTBOX_KEY,
      JSON.stringify([{ payload: payload("a"), attempts: 2, nextAttemptAt: clock }]),
    );
    expect(await local().entries()).toEqual([
      { payload: payload("a"), attempts: 2, nextAttemptAt: clock, createdAt: clock },
    ]);
  });

  it("ignores what another script left under its key", async () => {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ nope: 1 }, "x"]));
    expect(await ids(local())).toEqual([]);
    localStorage.setItem(OUTBOX_KEY, "not json");
    expect(await ids(local())).toEqual([]);
  });
});

describe("keepRetrying", () => {
  it("sends kept requests on start and again when the browser comes online, then says so", async () => {
    const outbox = local();
    await outbox.add(payload("a"));
    const send = jest.fn(down);
    const settled = jest.fn();
    const retrier = keepRetrying(outbox, send, settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();

    send.mockImplementation(ok);
    window.dispatchEvent(new Event("online"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).toHaveBeenCalledTimes(2);
    expect(await ids(outbox)).toEqual([]);
    expect(settled).toHaveBeenCalled();
    retrier.stop();
  });

  it("leaves a request to the submit that is sending it, so it is not sent twice at once", async () => {
    // The first submit loads the sender, whose retrier flushes at once: the same moment.
    const outbox = local();
    let answerSubmit: (result: Awaited<ReturnType<Send>>) => void = () => {};
    const send = jest.fn<ReturnType<Send>, Parameters<Send>>(
      () => new Promise((resolve) => (answerSubmit = resolve)),
    );
    const submitted = submitOffer(payload("a"), outbox, send);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const settled = jest.fn();
    const retrier = keepRetrying(outbox, send, settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();

    answerSubmit({ ok: false, fate: "keep", error: new Error("network") });
    await expect(submitted).resolves.toEqual({ kind: "kept", keeping: "storage" });
    expect(await ids(outbox)).toEqual(["a"]);
    retrier.stop();
  });
});
