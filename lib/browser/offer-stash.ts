import type { OfferPayload } from "@/lib/browser/offer-wizard";

/**
 * The part of the outbox the form's own script carries: where requests are kept, and
 * writing one there the moment the button is pressed, before the code that sends it (the
 * outbox, lib/browser/offer-outbox.ts, and its sender, loaded when needed) is even
 * downloaded. The outbox reads the same entries.
 */
export const OUTBOX_KEY = "qhb.offer-outbox.v1";
/** The IndexedDB database the outbox falls back to when localStorage is full. */
export const OUTBOX_DB = "qhb-offer-outbox";

export type OutboxEntry = {
  payload: OfferPayload;
  attempts: number;
  nextAttemptAt: number;
  /** When the visitor sent it: kept no longer than OUTBOX_MAX_AGE_MS after. */
  createdAt: number;
};

/** Keeps the request in localStorage now; false when storage is full or blocked. */
export function stashOffer(storage: Storage | null, payload: OfferPayload, now = Date.now()) {
  if (!storage) return false;
  try {
    const kept: unknown = JSON.parse(storage.getItem(OUTBOX_KEY) ?? "[]");
    const others = Array.isArray(kept)
      ? kept.filter((entry: { payload?: { id?: unknown } }) => entry?.payload?.id !== payload.id)
      : [];
    const entry: OutboxEntry = { payload, attempts: 1, nextAttemptAt: now, createdAt: now };
    storage.setItem(OUTBOX_KEY, JSON.stringify([...others, entry]));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an earlier visit left requests to send: in localStorage, or an outbox database
 * in IndexedDB (opened without creating one). Resolves false where neither can be read.
 */
export function hasKeptRequests(storage: Storage | null, idb: IDBFactory | null): Promise<boolean> {
  try {
    if (storage?.getItem(OUTBOX_KEY)) return Promise.resolve(true);
  } catch {
    // Blocked: IndexedDB may still have some.
  }
  if (!idb) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      const open = idb.open(OUTBOX_DB);
      // Only a database that did not exist needs an upgrade: leave none behind.
      open.onupgradeneeded = () => {
        open.transaction?.abort();
        resolve(false);
      };
      open.onsuccess = () => {
        open.result.close();
        resolve(true);
      };
      open.onerror = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}
