import type { CompanyFacts } from "../../config/lead-config.ts";
import type { Lead } from "../../store/rows.ts";
import { escapeNonPrintable } from "../../contract/printable.ts";
import { addressToRepeat, phoneToRepeat } from "../../contract/repeatable.ts";
import { RECEIVED_PROMISE } from "../../contract/site-facts.ts";
import { detailsTable, html, paragraph, renderHtml, type EmailContent } from "./email-html.ts";

/**
 * What a homeowner hears from us after sending the form: the confirmation e-mail, the
 * confirmation text (only with the box for texts ticked), and the answer to HELP. Every
 * text message carries the brand and how to stop, as carriers require.
 */

const STOP_LINE = "Reply STOP to opt out.";

/** The words that stand for a detail the message does not repeat. */
const YOUR_REQUEST = "your request";
const YOUR_NUMBER = "the number you gave";

/**
 * The confirmation e-mail: what was received, what happens next and by when, how to correct it.
 * Anyone can type anyone's e-mail into the form, so it repeats nothing a stranger could use
 * (repeatable.ts): the address only when it reads as a street address, the phone only as one
 * valid US number written the site's way, and not the e-mail address, which the To line shows.
 */
export function buildConfirmationEmail(
  lead: Pick<Lead, "id" | "address" | "condition" | "phone">,
  company: CompanyFacts,
): EmailContent {
  const address = addressToRepeat(lead.address);
  const phone = lead.phone ? (phoneToRepeat(lead.phone) ?? YOUR_NUMBER) : null;
  const received: [string, string][] = [
    ["Property", address ?? "not repeated in this e-mail"],
    ["Condition", lead.condition],
    ["Call requested", phone ? `yes, at ${phone}` : "no"],
  ].map(([label, value]) => [label!, escapeNonPrintable(value!)]);
  const next = phone
    ? `We will call you at ${phone} within 24 hours with a cash offer, and confirm it in writing. There is no obligation and no fee.`
    : "We will e-mail you within 24 hours with a cash offer. There is no obligation and no fee.";
  const thanks = `Thank you for asking ${company.name} for a cash offer. ${RECEIVED_PROMISE}`;
  const correct = `To correct a detail, reply to this e-mail or call us at ${company.phone}.`;
  const notYou =
    "If you did not ask for an offer, reply to tell us and we will not contact you again.";
  const sign = `${company.name} · ${company.phone} · ${company.email}`;
  const subject = address
    ? `We received your request for ${escapeNonPrintable(address)}`
    : "We received your request";

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

/**
 * The confirmation text to a homeowner who ticked the box for texts: the address only when it
 * reads as a street address, else "your request".
 */
export function buildConfirmationText(lead: Pick<Lead, "address">, company: CompanyFacts): string {
  const address = addressToRepeat(lead.address);
  const letters = [...(address ?? "")];
  const shortened =
    letters.length > TEXT_ADDRESS_MAX
      ? `${letters.slice(0, TEXT_ADDRESS_MAX - 1).join("")}…`
      : address;
  const place = shortened ? `${YOUR_REQUEST} for ${shortened}` : YOUR_REQUEST;
  return escapeNonPrintable(
    `${company.name}: we received ${place}. We will contact you within 24 hours with a cash offer. Questions: ${company.phone}. ${STOP_LINE}`,
  );
}

/** The answer to HELP (or INFO): who we are and how to reach a person. */
export function buildHelpText(company: CompanyFacts): string {
  return `${company.name}: texts about your cash offer request. Help: call ${company.phone} or e-mail ${company.email}. Msg & data rates may apply. ${STOP_LINE}`;
}
