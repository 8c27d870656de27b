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
import { createPostgresLeadStore } from "../supabase/functions/_shared/store/postgres-lead-store.ts";

export type OpenedStore = OperatorStore & {
  /**
   * "server": asked of the running local server; "files": the local store opened by this
   * process; "database": the hosted Postgres named by --db.
   */
  via: "server" | "files" | "database";
  close(): Promise<void>;
};

/** Nothing stored yet: reads find nothing, and nothing is created by reading. */
const EMPTY_STORE: OperatorStore = {
  list: async () => [],
  checkIntegrity: async () => ({ indexes: 0, problems: [] }),
  consent: async () => null,
  optOuts: async () => [],
  statusChanges: async () => [],
  deliveries: async () => [],
  attempts: async () => [],
  redeliver: async () => 0,
  recordOptOut: () => Promise.reject(new Error("unreachable: writes open the store")),
  recordStatus: () => Promise.reject(new Error("unreachable: writes open the store")),
};

/**
 * The local lead store for the operator's CLI. PGlite allows one process per directory, so
 * when a server holds it every call goes to that server through the store's socket; when
 * none does, the CLI holds the store itself while it works, and a server started meanwhile
 * waits for it. Reading a directory where nothing was ever stored creates nothing; a write
 * (`write: true`) creates the store.
 */
export async function openOperatorStore(
  dataDir = leadsDataDir(),
  { write = false } = {},
): Promise<OpenedStore> {
  let held;
  try {
    held = await holdStore(dataDir, { pid: process.pid, role: "cli" });
  } catch (error) {
    if (!(error instanceof StoreHeldError) || !error.holder) throw error;
    return { ...remoteStore(dataDir), via: "server", close: async () => {} };
  }
  if (!write && !existsSync(dataDir)) {
    return { ...EMPTY_STORE, via: "files", close: () => held.release() };
  }
  try {
    const store = await openPgliteStore({ dataDir });
    return {
      ...operatorMethods(store),
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

/**
 * The hosted lead store (Supabase's Postgres, e.g. $SUPABASE_DB_URL) through the same
 * store code the function uses. Its migrations are applied by `supabase db push`, not here.
 */
export function openDatabaseStore(databaseUrl: string): OpenedStore {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(
      `--db takes a Postgres connection string (postgresql://user:password@host:5432/postgres); got "${databaseUrl.slice(0, 20)}…".`,
    );
  }
  const store = createPostgresLeadStore(databaseUrl);
  return { ...operatorMethods(store), via: "database", close: () => store.close() };
}

/** Only the operator's methods, bound to the store. */
function operatorMethods(store: OperatorStore): OperatorStore {
  return Object.fromEntries(
    OPERATOR_METHODS.map((method) => [method, store[method].bind(store)]),
  ) as unknown as OperatorStore;
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
