import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

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

/**
 * The local store was looked for where there is none: says which folder that was, and how
 * to point the CLI at the right one, rather than "No leads yet." as if it were the store.
 */
export class NoStoreError extends Error {
  constructor(dataDir: string, what: string) {
    const chosen = process.env.LEADS_DATA_DIR
      ? `LEADS_DATA_DIR=${process.env.LEADS_DATA_DIR}`
      : `.data/leads in the folder it runs in (${process.cwd()}), since LEADS_DATA_DIR is not set`;
    super(
      [
        `No lead store in ${dataDir}: ${what}.`,
        ...(path.resolve(dataDir) === leadsDataDir()
          ? [`npm run leads looked there as ${chosen}.`]
          : []),
        "Point it at the store the local server uses with LEADS_DATA_DIR=/path/to/leads npm run leads,",
        'or at the hosted one with npm run leads -- --db "$SUPABASE_DB_URL".',
      ].join("\n"),
    );
    this.name = "NoStoreError";
  }
}

/**
 * Why `dataDir` holds no store, and whether a write may create one there (not among other
 * files); null when it holds one, PGlite's PG_VERSION being the first file it writes.
 */
function missingStore(dataDir: string): { why: string; creatable: boolean } | null {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return null;
  if (!existsSync(dataDir)) return { why: "the folder does not exist", creatable: true };
  if (readdirSync(dataDir).length === 0) return { why: "the folder is empty", creatable: true };
  return { why: "the folder holds other files, and no store", creatable: false };
}

/**
 * The local lead store for the operator's CLI. PGlite allows one process per directory, so
 * when a server holds it every call goes to that server through the store's socket; when
 * none does, the CLI holds the store itself while it works, and a server started meanwhile
 * waits for it. Reading a folder with no store in it is refused with a NoStoreError, and
 * creates no store; a write (`write: true`) creates the store, in a new or empty folder only.
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
  const missing = missingStore(dataDir);
  if (missing && !(write && missing.creatable)) {
    await held.release();
    throw new NoStoreError(dataDir, missing.why);
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
