import { escapeNonPrintable } from "../supabase/functions/_shared/contract/printable.ts";
import { channelOf } from "./lead-columns.ts";
import type { ListedLead } from "./listed-leads.ts";

const DAY_MS = 86_400_000;

/** Longer ago than anything is kept (consent records, 5 years), with room: a typo, not a period. */
const SINCE_DAYS_MAX = 3660;

/**
 * "--since 2026-11-01" (a UTC day that exists) or "--since 30d" (1 to 3,660 days); throws
 * saying how to write it. "2026-02-31" is refused, not read as March 3.
 */
export function parseSince(text: string, now = Date.now()): Date {
  const trimmed = text.trim();
  const days = /^(\d+)d$/.exec(trimmed);
  if (days) {
    const count = Number(days[1]);
    if (count >= 1 && count <= SINCE_DAYS_MAX) return new Date(now - count * DAY_MS);
    throw new Error(
      `--since takes 1 to ${SINCE_DAYS_MAX} days; got "${escapeNonPrintable(text)}".`,
    );
  }
  if (/^\d{4}-\d\d-\d\d$/.test(trimmed)) {
    const date = new Date(`${trimmed}T00:00:00.000Z`);
    if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === trimmed) {
      if (date.getTime() > now) {
        throw new Error(`--since ${trimmed} is in the future.`);
      }
      return date;
    }
    throw new Error(`--since ${escapeNonPrintable(trimmed)} is not a day of the calendar.`);
  }
  throw new Error(
    `--since takes a date (2026-11-01) or a number of days (30d); got "${escapeNonPrintable(text)}".`,
  );
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
  return [
    heading,
    "",
    ...formatSpeedToLead(leads, null),
    ...sections.flatMap(([title, key]) => ["", ...countBy(title, leads, key)]),
  ].join("\n");
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
    if (lead.reached_at !== null) tally.contacted += 1;
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

/* ---------- Speed to lead ---------- */

/** "45 s", "4 min", "1 h 12 min", "2 d 3 h" */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const days = Math.floor(hours / 24);
  return `${days} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

/** The nearest-rank percentile (0 < p <= 100) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

type Speed = { reached: number[]; waiting: number };

/**
 * How fast the team reached each lead: from its arrival to its first status of contacted
 * or further, the median and the 90th percentile, per source and overall, and how many
 * real leads are still new. Spam is left out.
 */
export function formatSpeedToLead(rows: readonly ListedLead[], since: Date | null): string[] {
  const leads = rows.filter(
    (lead) =>
      lead.spam_reason === null && (!since || Date.parse(lead.created_at) >= since.getTime()),
  );
  const groups = new Map<string, Speed>([["All leads", { reached: [], waiting: 0 }]]);
  for (const lead of leads) {
    const channel = channelOf(lead);
    const source = escapeNonPrintable(`${channel.source} / ${channel.medium}`);
    for (const name of ["All leads", source]) {
      const speed = groups.get(name) ?? { reached: [], waiting: 0 };
      if (lead.reached_at !== null) {
        speed.reached.push(Date.parse(lead.reached_at) - Date.parse(lead.created_at));
      } else if (lead.status === "new") speed.waiting += 1;
      groups.set(name, speed);
    }
  }
  const [overall, ...sources] = [...groups];
  const ordered = [
    overall!,
    ...sources.sort(([a, x], [b, y]) => y.reached.length - x.reached.length || a.localeCompare(b)),
  ];
  const columns = ["Reached", "Median", "90th pct", "Still new"];
  const cells = ordered.map(([name, { reached, waiting }]) => {
    const sorted = [...reached].sort((a, b) => a - b);
    return [
      name,
      String(reached.length),
      sorted.length ? formatDuration(percentile(sorted, 50)) : "-",
      sorted.length ? formatDuration(percentile(sorted, 90)) : "-",
      String(waiting),
    ];
  });
  const title = "Speed to lead (arrival to first contact)";
  const widths = [title, ...columns].map((heading, index) =>
    Math.max([...heading].length, ...cells.map((row) => [...row[index]!].length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[index]!)))
      .join("  ");
  return [
    line([title, ...columns]),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...cells.map(line),
  ];
}
