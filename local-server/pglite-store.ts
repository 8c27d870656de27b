import { fsyncSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { NodeFS } from "@electric-sql/pglite/nodefs";

import type { LeadStore } from "../supabase/functions/_shared/store/lead-store.ts";
import {
  createSqlLeadRecords,
  type LeadRecords,
} from "../supabase/functions/_shared/store/lead-records.ts";
import { createSqlLeadStore } from "../supabase/functions/_shared/store/sql-lead-store.ts";
import { type Query } from "../supabase/functions/_shared/store/sql.ts";

/** The same SQL the hosted database gets; npm scripts run from the project root. */
export const MIGRATIONS_DIR = path.resolve("supabase", "migrations");

export type PgliteLeadStore = LeadStore & LeadRecords & { close(): Promise<void> };

/**
 * The local server's store: PGlite persisted in dataDir (in memory when
 * dataDir is omitted or "memory://"), with every migration applied, and the
 * same SQL as the hosted store.
 */
export async function openPgliteStore(
  options: { dataDir?: string; migrationsDir?: string } = {},
): Promise<PgliteLeadStore> {
  const { dataDir, migrationsDir = MIGRATIONS_DIR } = options;
  const inMemory = !dataDir || dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const extensions = { amcheck };
  const db = inMemory
    ? await PGlite.create({ extensions })
    : await PGlite.create({
        fs: new DurableNodeFS(dataDir),
        startParams: DURABLE_START_PARAMS,
        extensions,
      });
  try {
    await applyMigrations(db, migrationsDir);
  } catch (error) {
    await db.close();
    throw error;
  }
  const query: Query = async (text, params) =>
    (await db.query<Record<string, unknown>>(text, params)).rows;
  return {
    ...createSqlLeadStore(query),
    ...createSqlLeadRecords(query),
    close: () => db.close(),
  };
}

/**
 * What Postgres needs to keep a commit through a power cut: PGlite starts it with -F (fsync
 * off), and its Node file system (Emscripten's NODEFS) writes to the host but never syncs,
 * so a lead answered 200 sat in the kernel's page cache. Without -F, Postgres syncs the WAL
 * at every commit and the data files before a checkpoint lets old WAL go; with
 * wal_sync_method=fsync it calls fsync(), which Emscripten routes to the file system's
 * fsync (its fdatasync() is a no-op), and DurableNodeFS makes that a real fsync(2).
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "wal_sync_method=fsync",
];

type EmscriptenOptions = Parameters<NodeFS["init"]>[1];
type PostgresModule = Parameters<NonNullable<EmscriptenOptions["preRun"]>[number]>[0];
type NodeFsStreams = { stream_ops: { fsync?: (stream: { nfd: number }) => void } };

/** PGlite's Node file system, with fsync reaching the disk. */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const syncing = (mod: PostgresModule) => {
      (mod.NODEFS as unknown as NodeFsStreams).stream_ops.fsync = (stream) => fsyncSync(stream.nfd);
    };
    return {
      emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncing] },
    };
  }
}

/**
 * Applies the .sql files in name order, each once: applied names are kept in
 * applied_migrations. Returns the names applied now.
 */
export async function applyMigrations(
  db: PGlite,
  migrationsDir = MIGRATIONS_DIR,
): Promise<string[]> {
  await db.exec(`create table if not exists applied_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const done = await db.query<{ name: string }>("select name from applied_migrations");
  const applied = new Set(done.rows.map((row) => row.name));
  const pending = readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(path.join(migrationsDir, name), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into applied_migrations (name) values ($1)", [name]);
    });
  }
  return pending;
}
