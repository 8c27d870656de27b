import { parseArgs } from "node:util";

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
import {
  formatDeliveriesTable,
  formatLeadsTable,
  formatSpamTable,
  formatWaitingTable,
} from "./leads-table.ts";
import { withRecords, type ListedLead } from "./listed-leads.ts";
import { openDatabaseStore, openOperatorStore, type OpenedStore } from "./operator-store.ts";
import { LEAD_STATUSES, type LeadStatus } from "../supabase/functions/_shared/store/rows.ts";
import {
  OPT_OUT_CHANNELS,
  type OptOutChannel,
} from "../supabase/functions/_shared/store/channels.ts";
import {
  escapeNonPrintable,
  printableJson,
} from "../supabase/functions/_shared/contract/printable.ts";

const USAGE = `npm run leads -- [--db URL] [command]
  (none)                     the leads: status, the call asked for, where each came from, what went out
                             (--spam: the requests held as spam; --json, --csv: every column)
  --waiting                  real leads nobody has contacted yet, oldest first, with how long each waited
  --deliveries [ID]          every delivery: e-mails, texts, webhooks, Meta; with a lead's or a delivery's id,
                             that one's, each with its attempts (--json: every column)
  --redeliver [ID]           send failed deliveries (of one lead) again, once what refused them is fixed
  --report [--since 30d]     speed to lead; leads, contacted, closed and value per page, campaign and state
  --consent ID               the consent record of a lead, with the wording it was shown
  --opt-out PHONE_OR_EMAIL [--channel calls|texts|email|sharing|all] [--note TEXT]
  --status ID STATUS [--value DOLLARS] [--note TEXT]
                             STATUS: ${LEAD_STATUSES.join(", ")}
  --export google-ads|microsoft-ads --conversion NAME [--status closed] [--since 30d] [--time-zone ZONE]
  --check                    every index checked against its table
  --db URL                   the hosted Postgres (e.g. "$SUPABASE_DB_URL") instead of the local store`;

const EXPORTERS = {
  "google-ads": googleAdsConversionCsv,
  "microsoft-ads": microsoftAdsConversionCsv,
} as const;

const OPTIONS = {
  db: { type: "string" },
  spam: { type: "boolean" },
  json: { type: "boolean" },
  csv: { type: "boolean" },
  waiting: { type: "boolean" },
  deliveries: { type: "boolean" },
  redeliver: { type: "boolean" },
  report: { type: "boolean" },
  since: { type: "string" },
  consent: { type: "string" },
  "opt-out": { type: "string" },
  channel: { type: "string" },
  note: { type: "string" },
  status: { type: "string" },
  value: { type: "string" },
  export: { type: "string" },
  conversion: { type: "string" },
  "time-zone": { type: "string" },
  check: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<typeof parse>["values"];

function parse(args: string[]) {
  return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
}

/** A mistake in what the operator typed: the message, then the usage. */
class UsageError extends Error {}

function oneOf<T extends string>(allowed: readonly T[], value: string, what: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(
      `${what} is one of ${allowed.join(", ")}; got "${escapeNonPrintable(value)}".`,
    );
  }
  return value as T;
}

/**
 * --value as a plain amount in dollars: digits, thousands separated by commas in threes, up
 * to two decimals after a point, an optional "$" ("182500", "$182,500.50"). Anything else is
 * refused rather than guessed at: "182.500,00", "0x10", "1e5", "Infinity", "".
 */
export function parseDollars(text: string): number {
  const trimmed = text.trim();
  if (!/^\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/.test(trimmed)) {
    throw new UsageError(
      `--value takes an amount in dollars such as 182500 or 182,500.50; got "${escapeNonPrintable(text)}".`,
    );
  }
  return Number(trimmed.replace(/[$,]/g, ""));
}

/** The command the flags name; more than one is refused. */
function commandOf(values: Values): string {
  const named = (
    [
      ["check", values.check],
      ["consent", values.consent !== undefined],
      ["opt-out", values["opt-out"] !== undefined],
      ["export", values.export !== undefined],
      ["status", values.status !== undefined && values.export === undefined],
      ["waiting", values.waiting],
      ["deliveries", values.deliveries],
      ["redeliver", values.redeliver],
      ["report", values.report],
    ] as const
  )
    .filter(([, given]) => given)
    .map(([name]) => name);
  if (named.length > 1) {
    throw new UsageError(
      `Choose one command; got ${named.map((name) => `--${name}`).join(" and ")}.`,
    );
  }
  return named[0] ?? "list";
}

/** Where a command writes: the process's stdout and stderr, or a test's buffers. */
export type LeadsOutput = { stdout(text: string): void; stderr(text: string): void };

const PROCESS_OUTPUT: LeadsOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** A line to stdout, as console.log writes it. */
const printTo = (output: LeadsOutput) => (text: string) => output.stdout(`${text}\n`);

/**
 * The operator's one tool for the local store and the hosted one: runs one command line and
 * resolves to its exit code (1: a mistake or a failure, told on stderr with the usage if it
 * was the operator's; 2: the record asked for is missing or damaged). `dataDir` replaces
 * LEADS_DATA_DIR.
 */
export async function runLeads(
  args: string[],
  { output = PROCESS_OUTPUT, dataDir }: { output?: LeadsOutput; dataDir?: string } = {},
): Promise<number> {
  try {
    return await main(args, output, dataDir);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    output.stderr(`${message.split("\n").map(escapeNonPrintable).join("\n")}\n`);
    if (error instanceof UsageError) output.stderr(`\n${USAGE}\n`);
    return 1;
  }
}

async function main(args: string[], output: LeadsOutput, dataDir?: string): Promise<number> {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parse(args));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    printTo(output)(USAGE);
    return 0;
  }
  const command = commandOf(values);
  const allowed =
    command === "status" ? 1 : command === "deliveries" || command === "redeliver" ? 1 : 0;
  if (positionals.length > allowed || (command === "status" && positionals.length !== 1)) {
    throw new UsageError(
      command === "status"
        ? "--status takes a lead's id and a status: --status ID contacted."
        : `Unexpected ${positionals.length === 1 ? "word" : "words"}: ${positionals.map((word) => `"${escapeNonPrintable(word)}"`).join(" ")}.`,
    );
  }
  // Checked before the store opens: a mistake costs nothing.
  let since: Date | null;
  let value: number | null;
  try {
    since = values.since === undefined ? null : parseSince(values.since);
    value = values.value === undefined ? null : parseDollars(values.value);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const write = ["opt-out", "status", "redeliver"].includes(command);
  const store = values.db
    ? openDatabaseStore(values.db)
    : await openOperatorStore(dataDir, { write });
  try {
    return await run(command, values, positionals, store, { since, value, output });
  } finally {
    await store.close();
  }
}

async function run(
  command: string,
  values: Values,
  positionals: string[],
  store: OpenedStore,
  { since, value, output }: { since: Date | null; value: number | null; output: LeadsOutput },
): Promise<number> {
  const print = printTo(output);
  switch (command) {
    case "check": {
      const { indexes, problems } = await store.checkIntegrity();
      if (problems.length === 0) print(`Store intact: ${indexes} indexes match their tables.`);
      else {
        print(
          `Store damaged:\n${problems.map((line) => `  ${escapeNonPrintable(line)}`).join("\n")}`,
        );
        return 2;
      }
      return 0;
    }
    case "consent": {
      const record = await store.consent(values.consent!);
      if (!record) {
        print(`No consent record is stored for ${escapeNonPrintable(values.consent!)}.`);
        return 2;
      }
      const { text, matched } = await formatConsent(record, await store.optOuts());
      print(text);
      return matched ? 0 : 2;
    }
    case "opt-out": {
      const channel = oneOf<OptOutChannel>(OPT_OUT_CHANNELS, values.channel ?? "all", "--channel");
      const optOut = await store.recordOptOut(values["opt-out"]!, channel, values.note ?? null);
      print(
        `Recorded at ${optOut.recorded_at}: ${escapeNonPrintable(optOut.contact)} opted out of ${
          optOut.channel === "all" ? "calls, texts, e-mail and sharing" : optOut.channel
        }.`,
      );
      return 0;
    }
    case "status": {
      const status = oneOf<LeadStatus>(LEAD_STATUSES, positionals[0]!, "A status");
      const change = await store.recordStatus(values.status!, status, {
        value,
        note: values.note ?? null,
      });
      print(
        `Lead ${change.lead_id} is ${change.status}${
          change.value === null ? "" : ` ($${change.value.toLocaleString("en-US")})`
        } as of ${change.changed_at}.${
          store.via === "database"
            ? " Webhooks go out with the function's next retry run (every minute)."
            : store.via === "files"
              ? " Webhooks go out when the local server next starts."
              : ""
        }`,
      );
      return 0;
    }
    case "deliveries":
      print(await listDeliveries(store, positionals[0] ?? null, values.json === true));
      return 0;
    case "redeliver": {
      const count = await store.redeliver(positionals[0] ?? null);
      print(
        count === 0
          ? "No failed delivery to send again."
          : `${count} failed ${count === 1 ? "delivery is" : "deliveries are"} pending again${
              store.via === "server" ? " and going out now" : ", for the next retry run"
            }.`,
      );
      return 0;
    }
  }

  const [rows, changes, optOuts, deliveries] = await Promise.all([
    store.list(),
    store.statusChanges(),
    store.optOuts(),
    store.deliveries(),
  ]);
  const leads = withRecords(rows, changes, optOuts, deliveries);
  if (command === "export") {
    exportConversions(values, leads, changes, since, output);
    return 0;
  }
  if (command === "report") print(formatLeadsReport(leads, since));
  else if (command === "waiting") print(formatWaitingTable(leads));
  else list(values, leads, output);
  return 0;
}

/**
 * Every delivery, or one lead's (or the one delivery) by its id, each then with its
 * attempts, oldest first: as a table, or as JSON with every column.
 */
async function listDeliveries(store: OpenedStore, id: string | null, json: boolean) {
  const [deliveries, attempts] = await Promise.all([
    store.deliveries(id),
    id === null ? null : store.attempts(id),
  ]);
  if (!json) return formatDeliveriesTable(deliveries, attempts);
  return printableJson(
    attempts === null
      ? deliveries
      : deliveries.map((delivery) => ({
          ...delivery,
          attempt_log: attempts.filter((attempt) => attempt.delivery_id === delivery.id),
        })),
    2,
  );
}

function exportConversions(
  values: Values,
  leads: ListedLead[],
  changes: Awaited<ReturnType<OpenedStore["statusChanges"]>>,
  since: Date | null,
  output: LeadsOutput,
) {
  const exporter =
    EXPORTERS[oneOf(Object.keys(EXPORTERS), values.export!, "--export") as keyof typeof EXPORTERS];
  const conversionName = values.conversion;
  if (conversionName === undefined) {
    throw new UsageError(
      '--export needs --conversion NAME: the conversion action\'s name as the ad account spells it, e.g. --conversion "Closed deal".',
    );
  }
  const status = oneOf<LeadStatus>(LEAD_STATUSES, values.status ?? "closed", "--status");
  const timeZone = exportTimeZone(values["time-zone"]);
  const { conversions, leftOut } = selectConversions(leads, changes, { status, since });
  const file = exporter(conversions, { conversionName, timeZone });
  output.stdout(file.csv);
  output.stderr(`${conversionSummary(file, { status, since, leftOut })}\n`);
}

function list(values: Values, leads: ListedLead[], output: LeadsOutput) {
  const print = printTo(output);
  const spam = values.spam === true;
  const chosen = leads.filter((lead) => (lead.spam_reason !== null) === spam);
  if (values.json) print(leadsToJson(chosen));
  else if (values.csv) output.stdout(leadsToCsv(chosen));
  else if (spam) print(formatSpamTable(chosen));
  else print(formatLeadsTable(chosen, leads.length - chosen.length));
}

if (/leads\.ts$/.test(process.argv[1] ?? "")) {
  void runLeads(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
