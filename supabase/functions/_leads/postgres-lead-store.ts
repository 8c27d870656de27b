import postgres from "postgres";

import type { LeadStore } from "./lead-store.ts";
import { createSqlLeadStore } from "./sql-lead-store.ts";

/** The hosted store: Supabase Postgres through postgres.js. */
export function createPostgresLeadStore(
  databaseUrl: string,
): LeadStore & { close(): Promise<void> } {
  // Supabase's pooler in transaction mode cannot keep prepared statements.
  const sql = postgres(databaseUrl, { prepare: false, max: 3, idle_timeout: 20 });
  return {
    ...createSqlLeadStore(
      async (text, params = []) =>
        (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as Record<
          string,
          unknown
        >[],
    ),
    close: () => sql.end({ timeout: 5 }),
  };
}
