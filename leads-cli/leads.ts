import { leadsToCsv, leadsToJson } from "./leads-export.ts";
import { formatLeadsReport, parseSince } from "./leads-report.ts";
import { formatLeadsTable, formatSpamTable } from "./leads-table.ts";
import { escapeNonPrintable } from "../supabase/functions/_leads/printable.ts";
import { openOperatorStore } from "./operator-store.ts";

/**
 * `npm run leads [-- --spam] [-- --json | --csv]`: the offer requests stored by the
 * local server, or those held as suspected spam; `-- --report [--since 30d]`: leads
 * per landing page, source and state; `-- --check`: every index checked against its table.
 */
async function main(args: string[]): Promise<void> {
  const store = await openOperatorStore();
  let rows;
  try {
    if (args.includes("--check")) {
      const { indexes, problems } = await store.checkIntegrity();
      if (problems.length === 0)
        console.log(`Store intact: ${indexes} indexes match their tables.`);
      else {
        console.log(
          `Store damaged:\n${problems.map((line) => `  ${escapeNonPrintable(line)}`).join("\n")}`,
        );
        process.exitCode = 2;
      }
      return;
    }
    rows = await store.list();
  } finally {
    await store.close();
  }
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
