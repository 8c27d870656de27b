import type { CompanyFacts } from "../../config/lead-config.ts";
import type { Lead } from "../../store/rows.ts";
import { escapeNonPrintable } from "../../contract/printable.ts";
import { RECEIVED_PROMISE } from "../../contract/site-facts.ts";
import { detailsTable, html, paragraph, renderHtml, type EmailContent } from "./email-html.ts";

/**
 * What a homeowner hears from us after sending the form: the confirmation e-mail, the
 * confirmation text (only with the box for texts ticked), and the answer to HELP. Every
 * text message carries the brand and how to stop, as carriers require.
 */

const STOP_LINE = "Reply STOP to opt out.";

/** The confirmation e-mail: what was received, what happens next and by when, how to correct it. */
export function buildConfirmationEmail(
  lead: Pick<Lead, "id" | "address" | "condition" | "phone" | "email">,
  company: CompanyFacts,
): EmailContent {
  const received: [string, string][] = [
    ["Property", lead.address],
    ["Condition", lead.condition],
    ["Call requested", lead.phone ? `yes, at ${lead.phone}` : "no"],
    ["Your e-mail", lead.email],
  ].map(([label, value]) => [label!, escapeNonPrintable(value!)]);
  const next = lead.phone
    ? `We will call you at ${escapeNonPrintable(lead.phone)} within 24 hours with a cash offer, and confirm it in writing. There is no obligation and no fee.`
    : "We will e-mail you within 24 hours with a cash offer. There is no obligation and no fee.";
  const thanks = `Thank you for asking ${company.name} for a cash offer. ${RECEIVED_PROMISE}`;
  const correct = `To correct a detail, reply to this e-mail or call us at ${company.phone}.`;
  const notYou =
    "If you did not ask for an offer, reply to tell us and we will not contact you again.";
  const sign = `${company.name} · ${company.phone} · ${company.email}`;
  const subject = `We received your request for ${escapeNonPrintable(lead.address)}`;

  const text = [
    thanks,
    "",
    "What we received:",
    ...received.map(([label, value]) => `  ${label}: ${value}`),
    "",
    `What happens next: ${next}`,
    "",
    correct,
    notYou,
    "",
    sign,
    `Request ${lead.id}`,
  ].join("\n");

  const body = renderHtml([
    paragraph(thanks),
    paragraph(html`<strong>What we received</strong>`),
    detailsTable(received),
    paragraph(html`<strong>What happens next:</strong> ${next}`),
    paragraph(correct, notYou),
    paragraph(sign, `Request ${lead.id}`),
  ]);
  return { subject, html: body, text };
}

const TEXT_ADDRESS_MAX = 60;

/** The confirmation text to a homeowner who ticked the box for texts. */
export function buildConfirmationText(lead: Pick<Lead, "address">, company: CompanyFacts): string {
  const address = [...lead.address];
  const place =
    address.length > TEXT_ADDRESS_MAX
      ? `${address.slice(0, TEXT_ADDRESS_MAX - 1).join("")}…`
      : lead.address;
  return escapeNonPrintable(
    `${company.name}: we received your request for ${place}. We will contact you within 24 hours with a cash offer. Questions: ${company.phone}. ${STOP_LINE}`,
  );
}

/** The answer to HELP (or INFO): who we are and how to reach a person. */
export function buildHelpText(company: CompanyFacts): string {
  return `${company.name}: texts about your cash offer request. Help: call ${company.phone} or e-mail ${company.email}. Msg & data rates may apply. ${STOP_LINE}`;
}
