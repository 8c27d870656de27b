import path from "node:path";

/** Where PGlite keeps the leads: LEADS_DATA_DIR, or .data/leads under the project. */
export function leadsDataDir(): string {
  return path.resolve(process.env.LEADS_DATA_DIR ?? path.join(".data", "leads"));
}
