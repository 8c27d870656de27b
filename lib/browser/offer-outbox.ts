import { newLeadId, type OfferPayload } from "@/lib/browser/offer-wizard";

/**
 * Keeps every offer request the function has not accepted in localStorage, to send again
 * with the same id (stored once by the function): only an answer that says the request
 * itself is wrong ends it. Sending is lib/browser/offer-sender.ts, loaded when there is something
 * to send; a request whose sender could not even be loaded (offline) is kept too.
 */
export const OUTBOX_KEY = "qhb.offer-outbox.v1";
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;
/** The privacy policy keeps an undelivered request in the browser at most this long. */
export const OUTBOX_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What becomes of a request the function did not accept: `keep` it for another try
 * (no answer, 5xx, 429, 404 ...), `drop` it (a 400 naming bad fields: sending it
 * again cannot help), or `renew` it (409: its id holds other content, so it is a
 * different request and goes again under a new id).
 */
export type Fate = "keep" | "drop" | "renew";

export type SendResult =
  | { ok: true }
  | {
      ok: false;
      fate: Fate;
      error: unknown;
      /** From a 429's Retry-After. */ retryAfterMs?: number;
    };
export type Send = (payload: OfferPayload) => Promise<SendResult>;

const loadSender = () => import("@/lib/browser/offer-sender");

/** Sends through lib/browser/offer-sender.ts, loading it first; a failed download keeps the request. */
export const sendLater: Send = async (payload) => {
  try {
    return await (await loadSender()).sendToFunction(payload);
  } catch (error) {
    return { ok: false, fate: "keep", error };
  }
};

/**
 * Loads the sender and the client ahead of a submit that is likely to come (the last step
 * is shown), so "Sending..." does not also wait for their download on a slow phone.
 */
export function preloadOfferClient(): void {
  // Offline now: the submit loads them again, and keeps the request if that fails too.
  loadSender()
    .then((sender) => sender.preloadFunctionsClient())
    .catch(() => {});
}

type OutboxEntry = {
  payload: OfferPayload;
  attempts: number;
  nextAttemptAt: number;
  /** When the visitor sent it: kept no longer than OUTBOX_MAX_AGE_MS after. */
  createdAt: number;
};

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

/**
 * The requests waiting to be sent, in `storage` (localStorage). Storage that is
 * full, blocked (private mode, disabled) or holds something else does not throw:
 * the outbox then keeps its requests in memory, for as long as the page is open.
 */
export function createOutbox(storage: Storage | null, now: () => number = Date.now) {
  let memory: OutboxEntry[] | null = storage ? null : [];

  function read(): OutboxEntry[] {
    if (memory) return memory;
    let text: string | null;
    try {
      text = storage?.getItem(OUTBOX_KEY) ?? null;
    } catch {
      memory = [];
      return memory;
    }
    try {
      const parsed: unknown = JSON.parse(text ?? "[]");
      if (!Array.isArray(parsed)) return [];
      // Entries from before createdAt was kept count from now.
      return parsed
        .filter(isOutboxEntry)
        .map((entry) => ({ ...entry, createdAt: Number(entry.createdAt) || now() }));
    } catch {
      return [];
    }
  }

  function write(entries: OutboxEntry[]): void {
    if (memory) {
      memory = entries;
      return;
    }
    try {
      if (entries.length === 0) storage?.removeItem(OUTBOX_KEY);
      else storage?.setItem(OUTBOX_KEY, JSON.stringify(entries));
    } catch (error) {
      console.error("Offer requests are kept in this page only (storage unavailable):", error);
      memory = entries;
    }
  }

  /** Drops what has waited past its time, saying so. */
  function current(): OutboxEntry[] {
    const entries = read();
    const fresh = entries.filter((entry) => now() - entry.createdAt < OUTBOX_MAX_AGE_MS);
    if (fresh.length < entries.length) {
      for (const entry of entries.filter((kept) => !fresh.includes(kept))) {
        console.error(`Offer request ${entry.payload.id} dropped: not delivered within 30 days.`);
      }
      write(fresh);
    }
    return fresh;
  }

  return {
    entries: current,

    /**
     * Keeps a request to send again; the same id is kept once. Its next try comes
     * after the backoff, or after `retryAfterMs` when the function asked for longer.
     */
    add(payload: OfferPayload, options: { retryAfterMs?: number; createdAt?: number } = {}): void {
      const others = current().filter((entry) => entry.payload.id !== payload.id);
      const wait = Math.max(retryDelayMs(1), options.retryAfterMs ?? 0);
      write([
        ...others,
        {
          payload,
          attempts: 1,
          nextAttemptAt: now() + wait,
          createdAt: options.createdAt ?? now(),
        },
      ]);
    },

    /** Forgets a request: delivered, or refused for its content. */
    remove(id: string): void {
      const entries = read();
      const rest = entries.filter((entry) => entry.payload.id !== id);
      if (rest.length < entries.length) write(rest);
    },

    /**
     * Sends what is waiting (only what is due unless `all`), drops what was
     * delivered or can never be, and returns the wait until the next try, or
     * null when nothing is left.
     */
    async flush(send: Send, { all = false } = {}): Promise<number | null> {
      for (const entry of current()) {
        if (!all && entry.nextAttemptAt > now()) continue;
        const result = await send(entry.payload);
        const rest = read().filter((kept) => kept.payload.id !== entry.payload.id);
        if (result.ok) {
          write(rest);
        } else if (result.fate === "drop") {
          console.error("Offer request dropped: the function refused its content.", result.error);
          write(rest);
        } else if (result.fate === "renew") {
          const payload = { ...entry.payload, id: newLeadId() };
          write([...rest, { ...entry, payload, attempts: 1, nextAttemptAt: now() }]);
        } else {
          const attempts = entry.attempts + 1;
          const wait = Math.max(retryDelayMs(attempts), result.retryAfterMs ?? 0);
          write([...rest, { ...entry, attempts, nextAttemptAt: now() + wait }]);
        }
      }
      const waiting = current();
      if (waiting.length === 0) return null;
      return Math.max(0, Math.min(...waiting.map((entry) => entry.nextAttemptAt)) - now());
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * Submits one request: `true` when the function took it; `false` after logging the
 * error (the visitor is reassured either way, and the form starts over), with the
 * request kept for a later try unless the function said its content is wrong. It is
 * kept before it is sent, so a tab closed or a phone asleep during "Sending..." loses
 * nothing (sent twice, the same id is stored once).
 */
export async function submitOffer(
  payload: OfferPayload,
  outbox: Outbox | null,
  send: Send = sendLater,
): Promise<boolean> {
  outbox?.add(payload);
  const result = await send(payload);
  if (result.ok) {
    outbox?.remove(payload.id);
    return true;
  }
  console.error("Offer request failed:", result.error);
  if (result.fate === "keep") outbox?.add(payload, { retryAfterMs: result.retryAfterMs });
  else outbox?.remove(payload.id);
  if (result.fate === "renew") outbox?.add({ ...payload, id: newLeadId() });
  return false;
}

export type Retrier = {
  /** Sets the backoff timer for a request just kept. */
  wake: () => void;
  stop: () => void;
};

/**
 * Sends the kept requests now (page load), when the browser comes back online,
 * and on a backoff timer between.
 */
export function keepRetrying(outbox: Outbox, send: Send = sendLater): Retrier {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function run(all: boolean) {
    if (running) return;
    running = true;
    clearTimeout(timer);
    try {
      const wait = await outbox.flush(send, { all });
      if (wait !== null) timer = setTimeout(() => void run(false), wait);
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
