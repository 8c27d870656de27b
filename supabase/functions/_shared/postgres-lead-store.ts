import postgres from "postgres";

import type { LeadStore } from "./lead-store.ts";

/** The hosted store: Supabase Postgres through postgres.js. */
export function createPostgresLeadStore(databaseUrl: string): LeadStore {
  // Supabase's pooler in transaction mode cannot keep prepared statements.
  const sql = postgres(databaseUrl, { prepare: false, max: 3, idle_timeout: 20 });
  return {
    async insert(lead) {
      const rows = await sql`
        insert into public.leads (id, address, condition, email, phone, state, source)
        values (${lead.id}, ${lead.address}, ${lead.condition}, ${lead.email},
                ${lead.phone}, ${lead.state}, ${lead.source})
        on conflict (id) do nothing
        returning id`;
      return { inserted: rows.length > 0 };
    },
    async markNotified(id) {
      await sql`update public.leads set notified_at = now() where id = ${id}`;
    },
  };
}
