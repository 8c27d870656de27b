import { REACHED_STATUSES } from "../supabase/functions/_leads/lead-records.ts";
import { escapeNonPrintable } from "../supabase/functions/_leads/printable.ts";
import { channelOf } from "./lead-columns.ts";
import type { ListedLead } from "./listed-leads.ts";

const DAY_MS = 86_400_000;

/** "--since 2026-11-01" (a UTC day) or "--since 30d"; throws saying how to write it. */
export function parseSince(text: string, now = Date.now()): Date {
  const days = /^(\d+)d$/.exec(text.trim());
  if (days) return new Date(now - Number(days[1]) * DAY_MS);
  if (/^\d{4}-\d\d-\d\d$/.test(text.trim())) {
    const date = new Date(`${text.trim()}T00:00:00.000Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new Error(`--since takes a date (2026-11-01) or a number of days (30d); got "${text}".`);
}

/**
 * Leads per landing page, per source / medium / campaign and per state, from the visit
 * that sent each request, with what became of them: how many the team reached
 * (contacted or further), how many closed, and the value of those closed. Suspected spam
 * is left out.
 */
export function formatLeadsReport(rows: readonly ListedLead[], since: Date | null): string {
  const leads = rows.filter(
    (lead) =>
      lead.spam_reason === null && (!since || Date.parse(lead.created_at) >= since.getTime()),
  );
  const period = since ? `since ${since.toISOString().slice(0, 10)}` : "all time";
  const heading = `Leads ${period}: ${leads.length} (suspected spam left out).`;
  if (leads.length === 0) return heading;
  const sections: [title: string, key: (lead: ListedLead) => string][] = [
    ["Landing page", (lead) => lead.landing_page ?? lead.first_landing_page ?? "(not recorded)"],
    [
      "Source / medium / campaign",
      (lead) => {
        const channel = channelOf(lead);
        return `${channel.source} / ${channel.medium} / ${channel.campaign ?? "-"}`;
      },
    ],
    ["State", (lead) => lead.state ?? "(no state: sent from another page)"],
  ];
  return [heading, ...sections.flatMap(([title, key]) => ["", ...countBy(title, leads, key)])].join(
    "\n",
  );
}

type Tally = { leads: number; contacted: number; closed: number; value: number };

const NUMBER_COLUMNS: [heading: string, cell: (tally: Tally) => string][] = [
  ["Leads", (tally) => String(tally.leads)],
  ["Contacted", (tally) => String(tally.contacted)],
  ["Closed", (tally) => String(tally.closed)],
  ["Value", (tally) => `$${Math.round(tally.value).toLocaleString("en-US")}`],
];

function countBy(
  title: string,
  leads: readonly ListedLead[],
  key: (lead: ListedLead) => string,
): string[] {
  const tallies = new Map<string, Tally>();
  for (const lead of leads) {
    const name = escapeNonPrintable(key(lead));
    const tally = tallies.get(name) ?? { leads: 0, contacted: 0, closed: 0, value: 0 };
    tally.leads += 1;
    if (REACHED_STATUSES.includes(lead.status)) tally.contacted += 1;
    if (lead.status === "closed") {
      tally.closed += 1;
      tally.value += lead.status_value ?? 0;
    }
    tallies.set(name, tally);
  }
  const sorted = [...tallies].sort(([a, x], [b, y]) => y.leads - x.leads || a.localeCompare(b));
  const width = Math.max(title.length, ...sorted.map(([name]) => [...name].length));
  const widths = NUMBER_COLUMNS.map(([heading, cell]) =>
    Math.max(heading.length, ...sorted.map(([, tally]) => cell(tally).length)),
  );
  const pad = (text: string) => text + " ".repeat(Math.max(0, width - [...text].length));
  const numbers = (cells: string[]) =>
    cells.map((cell, index) => cell.padStart(widths[index] ?? 0)).join("  ");
  return [
    `${pad(title)}  ${numbers(NUMBER_COLUMNS.map(([heading]) => heading))}`,
    `${"-".repeat(width)}  ${widths.map((columnWidth) => "-".repeat(columnWidth)).join("  ")}`,
    ...sorted.map(
      ([name, tally]) => `${pad(name)}  ${numbers(NUMBER_COLUMNS.map(([, cell]) => cell(tally)))}`,
    ),
  ];
}
