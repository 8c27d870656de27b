import type { ConsentEvidence } from "../../supabase/functions/_shared/store/rows";
import type { LeadRow } from "../../supabase/functions/_shared/store/rows";
import { askHolder, storeSocketPath } from "../../local-server/store-lock";

/** Each e2e server's lead store (playwright.config.ts gives them LEADS_DATA_DIR). */
export const E2E_DATA_DIRS = {
  main: ".data/e2e/main/leads",
  drill: ".data/e2e/drill/leads",
} as const;

/**
 * The leads a running e2e server has stored, asked through its store's socket as
 * `npm run leads` asks: leads are not served over HTTP.
 */
export async function storedLeads(server: keyof typeof E2E_DATA_DIRS): Promise<LeadRow[]> {
  return (await askHolder(storeSocketPath(E2E_DATA_DIRS[server]), { method: "list" })) as LeadRow[];
}

/** A lead's consent record, as `npm run leads -- --consent ID` reads it. */
export async function storedConsent(
  server: keyof typeof E2E_DATA_DIRS,
  leadId: string,
): Promise<ConsentEvidence | null> {
  return (await askHolder(storeSocketPath(E2E_DATA_DIRS[server]), {
    method: "consent",
    params: [leadId],
  })) as ConsentEvidence | null;
}
