import type { LeadRow } from "../supabase/functions/_shared/lead-store.ts";

const MAX_CELL = 40;

const COLUMNS: [heading: string, cell: (lead: LeadRow) => string][] = [
  ["Received (UTC)", (lead) => lead.created_at.slice(0, 16).replace("T", " ")],
  ["Address", (lead) => lead.address],
  ["Condition", (lead) => lead.condition],
  ["Email", (lead) => lead.email],
  ["Phone", (lead) => lead.phone ?? "-"],
  ["State", (lead) => lead.state ?? "-"],
  ["Page", (lead) => lead.source ?? "-"],
  ["E-mailed", (lead) => (lead.notified_at ? "yes" : "no")],
];

/** The leads as an aligned plain-text table for a terminal. */
export function formatLeadsTable(leads: readonly LeadRow[]): string {
  if (leads.length === 0) return "No leads yet.";
  const rows = [
    COLUMNS.map(([heading]) => heading),
    ...leads.map((lead) => COLUMNS.map(([, cell]) => fitCell(cell(lead)))),
  ];
  const widths = COLUMNS.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  const [header = [], ...body] = rows;
  const total = `${leads.length} ${leads.length === 1 ? "lead" : "leads"}.`;
  return [
    line(header),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...body.map(line),
    "",
    total,
  ].join("\n");
}

/** One line per lead, whatever the visitor typed. */
function fitCell(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}
