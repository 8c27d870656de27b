import { existsSync } from "node:fs";

import type { LeadRow } from "../supabase/functions/_leads/lead-store.ts";
import { LEADS_PATH } from "../local-server/local-routes.ts";
import { openPgliteStore } from "../local-server/pglite-store.ts";
import { leadsDataDir, readServerInfo } from "../local-server/server-info.ts";

const ANSWER_TIMEOUT_MS = 5000;

/**
 * The stored leads, oldest first: from the running server when there is one
 * (PGlite allows one process per directory), else straight from the directory.
 */
export async function readLeads(dataDir = leadsDataDir()): Promise<LeadRow[]> {
  const server = readServerInfo(dataDir);
  if (server) {
    const url = new URL(LEADS_PATH, server.url);
    const response = await fetch(url, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) }).catch(
      (error: Error) => {
        throw new Error(
          `The local server (pid ${server.pid}) did not answer at ${url}: ${error.message}. ` +
            "Restart it, or stop it and run this again.",
        );
      },
    );
    if (!response.ok) throw new Error(`The local server answered ${response.status} at ${url}.`);
    return (await response.json()) as LeadRow[];
  }
  if (!existsSync(dataDir)) return [];
  const store = await openPgliteStore({ dataDir });
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}
