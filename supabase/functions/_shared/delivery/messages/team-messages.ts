import { classifyTouch, describeAttribution } from "../../contract/attribution.ts";
import { attributionFromColumns } from "../../contract/attribution-columns.ts";
import type { ConsentRecord, Lead } from "../../store/rows.ts";
import { escapeNonPrintable, printableJson } from "../../contract/printable.ts";
import { addressLeftOutBecause, phoneToRepeat } from "../../contract/repeatable.ts";
import { detailsTable, paragraph, renderHtml, type EmailContent } from "./email-html.ts";

/**
 * What the team reads about a lead: the e-mail, the text alert, the escalation and the log
 * line. Whatever the visitor typed is shown with controls, direction marks and line breaks
 * written out (escapeNonPrintable), and as text, never markup, in HTML (email-html.ts).
 */

/** "Call requested: (614) 555-0100" or that none was, as the team must see it first. */
export function callLine(lead: Pick<Lead, "phone">): string {
  return lead.phone ? `Call requested: ${lead.phone}` : "No call requested: reply by e-mail";
}

/**
 * What the homeowner's confirmations left out of what the visitor typed, and why
 * (repeatable.ts), so the team knows what the homeowner was not shown: "the address (it
 * contains a URL)"; null when nothing.
 */
export function leftOutForHomeowner(lead: Pick<Lead, "address" | "phone">): string | null {
  const address = addressLeftOutBecause(lead.address);
  const parts = [
    ...(address ? [`the address (${address})`] : []),
    ...(lead.phone && phoneToRepeat(lead.phone) === null
      ? ["the phone number (not one valid US number of a person's own line)"]
      : []),
  ];
  return parts.length > 0 ? parts.join(" and ") : null;
}

const LEFT_OUT = "Left out of the homeowner's e-mail and text";

/** Said to the team of a Spanish lead, in both languages, so whoever calls knows; null for English. */
export function languageLine(lead: Pick<Lead, "language">): string | null {
  return lead.language === "es" ? "Prefiere español (prefers Spanish)" : null;
}

/** Which consent wording the visitor saw, and what they agreed to. */
export function describeConsent(lead: Lead, consent: ConsentRecord | null): string {
  if (!lead.consent_version) return "not recorded (sent from a page older than consent records)";
  const agreed = consent
    ? [
        consent.calls ? "calls agreed" : "no call consent",
        consent.texts ? "texts agreed" : "no text consent",
      ].join(", ")
    : lead.phone
      ? "call consent shown (a phone number was sent)"
      : "no call consent (no phone number was sent)";
  return `version ${lead.consent_version}, submitted ${lead.consent_at ?? "at an unknown time"}; ${agreed}`;
}

/** The same fields as an HTML table and as plain lines, every value printable. */
function message(
  subject: string,
  intro: string,
  fields: [label: string, value: string][],
): EmailContent {
  const shown = fields.map(([label, value]) => [label, escapeNonPrintable(value)] as const);
  return {
    // Header injection: escapeNonPrintable leaves no line break in the subject.
    subject: escapeNonPrintable(subject),
    html: renderHtml([paragraph(intro), detailsTable(shown)]),
    text: [intro, "", ...shown.map(([label, value]) => `${label}: ${value}`)].join("\n"),
  };
}

const withLine = (label: string, value: string | null): [string, string][] =>
  value === null ? [] : [[label, value]];

function leadFields(lead: Lead, consent: ConsentRecord | null): [string, string][] {
  return [
    ["Address", lead.address],
    ["Condition", lead.condition],
    ["Call", lead.phone ? `requested, at ${lead.phone}` : "not requested: reply by e-mail"],
    ...withLine("Language", languageLine(lead)),
    ["Email", lead.email],
    ["State", lead.state ?? "not given"],
    ["Page", lead.source ?? "not given"],
    ["Came from", describeAttribution(attributionFromColumns(lead))],
    ["Consent", describeConsent(lead, consent)],
    ["Request id", lead.id],
    ...withLine(LEFT_OUT, leftOutForHomeowner(lead)),
    ...withLine(
      "Changed on receipt",
      lead.intake_notes.length > 0 ? lead.intake_notes.join(" ") : null,
    ),
  ];
}

/** The e-mail to the team for each new lead. */
export function buildTeamEmail(lead: Lead, consent: ConsentRecord | null = null): EmailContent {
  return message(
    `New cash offer request: ${lead.address}`,
    lead.phone
      ? `A homeowner asked for a cash offer and a call. Call ${lead.phone} now.`
      : "A homeowner asked for a cash offer. Reply by e-mail now.",
    leadFields(lead, consent),
  );
}

/** The e-mail sent when nobody has contacted a lead after `minutes`. */
export function buildEscalationEmail(
  lead: Lead,
  minutes: number,
  consent: ConsentRecord | null = null,
): EmailContent {
  return message(
    `Not contacted after ${minutes} minutes: ${lead.address}`,
    `Nobody has marked this lead contacted ${minutes} minutes after it arrived. ${callLine(lead)}.`,
    leadFields(lead, consent),
  );
}

const TEXT_ADDRESS_MAX = 100;

/** One screen of what a caller needs: the place, its state, the call, where it came from. */
function leadSummary(lead: Lead): string {
  const address = [...lead.address];
  const channel = classifyTouch(
    attributionFromColumns(lead).last ?? attributionFromColumns(lead).first,
  );
  return [
    `${address.length > TEXT_ADDRESS_MAX ? `${address.slice(0, TEXT_ADDRESS_MAX - 1).join("")}…` : lead.address} (${lead.condition})`,
    lead.state,
    `${callLine(lead)}.`,
    languageLine(lead) && `${languageLine(lead)}.`,
    `Email ${lead.email}.`,
    `From ${channel.label}${channel.campaign ? `, ${channel.campaign}` : ""}.`,
  ]
    .filter(Boolean)
    .join(" ");
}

/** The text alert to the team's phones. */
export function buildTeamText(lead: Lead): string {
  const leftOut = leftOutForHomeowner(lead);
  return escapeNonPrintable(
    `New lead: ${leadSummary(lead)}${leftOut ? ` ${LEFT_OUT}: ${leftOut}.` : ""}`,
  );
}

/** The escalation's text. */
export function buildEscalationText(lead: Lead, minutes: number): string {
  return escapeNonPrintable(`Not contacted after ${minutes} min: ${leadSummary(lead)}`);
}

/**
 * One readable line for a terminal: visitors' text is quoted as JSON, so a line break
 * cannot split it, with format characters and separators written out as \uXXXX.
 */
export function describeLead(
  lead: Pick<Lead, "id" | "address" | "condition" | "email" | "phone" | "state" | "source">,
): string {
  const details = [
    `email ${printableJson(lead.email)}`,
    lead.phone ? `phone ${printableJson(lead.phone)}` : "no call requested",
    lead.state && `state ${lead.state}`,
    lead.source && `from ${printableJson(lead.source)}`,
  ].filter(Boolean);
  return `${lead.id}: ${printableJson(lead.address)} (${lead.condition}), ${details.join(", ")}`;
}

/**
 * An alert the function itself writes to the team (homeowner messages paused by the hourly
 * cap), carried in its delivery's payload: its own words, never a visitor's. Null for a lead's
 * ordinary message.
 */
export function teamAlert(payload: Record<string, unknown>): EmailContent | null {
  if (payload.alert !== "homeowner_messages_paused" || typeof payload.text !== "string") {
    return null;
  }
  const text = payload.text;
  return { subject: "Homeowner messages paused", html: renderHtml(paragraph(text)), text };
}
