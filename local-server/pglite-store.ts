import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import type { LeadStore } from "../supabase/functions/_leads/lead-store.ts";
import { createSqlLeadStore } from "../supabase/functions/_leads/sql-lead-store.ts";

/** The same SQL the hosted database gets; npm scripts run from the project root. */
export const MIGRATIONS_DIR = path.resolve("supabase", "migrations");

export type PgliteLeadStore = LeadStore & { close(): Promise<void> };

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
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(inMemory ? undefined : dataDir);
  try {
    await applyMigrations(db, migrationsDir);
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    ...createSqlLeadStore(
      async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    ),
    close: () => db.close(),
  };
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
