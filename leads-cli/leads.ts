import {
  conversionSummary,
  exportTimeZone,
  googleAdsConversionCsv,
  microsoftAdsConversionCsv,
  selectConversions,
} from "./ad-conversions.ts";
import { formatConsent } from "./consent-record.ts";
import { leadsToCsv, leadsToJson } from "./leads-export.ts";
import { formatLeadsReport, parseSince } from "./leads-report.ts";
import { formatLeadsTable, formatSpamTable } from "./leads-table.ts";
import { withRecords, type ListedLead } from "./listed-leads.ts";
import { openDatabaseStore, openOperatorStore, type OpenedStore } from "./operator-store.ts";
import {
  LEAD_STATUSES,
  OPT_OUT_CHANNELS,
  type LeadStatus,
  type OptOutChannel,
} from "../supabase/functions/_leads/lead-records.ts";
import { escapeNonPrintable } from "../supabase/functions/_leads/printable.ts";

const USAGE = `npm run leads -- [--db URL] [command]
  (none)                          the leads, with status and opt-outs (--spam: held as spam; --json, --csv)
  --report [--since 30d]          leads, contacted, closed and value per landing page, campaign, state
  --consent ID                    the consent record of a lead, with the wording it was shown
  --opt-out PHONE_OR_EMAIL [--channel calls|texts|email|sharing|all] [--note TEXT]
  --status ID STATUS [--value DOLLARS] [--note TEXT]
                                  STATUS: ${LEAD_STATUSES.join(", ")}
  --export google-ads|microsoft-ads --conversion NAME [--status closed] [--since 30d] [--time-zone ZONE]
  --check                         every index checked against its table
  --db URL                        the hosted Postgres (e.g. "$SUPABASE_DB_URL") instead of the local store`;

const EXPORTERS = {
  "google-ads": googleAdsConversionCsv,
  "microsoft-ads": microsoftAdsConversionCsv,
} as const;

/** The value after a flag; undefined without the flag; throws when the flag has none. */
function option(args: readonly string[], name: string, position = 1): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + position];
  if (value === undefined || (value.startsWith("--") && value.length > 2)) {
    throw new Error(`${name} needs a value.\n\n${USAGE}`);
  }
  return value;
}

function oneOf<T extends string>(allowed: readonly T[], value: string, what: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${what} is one of ${allowed.join(", ")}; got "${escapeNonPrintable(value)}".`);
  }
  return value as T;
}

/** The operator's one tool for the local store and the hosted one. */
async function main(args: string[]): Promise<void> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const db = option(args, "--db");
  const exporting = option(args, "--export");
  const write = args.includes("--opt-out") || (args.includes("--status") && !exporting);
  const store = db ? openDatabaseStore(db) : await openOperatorStore(undefined, { write });
  try {
    await run(args, store, exporting);
  } finally {
    await store.close();
  }
}

async function run(args: string[], store: OpenedStore, exporting: string | undefined) {
  if (args.includes("--check")) {
    const { indexes, problems } = await store.checkIntegrity();
    if (problems.length === 0) console.log(`Store intact: ${indexes} indexes match their tables.`);
    else {
      console.log(
        `Store damaged:\n${problems.map((line) => `  ${escapeNonPrintable(line)}`).join("\n")}`,
      );
      process.exitCode = 2;
    }
    return;
  }

  const consentId = option(args, "--consent");
  if (consentId !== undefined) {
    const record = await store.consent(consentId);
    if (!record) {
      console.log(`No consent record is stored for ${escapeNonPrintable(consentId)}.`);
      process.exitCode = 2;
      return;
    }
    const { text, matched } = await formatConsent(record, await store.optOuts());
    console.log(text);
    if (!matched) process.exitCode = 2;
    return;
  }

  const contact = option(args, "--opt-out");
  if (contact !== undefined) {
    const channel = oneOf<OptOutChannel>(
      OPT_OUT_CHANNELS,
      option(args, "--channel") ?? "all",
      "--channel",
    );
    const optOut = await store.recordOptOut(contact, channel, option(args, "--note") ?? null);
    console.log(
      `Recorded at ${optOut.recorded_at}: ${escapeNonPrintable(optOut.contact)} opted out of ${
        optOut.channel === "all" ? "calls, texts, e-mail and sharing" : optOut.channel
      }.`,
    );
    return;
  }

  if (exporting === undefined && args.includes("--status")) {
    const id = option(args, "--status", 1)!;
    const status = oneOf<LeadStatus>(LEAD_STATUSES, option(args, "--status", 2) ?? "", "A status");
    const valueText = option(args, "--value");
    const value = valueText === undefined ? null : Number(valueText.replace(/[$,]/g, ""));
    if (value !== null && Number.isNaN(value)) {
      throw new Error(`--value takes an amount in dollars, such as 185000; got "${valueText}".`);
    }
    const change = await store.recordStatus(id, status, {
      value,
      note: option(args, "--note") ?? null,
    });
    console.log(
      `Lead ${change.lead_id} is ${change.status}${
        change.value === null ? "" : ` ($${change.value.toLocaleString("en-US")})`
      } as of ${change.changed_at}.`,
    );
    return;
  }

  const [rows, changes, optOuts] = await Promise.all([
    store.list(),
    store.statusChanges(),
    store.optOuts(),
  ]);
  const leads = withRecords(rows, changes, optOuts);
  const sinceText = option(args, "--since");
  const since = sinceText === undefined ? null : parseSince(sinceText);

  if (exporting !== undefined) {
    exportConversions(args, exporting, leads, changes, since);
    return;
  }
  if (args.includes("--report")) {
    console.log(formatLeadsReport(leads, since));
    return;
  }
  list(args, leads);
}

function exportConversions(
  args: string[],
  platform: string,
  leads: ListedLead[],
  changes: Awaited<ReturnType<OpenedStore["statusChanges"]>>,
  since: Date | null,
) {
  const exporter =
    EXPORTERS[oneOf(Object.keys(EXPORTERS), platform, "--export") as keyof typeof EXPORTERS];
  const conversionName = option(args, "--conversion");
  if (conversionName === undefined) {
    throw new Error(
      '--export needs --conversion NAME: the conversion action\'s name as the ad account spells it, e.g. --conversion "Closed deal".',
    );
  }
  const status = oneOf<LeadStatus>(LEAD_STATUSES, option(args, "--status") ?? "closed", "--status");
  const timeZone = exportTimeZone(option(args, "--time-zone"));
  const { conversions, leftOut } = selectConversions(leads, changes, { status, since });
  const file = exporter(conversions, { conversionName, timeZone });
  process.stdout.write(file.csv);
  console.error(conversionSummary(file, { status, since, leftOut }));
}

function list(args: string[], leads: ListedLead[]) {
  const spam = args.includes("--spam");
  const chosen = leads.filter((lead) => (lead.spam_reason !== null) === spam);
  if (args.includes("--json")) console.log(leadsToJson(chosen));
  else if (args.includes("--csv")) process.stdout.write(leadsToCsv(chosen));
  else if (spam) console.log(formatSpamTable(chosen));
  else console.log(formatLeadsTable(chosen, leads.length - chosen.length));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.split("\n").map(escapeNonPrintable).join("\n"));
  process.exitCode = 1;
});
