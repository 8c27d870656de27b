import type { OfferPayload } from "@/lib/offer-wizard";

/**
 * Sends an offer request to the hosted function, and keeps the ones that could
 * not be delivered (network down, 5xx, 429) in localStorage to send again with
 * the same id, which the function stores only once.
 */
export const OFFER_FUNCTION = "send-contact-email";
export const OUTBOX_KEY = "qhb.offer-outbox.v1";
const REQUEST_TIMEOUT_MS = 15_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;

export type SendResult = { ok: true } | { ok: false; retry: boolean; error: unknown };
export type Send = (payload: OfferPayload) => Promise<SendResult>;

type FunctionsClient = {
  invoke: (
    name: string,
    options: { body: OfferPayload; timeout: number },
  ) => Promise<{ data: unknown; error: unknown }>;
};

let functionsClient: Promise<FunctionsClient> | undefined;

/**
 * Loads the client ahead of a submit that is likely to come (the last step is shown),
 * so "Sending..." does not also wait for its download on a slow phone.
 */
export function preloadOfferClient(): void {
  // Offline now: the submit loads it again, and keeps the request if that fails too.
  loadFunctionsClient().catch(() => {});
}

function loadFunctionsClient(): Promise<FunctionsClient> {
  // Loaded on first submit, not with the page: the client is ~60 KB gzip.
  functionsClient ??= import("@supabase/supabase-js").then(({ createClient }) => {
    const url = process.env.NEXT_PUBLIC_SUPABASE_URL || window.location.origin;
    // supabase-js insists on a key; the local function server does not check it.
    const key = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || "local-anon-key";
    return createClient(url, key, { auth: { persistSession: false } }).functions;
  });
  // A failed download (offline) must not stick: the next try loads it afresh.
  functionsClient.catch(() => {
    functionsClient = undefined;
  });
  return functionsClient;
}

/** Whether sending the same request again later can succeed. */
export function isRetryable(error: unknown): boolean {
  // An HTTP error carries the Response as its context; anything else never got an answer.
  const status = (error as { context?: { status?: unknown } } | null)?.context?.status;
  if (typeof status !== "number") return true;
  return status >= 500 || status === 429;
}

export const sendToFunction: Send = async (payload) => {
  try {
    const functions = await loadFunctionsClient();
    const { error } = await functions.invoke(OFFER_FUNCTION, {
      body: payload,
      timeout: REQUEST_TIMEOUT_MS,
    });
    if (error) throw error;
    return { ok: true };
  } catch (error) {
    return { ok: false, retry: isRetryable(error), error };
  }
};

type OutboxEntry = { payload: OfferPayload; attempts: number; nextAttemptAt: number };

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export function createOutbox(storage: Storage, now: () => number = Date.now) {
  function read(): OutboxEntry[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(OUTBOX_KEY) ?? "[]");
      return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
    } catch {
      return [];
    }
  }

  function write(entries: OutboxEntry[]): void {
    if (entries.length === 0) storage.removeItem(OUTBOX_KEY);
    else storage.setItem(OUTBOX_KEY, JSON.stringify(entries));
  }

  return {
    entries: read,

    /** Keeps a request to send again; the same id is kept once. */
    add(payload: OfferPayload): void {
      const others = read().filter((entry) => entry.payload.id !== payload.id);
      write([...others, { payload, attempts: 1, nextAttemptAt: now() + retryDelayMs(1) }]);
    },

    /**
     * Sends what is waiting (only what is due unless `all`), drops what was
     * delivered or can never be, and returns the wait until the next try, or
     * null when nothing is left.
     */
    async flush(send: Send, { all = false } = {}): Promise<number | null> {
      for (const entry of read()) {
        if (!all && entry.nextAttemptAt > now()) continue;
        const result = await send(entry.payload);
        const rest = read().filter((kept) => kept.payload.id !== entry.payload.id);
        if (result.ok || !result.retry) {
          if (!result.ok)
            console.error("Offer request dropped after a permanent error:", result.error);
          write(rest);
        } else {
          const attempts = entry.attempts + 1;
          write([...rest, { ...entry, attempts, nextAttemptAt: now() + retryDelayMs(attempts) }]);
        }
      }
      const waiting = read();
      if (waiting.length === 0) return null;
      return Math.max(0, Math.min(...waiting.map((entry) => entry.nextAttemptAt)) - now());
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * Submits one request the way SPEC §8 reads it: `true` when the function took it;
 * `false` after logging the error, with the request kept for a later try when the
 * failure was passing.
 */
export async function submitOffer(
  payload: OfferPayload,
  outbox: Outbox | null,
  send: Send = sendToFunction,
): Promise<boolean> {
  const result = await send(payload);
  if (result.ok) return true;
  console.error("Offer request failed:", result.error);
  if (result.retry) outbox?.add(payload);
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
export function keepRetrying(outbox: Outbox, send: Send = sendToFunction): Retrier {
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
