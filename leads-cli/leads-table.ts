import { escapeNonPrintable } from "../supabase/functions/_leads/printable.ts";
import { channelOf } from "./lead-columns.ts";
import type { ListedLead } from "./listed-leads.ts";

const MAX_CELL = 40;

type Column = [heading: string, cell: (lead: ListedLead) => string];

const received: Column = [
  "Received (UTC)",
  (lead) => lead.created_at.slice(0, 16).replace("T", " "),
];

const LEAD_COLUMNS: Column[] = [
  received,
  ["Address", (lead) => lead.address],
  ["Condition", (lead) => lead.condition],
  ["Email", (lead) => lead.email],
  ["Phone", (lead) => lead.phone ?? "-"],
  ["State", (lead) => lead.state ?? "-"],
  ["Page", (lead) => lead.source ?? "-"],
  ["Source", (lead) => channelOf(lead).source],
  ["Medium", (lead) => channelOf(lead).medium],
  ["Campaign", (lead) => channelOf(lead).campaign ?? "-"],
  [
    "Status",
    (lead) =>
      lead.status_value === null
        ? lead.status
        : `${lead.status} $${lead.status_value.toLocaleString("en-US")}`,
  ],
  ["Opted out", (lead) => (lead.opt_outs.length > 0 ? lead.opt_outs.join(", ") : "-")],
  ["E-mailed", (lead) => (lead.notified_at ? "yes" : lead.notify_error ? "failing" : "no")],
  [
    "Changed on receipt",
    (lead) => (lead.intake_notes.length > 0 ? `${lead.intake_notes.length} (--json)` : "-"),
  ],
];

const SPAM_COLUMNS: Column[] = [
  received,
  ["Address", (lead) => lead.address],
  ["Email", (lead) => lead.email],
  ["Fill time", (lead) => (lead.fill_ms === null ? "-" : `${(lead.fill_ms / 1000).toFixed(1)} s`)],
  ["Why it is held", (lead) => lead.spam_reason ?? "-"],
];

/**
 * The real leads as an aligned plain-text table for a terminal, with a count,
 * and how many requests are held as suspected spam.
 */
export function formatLeadsTable(leads: readonly ListedLead[], heldAsSpam = 0): string {
  const held =
    heldAsSpam > 0 ? [`${heldAsSpam} more held as suspected spam: npm run leads -- --spam`] : [];
  if (leads.length === 0) return ["No leads yet.", ...held].join("\n");
  return [
    ...table(LEAD_COLUMNS, leads),
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

function table(columns: Column[], leads: readonly ListedLead[]): string[] {
  const rows = [
    columns.map(([heading]) => heading),
    ...leads.map((lead) => columns.map(([, cell]) => fitCell(cell(lead)))),
  ];
  const widths = columns.map((_, column) =>
    Math.max(...rows.map((row) => [...(row[column] ?? "")].length)),
  );
  const line = (row: string[]) =>
    row
      .map(
        (cell, column) => cell + " ".repeat(Math.max(0, (widths[column] ?? 0) - [...cell].length)),
      )
      .join("  ")
      .trimEnd();
  const [header = [], ...body] = rows;
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)];
}

/**
 * One line per lead, whatever the visitor typed: controls, direction marks and line
 * breaks are written out (\u{1b}), so a lead cannot clear, retitle or reorder the terminal.
 */
export function fitCell(text: string): string {
  const shown = [...escapeNonPrintable(text)];
  return shown.length > MAX_CELL ? `${shown.slice(0, MAX_CELL - 1).join("")}…` : shown.join("");
}
