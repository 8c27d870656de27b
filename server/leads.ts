import { formatLeadsTable } from "./leads-table.ts";
import { readLeads } from "./read-leads.ts";

// `npm run leads [-- --json]`: the offer requests stored by the local server.

const FIELDS = [
  "id",
  "created_at",
  "address",
  "condition",
  "email",
  "phone",
  "state",
  "source",
  "notified_at",
] as const;

async function main(): Promise<void> {
  const leads = await readLeads();
  if (process.argv.includes("--json")) {
    const rows = leads.map((lead) =>
      Object.fromEntries(FIELDS.map((field) => [field, lead[field]])),
    );
    console.log(JSON.stringify(rows, null, 2));
  } else {
    console.log(formatLeadsTable(leads));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
