import type { CompanyFacts } from "../../config/lead-config.ts";
import type { Language } from "../../contract/language.ts";
import type { Lead } from "../../store/rows.ts";
import { escapeNonPrintable } from "../../contract/printable.ts";
import { addressToRepeat, phoneToRepeat } from "../../contract/repeatable.ts";
import { detailsTable, html, paragraph, renderHtml, type EmailContent } from "./email-html.ts";
import { HOMEOWNER_WORDS } from "./homeowner-words.ts";

/**
 * What a homeowner hears from us after sending the form: the confirmation e-mail, the
 * confirmation text (only with the box for texts ticked), and the answer to HELP, in the
 * lead's language (homeowner-words.ts; English when none is given). Every text message
 * carries the brand and how to stop, as carriers require.
 */

/** The lead's language, English for a caller that has none to give. */
type InLanguage = { language?: Language };

/**
 * The confirmation e-mail: what was received, what happens next and by when, how to correct it.
 * Anyone can type anyone's e-mail into the form, so it repeats nothing a stranger could use
 * (repeatable.ts): the address only when it reads as a street address, the phone only as one
 * valid US number written the site's way, and not the e-mail address, which the To line shows.
 */
export function buildConfirmationEmail(
  lead: Pick<Lead, "id" | "address" | "condition" | "phone"> & InLanguage,
  facts: CompanyFacts,
): EmailContent {
  const words = HOMEOWNER_WORDS[lead.language ?? "en"];
  const company = inLanguage(facts, lead.language);
  const address = addressToRepeat(lead.address);
  const phone = lead.phone ? (phoneToRepeat(lead.phone) ?? words.yourNumber) : null;
  const received: [string, string][] = [
    [words.labels.property, address ?? words.notRepeated],
    [words.labels.condition, words.condition(lead.condition)],
    [words.labels.call, phone ? words.callAt(phone) : words.no],
  ].map(([label, value]) => [label!, escapeNonPrintable(value!)]);
  const next = phone ? words.nextCall(phone) : words.nextEmail;
  const thanks = words.thanks(company);
  const correct = words.correct(company);
  const sign = `${company.name} · ${company.phone} · ${company.email}`;
  const subject = words.subject(address && escapeNonPrintable(address));

  const text = [
    thanks,
    "",
    `${words.received}:`,
    ...received.map(([label, value]) => `  ${label}: ${value}`),
    "",
    `${words.next} ${next}`,
    "",
    correct,
    words.notYou,
    "",
    sign,
    words.requestId(lead.id),
  ].join("\n");

  const body = renderHtml([
    paragraph(thanks),
    paragraph(html`<strong>${words.received}</strong>`),
    detailsTable(received),
    paragraph(html`<strong>${words.next}</strong> ${next}`),
    paragraph(correct, words.notYou),
    paragraph(sign, words.requestId(lead.id)),
  ]);
  return { subject, html: body, text };
}

const TEXT_ADDRESS_MAX = 60;

/** The company as a message in `language` names it: a Spanish one gives the Spanish line. */
function inLanguage(company: CompanyFacts, language: Language | null | undefined): CompanyFacts {
  return language === "es" && company.spanishPhone
    ? { ...company, phone: company.spanishPhone }
    : company;
}

/**
 * The confirmation text to a homeowner who ticked the box for texts: the address only when it
 * reads as a street address, else "your request".
 */
export function buildConfirmationText(
  lead: Pick<Lead, "address"> & InLanguage,
  facts: CompanyFacts,
): string {
  const words = HOMEOWNER_WORDS[lead.language ?? "en"];
  const company = inLanguage(facts, lead.language);
  const address = addressToRepeat(lead.address);
  const letters = [...(address ?? "")];
  const shortened =
    letters.length > TEXT_ADDRESS_MAX
      ? `${letters.slice(0, TEXT_ADDRESS_MAX - 1).join("")}…`
      : address;
  const place = shortened ? words.requestFor(shortened) : words.yourRequest;
  return escapeNonPrintable(words.text(company, place));
}

/** The answer to HELP (or INFO, or AYUDA): who we are and how to reach a person. */
export function buildHelpText(company: CompanyFacts, language: Language = "en"): string {
  return HOMEOWNER_WORDS[language].help(inLanguage(company, language));
}

/** The one confirmation 47 CFR 64.1200(a)(12) allows after a revocation: it confirms, and says nothing else. */
export function buildStopConfirmation(company: CompanyFacts, language: Language = "en"): string {
  return HOMEOWNER_WORDS[language].stopped(company);
}
