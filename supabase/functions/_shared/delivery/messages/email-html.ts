/**
 * The HTML of the e-mails, escaped by construction: html`...` writes every value put into
 * it as text, unless that value was itself made by html`...`, and the layout both the
 * team's and the homeowner's e-mails use is made with it. Written here because escape-goat's
 * tag returns a plain string (a nested template would be escaped twice), hono/html brings a
 * web framework and lit-html a DOM.
 */

const MARKUP = Symbol("markup made by html``");

/** Markup made by html`...`: the only value a template puts in as it is. */
export type Html = { readonly [MARKUP]: string };

/** Text, which is escaped, markup, which is not, or a list of them, written one after another. */
export type HtmlValue = string | Html | readonly HtmlValue[];

/** The three parts of an e-mail that the messages make. */
export type EmailContent = { subject: string; html: string; text: string };

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function isHtml(value: HtmlValue): value is Html {
  return typeof value === "object" && MARKUP in value;
}

function markupOf(value: HtmlValue): string {
  if (typeof value === "string") return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
  if (isHtml(value)) return value[MARKUP];
  return value.map(markupOf).join("");
}

/** A piece of HTML; what is put into it is escaped unless it is made by html`...` too. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let markup = strings[0]!;
  values.forEach((value, index) => {
    markup += markupOf(value) + strings[index + 1]!;
  });
  return { [MARKUP]: markup };
}

/** The markup to send. */
export function renderHtml(value: HtmlValue): string {
  return markupOf(value);
}

/*
 * Prettier lays out an html`` template like a page: the line breaks, indents and <br /> it
 * adds would go out in every e-mail, so the layout below is left as written.
 */

/** A paragraph of one line or more. */
export function paragraph(first: HtmlValue, ...more: readonly HtmlValue[]): Html {
  // prettier-ignore
  return html`<p>${first}${more.map((line) => html`<br>${line}`)}</p>`;
}

/** Labels and their values, one row each. */
export function detailsTable(details: readonly (readonly [label: string, value: string])[]): Html {
  // prettier-ignore
  const rows = details.map(([label, value]) => html`<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${value}</td></tr>`);
  // prettier-ignore
  return html`<table>${rows}</table>`;
}
