/**
 * One of the browser's storages when this page may use it, else null: reading
 * window.localStorage itself throws where storage is blocked (cookies off, some
 * private modes). Callers then keep what they need in memory, or do without.
 */
export function browserStorage(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** The browser's IndexedDB when this page may use it, else null (reading it can throw too). */
export function browserIndexedDb(): IDBFactory | null {
  try {
    return window.indexedDB ?? null;
  } catch {
    return null;
  }
}
