// Inbound messages (a form post with From, To, Body, MessageSid, AccountSid; OptOutType of
// STOP, START or HELP when the Messaging Service's Advanced Opt-Out matched a keyword), and
// the keywords Twilio handles by default (STOP, UNSUBSCRIBE, END, QUIT, STOPALL, REVOKE,
// OPTOUT, CANCEL; START, YES, UNSTOP; HELP, INFO), as read on 2026-11-27:
// https://www.twilio.com/docs/messaging/guides/webhook-request and
// https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out
// TwiML's <Message to="..."> sends a message to another number than the sender's, from the
// number the text came to, as read on 2026-11-29: https://www.twilio.com/docs/messaging/twiml/message

import { phoneKey } from "../contract/contacts.ts";
import type { CompanyFacts, TwilioConfig } from "../config/lead-config.ts";
import type { InboundTextReceipt } from "../store/inbound-texts.ts";
import type { LeadRecords } from "../store/lead-records.ts";
import type { OptOut } from "../store/rows.ts";
import { escapeNonPrintable, printableJson } from "../contract/printable.ts";
import type { Language } from "../contract/language.ts";
import { readTextReply, writtenInSpanish, type TextReplyKind } from "../contract/text-replies.ts";
import { buildHelpText, buildStopConfirmation } from "../delivery/messages/homeowner-messages.ts";
import { isSignedByTwilio } from "../delivery/providers/twilio.ts";
import { readText } from "../intake/read-body.ts";

/** A message that is exactly one of these, Twilio answers itself and blocks the number. */
const TWILIO_STOP_WORDS = new Set([
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
]);
/** Advanced Opt-Out's OptOutType, which decides over our own reading of the words. */
const OPT_OUT_TYPES: Record<string, TextReplyKind> = {
  STOP: "revocation",
  START: "start",
  HELP: "help",
};
/** What a text changes for its sender's texts: a revocation stops them, START restarts them. */
const CHANGES: Partial<Record<TextReplyKind, OptOut["action"]>> = {
  revocation: "opt_out",
  start: "opt_in",
};
/** SM… for a text, MM… for a picture message: two letters and 32 hexadecimal digits. */
const MESSAGE_SID = /^[A-Z]{2}[0-9a-f]{32}$/i;
const BODY_MAX = 16 * 1024;
/** How much of a text the log and the opt-out's note quote. */
const QUOTED = 160;
/** How much of an unclear text the team's phones are sent. */
const TEAM_QUOTED = 100;

export type SmsInboundDeps = {
  twilio: TwilioConfig | null;
  company: CompanyFacts;
  /** The team's phones (LEADS_ALERT_SMS_TO), told of a text that may be a revocation. */
  teamPhones: readonly string[];
  records: Pick<LeadRecords, "recordInboundText">;
  log: (line: string) => void;
};

type TwimlMessage = { body: string; to?: string };

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!,
  );

/** Twilio's answer: a message to each `to` (the sender when none is named), or none. */
function twiml(messages: TwimlMessage[] = []): Response {
  const verbs = messages
    .map(
      ({ body, to }) =>
        `<Message${to ? ` to="${escapeXml(to)}"` : ""}>${escapeXml(body)}</Message>`,
    )
    .join("");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><Response>${verbs}</Response>`, {
    status: 200,
    headers: { "content-type": "text/xml; charset=utf-8" },
  });
}

const refuse = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

const clip = (text: string, max: number) => [...text].slice(0, max).join("");

/** What the team's phones are sent about a text that may be a revocation. */
export function buildUnclearAlert(contact: string, body: string): string {
  return escapeNonPrintable(
    `A text from ${contact} may be an opt-out and was not taken as one: ${printableJson(clip(body, TEAM_QUOTED))}. If it is: npm run leads -- --opt-out ${contact} --channel texts`,
  );
}

/** A text Twilio posted, as read from its form. */
type ReceivedText = {
  sid: string;
  /** From as posted, for the log. */
  from: string;
  /** The sender in E.164; null when From was no phone number. */
  contact: string | null;
  body: string;
  kind: TextReplyKind;
  /** The text quoted, and the number it came to, for the log and the opt-out's note. */
  said: string;
  /** Advanced Opt-Out matched a keyword, and Twilio answered it. */
  hasOptOutType: boolean;
};

/**
 * The form Twilio posted to `twilio.inboundUrl`, or the refusal of a request that is not one
 * (wrong method or media type, a body too large or not UTF-8, no valid signature for this
 * account).
 */
async function readSignedForm(
  request: Request,
  twilio: TwilioConfig,
  log: SmsInboundDeps["log"],
): Promise<URLSearchParams | Response> {
  if (request.method !== "POST") return refuse(405, "Use POST.");
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded") {
    return refuse(415, "Twilio posts application/x-www-form-urlencoded.");
  }
  let text: string | null;
  try {
    text = await readText(request, BODY_MAX);
  } catch {
    return refuse(400, "The body is not UTF-8.");
  }
  if (text === null) return refuse(413, "The request is too large.");
  const params = new URLSearchParams(text);
  const url = twilio.inboundUrl ?? request.url;
  const signed = await isSignedByTwilio(
    twilio.authToken,
    url,
    params,
    request.headers.get("x-twilio-signature"),
  );
  if (!signed || params.get("AccountSid") !== twilio.accountSid) {
    log(`Refused an inbound text without Twilio's signature for ${escapeNonPrintable(url)}.`);
    return refuse(
      403,
      "Refused: the request does not carry Twilio's signature for this account and address.",
    );
  }
  return params;
}

/** The text in a signed form: who sent it, and what it asks (contract/text-replies.ts). */
function readReceivedText(params: URLSearchParams, sid: string): ReceivedText {
  const from = params.get("From") ?? "";
  const body = params.get("Body") ?? "";
  return {
    sid,
    from,
    contact: phoneKey(from),
    body,
    kind: OPT_OUT_TYPES[(params.get("OptOutType") ?? "").toUpperCase()] ?? readTextReply(body),
    said: `${printableJson(clip(body, QUOTED))} to ${escapeNonPrintable(params.get("To") ?? "our number")}`,
    hasOptOutType: params.has("OptOutType"),
  };
}

/** Keeps the text with what it changes; a 503 when the store cannot. */
async function recordText(
  { sid, from, contact, body, kind, said }: ReceivedText,
  deps: SmsInboundDeps,
): Promise<InboundTextReceipt | Response> {
  const action = contact === null ? null : (CHANGES[kind] ?? null);
  try {
    return await deps.records.recordInboundText({
      messageSid: sid,
      from: contact,
      body,
      kind,
      change: action && { action, note: `texted ${said} (Twilio ${sid})` },
    });
  } catch (error) {
    deps.log(
      `Could not record the text ${sid} from ${escapeNonPrintable(from)} (${kind}): ${escapeNonPrintable(error instanceof Error ? error.message : String(error))}`,
    );
    return refuse(503, "Could not record it just now.");
  }
}

/**
 * The language of the answer: Spanish when the text's words were (PARAR, AYUDA…) or when the
 * number's latest lead came from a Spanish page; English otherwise.
 */
export function replyLanguage(body: string, leadLanguage: Language | null): Language {
  return writtenInSpanish(body) || leadLanguage === "es" ? "es" : "en";
}

/** The TwiML answer to a text kept for the first time. */
function answerText(
  { from, contact, body, kind, said, hasOptOutType }: ReceivedText,
  { unclearBefore, language }: { unclearBefore: number; language: Language | null },
  deps: SmsInboundDeps,
): Response {
  const replyIn = replyLanguage(body, language);
  if (kind === "help") return twiml([{ body: buildHelpText(deps.company, replyIn) }]);
  if (contact === null || kind === "other") {
    deps.log(`Text from ${escapeNonPrintable(from)}: ${said}`);
    return twiml();
  }
  if (kind === "revocation") {
    deps.log(`${contact} stopped texts: ${said}`);
    // Twilio confirms its own keywords (and then blocks every message to the number); any
    // other wording gets our one confirmation.
    const twilioAnswered = hasOptOutType || TWILIO_STOP_WORDS.has(body.trim().toUpperCase());
    return twiml(twilioAnswered ? [] : [{ body: buildStopConfirmation(deps.company, replyIn) }]);
  }
  if (kind === "start") {
    deps.log(`${contact} restarted texts: ${said}`);
    // Twilio answers START itself; an empty reply adds nothing.
    return twiml();
  }
  // Unclear: kept, and sent on to the team's phones, once a day per number so that a
  // stranger's texts cannot run up the team's.
  const phones = unclearBefore === 0 ? deps.teamPhones : [];
  deps.log(
    `${contact} sent a text that may be an opt-out, not taken as one: ${said}; ${
      phones.length > 0
        ? `sent on to the team's ${phones.length === 1 ? "phone" : `${phones.length} phones`}.`
        : unclearBefore > 0
          ? "the team was sent an earlier one of the last day."
          : "no team phone to send it to (LEADS_ALERT_SMS_TO)."
    }`,
  );
  const alert = buildUnclearAlert(contact, body);
  return twiml(phones.map((to) => ({ to, body: alert })));
}

/**
 * A text someone sent to the company's number, posted by Twilio, read for what it asks
 * (contract/text-replies.ts) and kept once by its MessageSid with what it changes, in one
 * statement: a revocation is an opt-out of texts for that number, START takes it back, both
 * in the append-only table the team's listing reads; HELP is answered with who we are and
 * how to reach a person; a text that may be a revocation but is not clear is kept and sent
 * on to the team's phones. A MessageSid kept before is a replay, answered with nothing and
 * changing nothing. A request without Twilio's valid signature for this account is refused.
 */
export async function handleSmsInbound(request: Request, deps: SmsInboundDeps): Promise<Response> {
  const { twilio } = deps;
  if (!twilio) return refuse(404, "Texts are not set up here (TWILIO_* settings).");
  const params = await readSignedForm(request, twilio, deps.log);
  if (params instanceof Response) return params;
  const sid = params.get("MessageSid") ?? "";
  if (!MESSAGE_SID.test(sid)) return refuse(400, "A text from Twilio carries its MessageSid.");

  const received = readReceivedText(params, sid);
  const receipt = await recordText(received, deps);
  if (receipt instanceof Response) return receipt;
  if (receipt.replay) {
    // Answered 200, so that Twilio does not try again; the first answer stands.
    deps.log(
      `Text ${sid} from ${escapeNonPrintable(received.from)} was received before: changed nothing.`,
    );
    return twiml();
  }
  return answerText(received, receipt, deps);
}
