import { DEFAULT_ALLOWED_ORIGINS } from "../_shared/cors.ts";
import { createLeadHandler } from "../_shared/lead-handler.ts";
import { createLeadNotifier } from "../_shared/lead-notifier.ts";
import { createPostgresLeadStore } from "../_shared/postgres-lead-store.ts";

// Supabase Edge entry: configuration from the environment, the rest is shared.

const databaseUrl = Deno.env.get("SUPABASE_DB_URL");
if (!databaseUrl) throw new Error("SUPABASE_DB_URL is not set: leads cannot be stored.");

const log = (line: string) => console.log(line);

/** Present on Supabase's Edge runtime, absent under a plain `deno run`. */
const edgeRuntime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } })
  .EdgeRuntime;

const handle = createLeadHandler({
  store: createPostgresLeadStore(databaseUrl),
  notifier: createLeadNotifier((name) => Deno.env.get(name), log),
  allowedOrigins:
    Deno.env
      .get("ALLOWED_ORIGINS")
      ?.split(",")
      .map((origin) => origin.trim())
      .filter(Boolean) ?? DEFAULT_ALLOWED_ORIGINS,
  defer: (work) => (edgeRuntime ? edgeRuntime.waitUntil(work) : void work),
  log,
});

Deno.serve(handle);
