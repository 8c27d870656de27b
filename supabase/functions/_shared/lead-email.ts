import type { Lead } from "./lead-store.ts";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Visitors' text goes into the mail as text, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The notification sent to the team for each new lead. */
export function buildLeadEmail(lead: Lead): { subject: string; html: string; text: string } {
  const fields: [label: string, value: string][] = [
    ["Address", lead.address],
    ["Condition", lead.condition],
    ["Email", lead.email],
    ["Phone", lead.phone ?? "not given (no call requested)"],
    ["State", lead.state ?? "not given"],
    ["Page", lead.source ?? "not given"],
    ["Request id", lead.id],
  ];
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return {
    // Header injection: a subject must stay on one line.
    subject: `New cash offer request: ${lead.address.replace(/[\r\n\t]+/g, " ")}`,
    html: `<p>A homeowner asked for a cash offer. Reply within 24 hours.</p><table>${rows}</table>`,
    text: [
      "A homeowner asked for a cash offer. Reply within 24 hours.",
      "",
      ...fields.map(([label, value]) => `${label}: ${value}`),
    ].join("\n"),
  };
}
