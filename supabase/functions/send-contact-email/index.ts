import { createLeadHandler } from "../_shared/handler/lead-handler.ts";
import { readLeadConfig } from "../_shared/config/lead-config.ts";
import { createPostgresLeadStore } from "../_shared/store/postgres-lead-store.ts";

// Supabase Edge entry: configuration from the environment, the rest is shared.

const env = (name: string) => Deno.env.get(name);
const databaseUrl = env("SUPABASE_DB_URL");
if (!databaseUrl) throw new Error("SUPABASE_DB_URL is not set: leads cannot be stored.");

const log = (line: string) => console.log(line);

/** Present on Supabase's Edge runtime, absent under a plain `deno run`. */
const edgeRuntime = (globalThis as { EdgeRuntime?: { waitUntil(work: Promise<unknown>): void } })
  .EdgeRuntime;

const config = readLeadConfig(env, { onSupabase: edgeRuntime !== undefined });
if (config.teamEmailMissing.length > 0) {
  log(
    `The team's e-mail is off, ${config.teamEmailMissing.join(", ")} not set: new leads go to this log only.`,
  );
}

const { handle } = createLeadHandler({
  config,
  store: createPostgresLeadStore(databaseUrl),
  // Background work lives until the worker's wall-clock limit (150 s free, 400 s paid, from the
  // worker's start): the tries to store a lead taken while the database was down
  // (_shared/handler/outage-leads.ts) end there; the team's e-mail and webhook carry it whole.
  defer: (work) => (edgeRuntime ? edgeRuntime.waitUntil(work) : void work),
  log,
});

// Supabase picks the port itself; PORT and HOST serve a local run (scripts/hosted-stack.ts).
const port = env("PORT");
if (edgeRuntime || !port) Deno.serve(handle);
else Deno.serve({ port: Number(port), hostname: env("HOST") ?? "127.0.0.1" }, handle);
