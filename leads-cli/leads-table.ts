import { typedPhoneDisplay } from "../config/phone.ts";
import type { DeliveryAttempt, DeliveryRow } from "../supabase/functions/_shared/store/rows.ts";
import { escapeNonPrintable } from "../supabase/functions/_shared/contract/printable.ts";
import { attemptCells, deliveryName, deliveryState } from "./delivery-states.ts";
import { channelOf } from "./lead-columns.ts";
import { formatDuration } from "./leads-report.ts";
import type { ListedLead } from "./listed-leads.ts";

/** What the listings fit in: a 120-column terminal. */
export const TABLE_WIDTH = 120;
const GAP = "  ";

/** A column: its heading, its cell, and the most it may take (the last column takes the rest). */
type Column<T> = [heading: string, cell: (row: T) => string, max: number];

const received = <T extends { created_at: string }>(): Column<T> => [
  "Received (UTC)",
  (row) => row.created_at.slice(0, 16).replace("T", " "),
  16,
];

const LEAD_COLUMNS: Column<ListedLead>[] = [
  received(),
  [
    "Status",
    (lead) =>
      lead.status_value === null
        ? lead.status
        : `${lead.status} $${lead.status_value.toLocaleString("en-US")}`,
    22,
  ],
  ["Call", (lead) => (lead.phone ? typedPhoneDisplay(lead.phone) : "not asked"), 22],
  ["Condition", (lead) => lead.condition, 10],
  // The language of the page it came from: "es", a homeowner to call and write in Spanish.
  ["Lang", (lead) => lead.language, 4],
  ["Address", (lead) => lead.address, TABLE_WIDTH],
];

/** The lines under a lead: who, where from, what stopped; then what went out. */
function details(lead: ListedLead): string[][] {
  const channel = channelOf(lead);
  return [
    [
      lead.email,
      ...(lead.language === "es" ? ["prefiere español (prefers Spanish)"] : []),
      lead.state ?? "no state",
      `${channel.label}${channel.campaign ? `, ${channel.campaign}` : ""}`,
      `sent from ${lead.source ?? "an unknown page"}`,
      ...(lead.opt_outs.length > 0 ? [`stopped: ${lead.opt_outs.join(", ")}`] : []),
      ...(lead.intake_notes.length > 0
        ? [`changed on receipt: ${lead.intake_notes.length} (--json)`]
        : []),
    ],
    lead.deliveries.length > 0 ? lead.deliveries : ["no deliveries recorded"],
  ];
}

const SPAM_COLUMNS: Column<ListedLead>[] = [
  received(),
  ["Address", (lead) => lead.address, 32],
  ["Email", (lead) => lead.email, 28],
  [
    "Fill time",
    (lead) => (lead.fill_ms === null ? "-" : `${(lead.fill_ms / 1000).toFixed(1)} s`),
    9,
  ],
  ["Why it is held", (lead) => lead.spam_reason ?? "-", TABLE_WIDTH],
];

/**
 * The real leads, one block each: an aligned line (received, status, the call asked for,
 * condition, language, address), then who and where from, then each delivery and where it stands,
 * all within TABLE_WIDTH columns; a count, and how many requests are held as spam.
 */
export function formatLeadsTable(leads: readonly ListedLead[], heldAsSpam = 0): string {
  const held =
    heldAsSpam > 0 ? [`${heldAsSpam} more held as suspected spam: npm run leads -- --spam`] : [];
  if (leads.length === 0) return ["No leads yet.", ...held].join("\n");
  const indent = (LEAD_COLUMNS[0]![2] as number) + GAP.length;
  return [
    ...table(LEAD_COLUMNS, leads, (lead) =>
      details(lead).flatMap((items) => wrap(items.map(escapeNonPrintable), indent)),
    ),
    "",
    `${leads.length} ${leads.length === 1 ? "lead" : "leads"}.`,
    ...held,
  ].join("\n");
}

/** The requests held as suspected spam, each with the reason. */
export function formatSpamTable(held: readonly ListedLead[]): string {
  if (held.length === 0) return "Nothing is held as suspected spam.";
  const count = `${held.length} ${held.length === 1 ? "request" : "requests"} held as suspected spam (deleted after 30 days).`;
  return [...table(SPAM_COLUMNS, held), "", count].join("\n");
}

/**
 * An aligned table within TABLE_WIDTH: each column as wide as its widest cell up to its
 * most, the last one what is left; `more` gives lines to print under a row.
 */
export function table<T>(
  columns: readonly Column<T>[],
  rows: readonly T[],
  more: (row: T) => string[] = () => [],
): string[] {
  const cells = rows.map((row) => columns.map(([, cell]) => [...escapeNonPrintable(cell(row))]));
  const widths = columns.map(([heading, , max], index) =>
    Math.min(max, Math.max(heading.length, ...cells.map((row) => row[index]!.length))),
  );
  const fixed = widths.slice(0, -1).reduce((sum, width) => sum + width + GAP.length, 0);
  widths[widths.length - 1] = Math.min(widths.at(-1)!, Math.max(10, TABLE_WIDTH - fixed));
  const line = (row: string[][]) =>
    row
      .map((chars, index) => fit(chars, widths[index]!).padEnd(widths[index]!))
      .join(GAP)
      .trimEnd();
  return [
    line(columns.map(([heading]) => [...heading])),
    widths.map((width) => "-".repeat(width)).join(GAP),
    ...rows.flatMap((row, index) => [line(cells[index]!), ...more(row)]),
  ];
}

/** The text cut to `width` characters, the last one an ellipsis, never half a character. */
export function fit(chars: string[] | string, width: number): string {
  const list = typeof chars === "string" ? [...chars] : chars;
  return list.length > width ? `${list.slice(0, width - 1).join("")}…` : list.join("");
}

/** Items joined with " · ", wrapped to lines within TABLE_WIDTH after `indent` spaces. */
export function wrap(items: readonly string[], indent: number): string[] {
  const room = TABLE_WIDTH - indent;
  const lines: string[] = [];
  let current = "";
  for (const item of items.map((text) => fit(text, room))) {
    const joined = current ? `${current} · ${item}` : item;
    if ([...joined].length <= room) current = joined;
    else {
      lines.push(current);
      current = item;
    }
  }
  if (current) lines.push(current);
  return lines.map((text) => `${" ".repeat(indent)}${text}`);
}

/** A lead's short id: the first 8 hex digits, enough to tell leads apart in a listing. */
const shortId = (id: string) => id.slice(0, 8);

/**
 * Every delivery (of one lead, or all), oldest first: which lead, what, where it stands,
 * how many attempts; given `attempts` (one lead's), each delivery's attempts under it. The
 * full rows are in --json.
 */
export function formatDeliveriesTable(
  deliveries: readonly DeliveryRow[],
  attempts: readonly DeliveryAttempt[] | null = null,
): string {
  if (deliveries.length === 0) return "No deliveries recorded.";
  const columns: Column<DeliveryRow>[] = [
    received(),
    ["Lead", (delivery) => shortId(delivery.lead_id), 8],
    ["Event", (delivery) => delivery.event.replace("lead.", ""), 14],
    ["Delivery", (delivery) => deliveryName(delivery), 34],
    ["Tries", (delivery) => String(delivery.attempts), 5],
    ["Where it stands", (delivery) => deliveryState(delivery), TABLE_WIDTH],
  ];
  const counts = new Map<string, number>();
  for (const delivery of deliveries) {
    counts.set(delivery.status, (counts.get(delivery.status) ?? 0) + 1);
  }
  const under =
    attempts === null
      ? undefined
      : (delivery: DeliveryRow) =>
          attemptLines(attempts.filter((attempt) => attempt.delivery_id === delivery.id));
  return [
    ...table(columns, deliveries, under),
    "",
    `${deliveries.length} ${deliveries.length === 1 ? "delivery" : "deliveries"}: ${[...counts]
      .map(([status, count]) => `${count} ${status}`)
      .join(", ")}.`,
  ].join("\n");
}

/** A delivery's attempts, oldest first, one line each under its row, within TABLE_WIDTH. */
function attemptLines(attempts: readonly DeliveryAttempt[]): string[] {
  const indent = " ".repeat(16 + GAP.length);
  if (attempts.length === 0) return [`${indent}no attempt yet`];
  return attempts.map((attempt) =>
    fit(`${indent}${attemptCells(attempt).join(GAP)}`.trimEnd(), TABLE_WIDTH),
  );
}

/**
 * Real leads nobody has contacted yet (still new), oldest first, with how long each has
 * waited: the team's call list.
 */
export function formatWaitingTable(leads: readonly ListedLead[], now = Date.now()): string {
  const waiting = leads
    .filter((lead) => lead.spam_reason === null && lead.status === "new")
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  if (waiting.length === 0)
    return "Nobody is waiting: every lead has been contacted or closed out.";
  const columns: Column<ListedLead>[] = [
    ["Waiting", (lead) => formatDuration(now - Date.parse(lead.created_at)), 11],
    received(),
    ["Lead", (lead) => shortId(lead.id), 8],
    ["Call", (lead) => (lead.phone ? typedPhoneDisplay(lead.phone) : `e-mail ${lead.email}`), 30],
    ["Address", (lead) => lead.address, TABLE_WIDTH],
  ];
  return [
    ...table(columns, waiting),
    "",
    `${waiting.length} ${waiting.length === 1 ? "lead waits" : "leads wait"} for a first contact. Record one with: npm run leads -- --status ID contacted`,
  ].join("\n");
}
