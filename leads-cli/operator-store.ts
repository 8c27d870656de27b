import { existsSync } from "node:fs";

import { leadsDataDir } from "../local-server/data-dir.ts";
import {
  OPERATOR_METHODS,
  type OperatorMethod,
  type OperatorStore,
} from "../local-server/operator-calls.ts";
import { openPgliteStore } from "../local-server/pglite-store.ts";
import {
  askHolder,
  holdStore,
  storeSocketPath,
  StoreHeldError,
} from "../local-server/store-lock.ts";

export type OpenedStore = OperatorStore & {
  /** "server": asked of the running local server; "files": the store opened by this process. */
  via: "server" | "files";
  close(): Promise<void>;
};

/**
 * The local lead store for the operator's CLI. PGlite allows one process per directory, so
 * when a server holds it every call goes to that server through the store's socket; when
 * none does, the CLI holds the store itself while it reads, and a server started meanwhile
 * waits for it.
 */
export async function openOperatorStore(dataDir = leadsDataDir()): Promise<OpenedStore> {
  let held;
  try {
    held = await holdStore(dataDir, { pid: process.pid, role: "cli" });
  } catch (error) {
    if (!(error instanceof StoreHeldError) || !error.holder) throw error;
    return { ...remoteStore(dataDir), via: "server", close: async () => {} };
  }
  if (!existsSync(dataDir)) {
    // Nothing was ever stored here; reading must not create a database.
    return {
      list: async () => [],
      checkIntegrity: async () => ({ indexes: 0, problems: [] }),
      via: "files",
      close: () => held.release(),
    };
  }
  try {
    const store = await openPgliteStore({ dataDir });
    return {
      list: () => store.list(),
      checkIntegrity: () => store.checkIntegrity(),
      via: "files",
      async close() {
        await store.close();
        await held.release();
      },
    };
  } catch (error) {
    await held.release();
    throw error;
  }
}

/** Each operator method as a call to the process that holds the store. */
function remoteStore(dataDir: string): OperatorStore {
  const socketPath = storeSocketPath(dataDir);
  const call =
    (method: OperatorMethod) =>
    (...params: unknown[]) =>
      askHolder(socketPath, { method, params });
  return Object.fromEntries(
    OPERATOR_METHODS.map((method) => [method, call(method)]),
  ) as unknown as OperatorStore;
}
