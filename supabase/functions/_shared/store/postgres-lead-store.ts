import postgres from "postgres";

import { createSqlLeadRecords, type LeadRecords } from "./lead-records.ts";
import type { LeadStore } from "./lead-store.ts";
import { createSqlLeadStore } from "./sql-lead-store.ts";
import { type Query } from "./sql.ts";

/**
 * The hosted store: Supabase Postgres through postgres.js. The function uses its leads;
 * `npm run leads -- --db URL` the operator's records as well.
 */
export function createPostgresLeadStore(
  databaseUrl: string,
): LeadStore & LeadRecords & { close(): Promise<void> } {
  // Supabase's pooler in transaction mode cannot keep prepared statements.
  const sql = postgres(databaseUrl, { prepare: false, max: 3, idle_timeout: 20 });
  const query: Query = async (text, params = []) =>
    (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as Record<
      string,
      unknown
    >[];
  return {
    ...createSqlLeadStore(query),
    ...createSqlLeadRecords(query),
    close: () => sql.end({ timeout: 5 }),
  };
}
