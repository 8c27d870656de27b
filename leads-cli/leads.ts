import { leadsToCsv, leadsToJson } from "./leads-export.ts";
import { formatLeadsReport, parseSince } from "./leads-report.ts";
import { formatLeadsTable, formatSpamTable } from "./leads-table.ts";
import { readLeads } from "./read-leads.ts";

/**
 * `npm run leads [-- --spam] [-- --json | --csv]`: the offer requests stored by the
 * local server, or those held as suspected spam; `-- --report [--since 30d]`: leads
 * per landing page, source and state.
 */
async function main(args: string[]): Promise<void> {
  const rows = await readLeads();
  if (args.includes("--report")) {
    const index = args.indexOf("--since");
    const since = index >= 0 ? parseSince(args[index + 1] ?? "") : null;
    console.log(formatLeadsReport(rows, since));
    return;
  }
  const spam = args.includes("--spam");
  const chosen = rows.filter((lead) => (lead.spam_reason !== null) === spam);
  if (args.includes("--json")) console.log(leadsToJson(chosen));
  else if (args.includes("--csv")) process.stdout.write(leadsToCsv(chosen));
  else if (spam) console.log(formatSpamTable(chosen));
  else console.log(formatLeadsTable(chosen, rows.length - chosen.length));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
