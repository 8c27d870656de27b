import { sendToFunction } from "@/lib/browser/offer-sender";
import { newLeadId } from "@/lib/browser/lead-id";
import type { OfferPayload } from "@/lib/browser/offer-wizard";
import type { OfferRequest } from "@/supabase/functions/_shared/contract/lead-schema.ts";
import { OUTBOX_DB, OUTBOX_KEY, type OutboxEntry } from "@/lib/browser/offer-stash";
import { browserIndexedDb, browserStorage } from "@/lib/browser/storage";

export { OUTBOX_KEY };

/**
 * Keeps every offer request the function has not accepted, to send again with the same id
 * (stored once by the function): only an answer that says the request itself is wrong ends
 * it. It is kept in the first place that works: localStorage, then IndexedDB (when
 * localStorage is full or blocked but IndexedDB is not), then this page's memory; the
 * caller is told which, so the visitor is never told "sent" about a request that exists
 * nowhere. Loaded with the sender (lib/browser/offer-sender.ts) when the form reaches its
 * last step, or when an earlier visit left requests to send; the form's own script keeps a
 * request in localStorage before either is downloaded (lib/browser/offer-stash.ts).
 */
const IDB_STORE = "requests";
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;
/** The privacy policy keeps an undelivered request in the browser at most this long. */
export const OUTBOX_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What becomes of a request the function did not accept: `keep` it for another try (no
 * answer, 5xx, 429, 404 ...), `drop` it (a 400 naming fields the visitor must fix), or
 * `renew` it (409: its id holds another request, so this one goes again under a new id).
 */
export type Fate = "keep" | "drop" | "renew";

/** The deliveries that went out while the store was down, signed by the function: sent back as is. */
export type Notified = Extract<NonNullable<OfferRequest["notified"]>, { sig: string }>;

export type SendResult =
  | { ok: true }
  | {
      ok: false;
      fate: Fate;
      error: unknown;
      /** From a 429's or 503's Retry-After. */
      retryAfterMs?: number;
      /** A 400's fields and each one's message, for the visitor. */
      fields?: string[];
      messages?: Record<string, string>;
      /** A 503 that says the team was e-mailed anyway. */
      notified?: Notified;
    };
export type Send = (payload: OfferPayload) => Promise<SendResult>;

/** Where an undelivered request is kept: in the browser's storage, or only in this page. */
export type Keeping = "storage" | "page";

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Anything else found under the key (another version, another script) is not ours to send. */
function isOutboxEntry(value: unknown): value is OutboxEntry {
  const entry = value as Partial<OutboxEntry> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.payload === "object" &&
    entry.payload !== null &&
    typeof entry.payload.id === "string" &&
    Number.isFinite(entry.attempts) &&
    Number.isFinite(entry.nextAttemptAt)
  );
}

/** One place requests are kept; read and write throw when that place cannot be used. */
export type OutboxBackend = {
  read(): Promise<OutboxEntry[]>;
  write(entries: OutboxEntry[]): Promise<void>;
};

/** localStorage (or any Storage); throws when it is blocked or full. */
export function storageBackend(storage: Storage): OutboxBackend {
  return {
    async read() {
      const parsed: unknown = JSON.parse(storage.getItem(OUTBOX_KEY) ?? "[]");
      return Array.isArray(parsed) ? parsed : [];
    },
    async write(entries) {
      if (entries.length === 0) storage.removeItem(OUTBOX_KEY);
      else storage.setItem(OUTBOX_KEY, JSON.stringify(entries));
    },
  };
}

function request<T>(op: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    op.onsuccess = () => resolve(op.result);
    op.onerror = () => reject(op.error);
  });
}

/** IndexedDB: its own quota, often open where localStorage is full. */
export function indexedDbBackend(factory: IDBFactory): OutboxBackend {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const op = factory.open(OUTBOX_DB, 1);
      op.onupgradeneeded = () => op.result.createObjectStore(IDB_STORE);
      op.onsuccess = () => resolve(op.result);
      op.onerror = () => reject(op.error);
      op.onblocked = () => reject(new Error("IndexedDB is blocked."));
    });
    opened.catch(() => (opened = null));
    return opened;
  };
  return {
    async read() {
      const db = await open();
      const value: unknown = await request(
        db.transaction(IDB_STORE).objectStore(IDB_STORE).get(OUTBOX_KEY),
      );
      return Array.isArray(value) ? value : [];
    },
    async write(entries) {
      const db = await open();
      const transaction = db.transaction(IDB_STORE, "readwrite");
      const done = new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error ?? new Error("aborted"));
      });
      const store = transaction.objectStore(IDB_STORE);
      if (entries.length === 0) store.delete(OUTBOX_KEY);
      else store.put(entries, OUTBOX_KEY);
      await done;
    },
  };
}

/** The places this browser offers, in the order they are tried. */
export function browserBackends(local: Storage | null, idb: IDBFactory | null): OutboxBackend[] {
  return [...(local ? [storageBackend(local)] : []), ...(idb ? [indexedDbBackend(idb)] : [])];
}

/** How soon a flush looks again at a request a submit is still sending. */
const SUBMITTING_RECHECK_MS = 1000;

/**
 * The requests waiting to be sent. Each write goes to the first backend that takes it and
 * removes the entries from the others; when none does, entries stay in this page's memory
 * and `keeping()` says "page".
 */
export function createOutbox(backends: readonly OutboxBackend[], now: () => number = Date.now) {
  let memory: OutboxEntry[] = [];
  let keeping: Keeping = backends.length > 0 ? "storage" : "page";
  /** The backends that may hold entries, so a write clears them from the ones it did not use. */
  const holding = new Set<OutboxBackend>();
  /** Requests a submit is sending itself right now: a flush leaves them to it. */
  const submitting = new Set<string>();

  async function read(): Promise<OutboxEntry[]> {
    const all = [...memory];
    for (const backend of backends) {
      try {
        const entries = await backend.read();
        if (entries.length > 0) holding.add(backend);
        all.push(...entries);
      } catch {
        // Blocked or unreadable: the others still count.
      }
    }
    const byId = new Map<string, OutboxEntry>();
    for (const entry of all.filter(isOutboxEntry)) {
      // Entries from before createdAt was kept count from now.
      byId.set(entry.payload.id, { ...entry, createdAt: Number(entry.createdAt) || now() });
    }
    return [...byId.values()];
  }

  async function write(entries: OutboxEntry[]): Promise<void> {
    let kept = false;
    for (const backend of backends) {
      if (kept) {
        if (!holding.has(backend)) continue;
        await backend.write([]).then(
          () => holding.delete(backend),
          () => {},
        );
        continue;
      }
      try {
        await backend.write(entries);
        kept = true;
        if (entries.length > 0) holding.add(backend);
        else holding.delete(backend);
      } catch (error) {
        console.error("Offer requests could not be kept in this storage:", error);
      }
    }
    memory = kept ? [] : entries;
    keeping = kept ? "storage" : "page";
  }

  /** Drops what has waited past its time, saying so. */
  async function current(): Promise<OutboxEntry[]> {
    const entries = await read();
    const fresh = entries.filter((entry) => now() - entry.createdAt < OUTBOX_MAX_AGE_MS);
    if (fresh.length < entries.length) {
      for (const entry of entries.filter((kept) => !fresh.includes(kept))) {
        console.error(`Offer request ${entry.payload.id} dropped: not delivered within 30 days.`);
      }
      await write(fresh);
    }
    return fresh;
  }

  return {
    entries: current,

    /** Where undelivered requests are kept after the last write. */
    keeping: () => keeping,

    /**
     * Keeps a request to send again; the same id is kept once. Its next try comes after
     * the backoff, or after `retryAfterMs` when the function asked for longer. Says where
     * it is kept.
     */
    async add(
      payload: OfferPayload,
      options: { retryAfterMs?: number; createdAt?: number } = {},
    ): Promise<Keeping> {
      const others = (await current()).filter((entry) => entry.payload.id !== payload.id);
      const wait = Math.max(retryDelayMs(1), options.retryAfterMs ?? 0);
      await write([
        ...others,
        {
          payload,
          attempts: 1,
          nextAttemptAt: now() + wait,
          createdAt: options.createdAt ?? now(),
        },
      ]);
      return keeping;
    },

    /** Forgets a request: delivered, or refused for its content. */
    async remove(id: string): Promise<void> {
      const entries = await read();
      const rest = entries.filter((entry) => entry.payload.id !== id);
      if (rest.length < entries.length) await write(rest);
    },

    /**
     * Sends what is waiting (only what is due unless `all`), drops what was delivered or
     * can never be, and returns the wait until the next try, or null when nothing is left.
     */
    async flush(send: Send, { all = false } = {}): Promise<number | null> {
      for (const entry of await current()) {
        if (submitting.has(entry.payload.id)) continue;
        if (!all && entry.nextAttemptAt > now()) continue;
        const result = await send(entry.payload);
        const rest = (await read()).filter((kept) => kept.payload.id !== entry.payload.id);
        if (result.ok) {
          await write(rest);
        } else if (result.fate === "drop") {
          console.error("Offer request dropped: the function refused its content.", result.error);
          await write(rest);
        } else if (result.fate === "renew") {
          const payload = { ...entry.payload, id: newLeadId() };
          await write([...rest, { ...entry, payload, attempts: 1, nextAttemptAt: now() }]);
        } else {
          const attempts = entry.attempts + 1;
          const wait = Math.max(retryDelayMs(attempts), result.retryAfterMs ?? 0);
          const payload = result.notified
            ? { ...entry.payload, notified: result.notified }
            : entry.payload;
          await write([...rest, { ...entry, payload, attempts, nextAttemptAt: now() + wait }]);
        }
      }
      const waiting = await current();
      if (waiting.length === 0) return null;
      // One being submitted is looked at again shortly: its submit says what became of it.
      const due = waiting.map((entry) =>
        submitting.has(entry.payload.id) ? now() + SUBMITTING_RECHECK_MS : entry.nextAttemptAt,
      );
      return Math.max(0, Math.min(...due) - now());
    },

    /**
     * A submit's own first send of a request it has just kept: meanwhile no flush sends it
     * too (the retrier starts with the first submit and flushes at once).
     */
    async whileSubmitting<T>(id: string, work: () => Promise<T>): Promise<T> {
      submitting.add(id);
      try {
        return await work();
      } finally {
        submitting.delete(id);
      }
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * What became of a submitted request, as the visitor must hear it: `delivered`; `kept`
 * in the browser's storage, to be sent on its own; kept only in this `page` (storage
 * full or blocked, and no answer): the visitor must keep the page open or call; or
 * `refused`, with the fields to fix and the function's words.
 */
export type SubmitOutcome =
  | { kind: "delivered" }
  | { kind: "kept"; keeping: Keeping }
  | { kind: "refused"; fields: string[]; messages: Record<string, string> };

/**
 * Submits one request. It is kept before it is sent, so a tab closed or a phone asleep
 * during "Sending..." loses nothing (sent twice, the same id is stored once).
 */
export async function submitOffer(
  payload: OfferPayload,
  outbox: Outbox,
  send: Send = sendToFunction,
): Promise<SubmitOutcome> {
  const result = await outbox.whileSubmitting(payload.id, async () => {
    await outbox.add(payload);
    return send(payload);
  });
  if (result.ok) {
    await outbox.remove(payload.id);
    return { kind: "delivered" };
  }
  console.error("Offer request failed:", result.error);
  if (result.fate === "drop") {
    await outbox.remove(payload.id);
    return { kind: "refused", fields: result.fields ?? [], messages: result.messages ?? {} };
  }
  if (result.fate === "renew") {
    await outbox.remove(payload.id);
    return { kind: "kept", keeping: await outbox.add({ ...payload, id: newLeadId() }) };
  }
  const kept = result.notified ? { ...payload, notified: result.notified } : payload;
  return { kind: "kept", keeping: await outbox.add(kept, { retryAfterMs: result.retryAfterMs }) };
}

export type Retrier = {
  /** Sets the backoff timer for a request just kept. */
  wake: () => void;
  stop: () => void;
};

/**
 * Sends the kept requests now (page load), when the browser comes back online, and on a
 * backoff timer between. `onDelivered` hears when nothing is left to send.
 */
export function keepRetrying(
  outbox: Outbox,
  send: Send = sendToFunction,
  onSettled: () => void = () => {},
): Retrier {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function run(all: boolean) {
    if (running) return;
    running = true;
    clearTimeout(timer);
    try {
      const wait = await outbox.flush(send, { all });
      if (wait === null) onSettled();
      else timer = setTimeout(() => void run(false), wait);
    } finally {
      running = false;
    }
  }

  const onOnline = () => void run(true);
  window.addEventListener("online", onOnline);
  void run(true);
  return {
    wake: () => void run(false),
    stop: () => {
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
    },
  };
}

export type Delivery = {
  /** Sends one request, keeping it until it is delivered; says what became of it. */
  submit(payload: OfferPayload): Promise<SubmitOutcome>;
  stop(): void;
};

/**
 * The outbox over this browser's storage, sending what earlier visits kept and retrying
 * until delivered; `onSettled` hears when nothing is left to send.
 */
export function startDelivery(onSettled: () => void): Delivery {
  const outbox = createOutbox(browserBackends(browserStorage("localStorage"), browserIndexedDb()));
  const retrier = keepRetrying(outbox, sendToFunction, onSettled);
  return {
    async submit(payload) {
      const outcome = await submitOffer(payload, outbox);
      if (outcome.kind === "kept") retrier.wake();
      return outcome;
    },
    stop: () => retrier.stop(),
  };
}
