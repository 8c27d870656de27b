import { attributionFromColumns, describeAttribution } from "./attribution.ts";
import type { Lead } from "./lead-store.ts";
import { escapeNonPrintable } from "./printable.ts";

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

/** Which consent wording the visitor saw, and whether it included calls and texts. */
export function describeConsent(lead: Lead): string {
  const call = lead.phone
    ? "call/text consent shown (a phone number was sent)"
    : "no call/text consent (no phone number was sent)";
  if (!lead.consent_version)
    return `not recorded (sent from a page older than consent records); ${call}`;
  return `version ${lead.consent_version}, submitted ${lead.consent_at ?? "at an unknown time"}; ${call}`;
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
    ["Came from", describeAttribution(attributionFromColumns(lead))],
    ["Consent", describeConsent(lead)],
    ["Request id", lead.id],
    ...(lead.intake_notes.length > 0
      ? [["Changed on receipt", lead.intake_notes.join(" ")] as [string, string]]
      : []),
  ];
  // Controls, bidi overrides and line breaks are written out, so nothing a visitor
  // typed can hide, reorder or add lines in the team's mail client.
  const shown = fields.map(([label, value]) => [label, escapeNonPrintable(value)] as const);
  const rows = shown
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return {
    // Header injection: escapeNonPrintable leaves no line break in the subject.
    subject: `New cash offer request: ${escapeNonPrintable(lead.address)}`,
    html: `<p>A homeowner asked for a cash offer. Reply within 24 hours.</p><table>${rows}</table>`,
    text: [
      "A homeowner asked for a cash offer. Reply within 24 hours.",
      "",
      ...shown.map(([label, value]) => `${label}: ${value}`),
    ].join("\n"),
  };
}
