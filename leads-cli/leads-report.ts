import type { LeadRow } from "../supabase/functions/_leads/lead-store.ts";
import { escapeNonPrintable } from "../supabase/functions/_leads/printable.ts";
import { channelOf } from "./lead-columns.ts";

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
 * Leads per landing page, per source / medium / campaign and per state, from the
 * visit that sent each request. Suspected spam is left out.
 */
export function formatLeadsReport(rows: readonly LeadRow[], since: Date | null): string {
  const leads = rows.filter(
    (lead) =>
      lead.spam_reason === null && (!since || Date.parse(lead.created_at) >= since.getTime()),
  );
  const period = since ? `since ${since.toISOString().slice(0, 10)}` : "all time";
  const heading = `Leads ${period}: ${leads.length} (suspected spam left out).`;
  if (leads.length === 0) return heading;
  const sections: [title: string, key: (lead: LeadRow) => string][] = [
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

function countBy(
  title: string,
  leads: readonly LeadRow[],
  key: (lead: LeadRow) => string,
): string[] {
  const counts = new Map<string, number>();
  for (const lead of leads) {
    const name = escapeNonPrintable(key(lead));
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const width = Math.max(title.length, ...sorted.map(([name]) => [...name].length));
  const pad = (text: string) => text + " ".repeat(Math.max(0, width - [...text].length));
  return [
    `${pad(title)}  Leads`,
    `${"-".repeat(width)}  -----`,
    ...sorted.map(([name, count]) => `${pad(name)}  ${String(count).padStart(5)}`),
  ];
}
