// Inbound messages (a form post with From, To, Body, MessageSid, AccountSid; OptOutType of
// STOP, START or HELP when the Messaging Service's Advanced Opt-Out matched a keyword), and
// the keywords Twilio handles by default (STOP, UNSUBSCRIBE, END, QUIT, STOPALL, REVOKE,
// OPTOUT, CANCEL; START, YES, UNSTOP; HELP, INFO), as read on 2026-11-27:
// https://www.twilio.com/docs/messaging/guides/webhook-request and
// https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out

import { phoneKey } from "../contract/contacts.ts";
import type { CompanyFacts, TwilioConfig } from "../config/lead-config.ts";
import type { LeadRecords } from "../store/lead-records.ts";
import { escapeNonPrintable, printableJson } from "../contract/printable.ts";
import { buildHelpText } from "../delivery/messages/homeowner-messages.ts";
import { isSignedByTwilio } from "../delivery/providers/twilio.ts";
import { readText } from "../intake/read-body.ts";

const STOP_WORDS = new Set([
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
]);
const START_WORDS = new Set(["START", "YES", "UNSTOP"]);
const HELP_WORDS = new Set(["HELP", "INFO"]);
const BODY_MAX = 16 * 1024;

export type SmsInboundDeps = {
  twilio: TwilioConfig | null;
  company: CompanyFacts;
  records: Pick<LeadRecords, "recordOptOut">;
  log: (line: string) => void;
};

function twiml(message?: string): Response {
  const escaped = message?.replace(
    /[&<>]/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[char]!,
  );
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><Response>${escaped ? `<Message>${escaped}</Message>` : ""}</Response>`,
    { status: 200, headers: { "content-type": "text/xml; charset=utf-8" } },
  );
}

const refuse = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/** STOP, START or HELP as Twilio matched it, or the whole message as one keyword. */
function keywordOf(params: URLSearchParams): "stop" | "start" | "help" | null {
  const word = (params.get("OptOutType") || params.get("Body") || "").trim().toUpperCase();
  if (STOP_WORDS.has(word)) return "stop";
  if (START_WORDS.has(word)) return "start";
  if (HELP_WORDS.has(word)) return "help";
  return null;
}

/**
 * A text someone sent to the company's number, posted by Twilio: STOP is recorded as an
 * opt-out of texts for that number, START as taking it back, both in the append-only table
 * the team's listing reads; HELP is answered with who we are and how to reach a person.
 * A request without Twilio's valid signature for this account is refused and changes nothing.
 */
export async function handleSmsInbound(request: Request, deps: SmsInboundDeps): Promise<Response> {
  const { twilio } = deps;
  if (!twilio) return refuse(404, "Texts are not set up here (TWILIO_* settings).");
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
    deps.log(`Refused an inbound text without Twilio's signature for ${escapeNonPrintable(url)}.`);
    return refuse(
      403,
      "Refused: the request does not carry Twilio's signature for this account and address.",
    );
  }

  const from = params.get("From") ?? "";
  const contact = phoneKey(from);
  const keyword = keywordOf(params);
  const said = `${printableJson((params.get("Body") ?? "").slice(0, 160))} to ${escapeNonPrintable(params.get("To") ?? "our number")}`;
  if (keyword === "help") return twiml(buildHelpText(deps.company));
  if (keyword === null || contact === null) {
    deps.log(`Text from ${escapeNonPrintable(from)}: ${said}`);
    return twiml();
  }
  try {
    await deps.records.recordOptOut(
      contact,
      "texts",
      `texted ${said} (Twilio ${escapeNonPrintable(params.get("MessageSid") ?? "")})`,
      keyword === "stop" ? "opt_out" : "opt_in",
    );
  } catch (error) {
    deps.log(
      `Could not record ${keyword.toUpperCase()} from ${contact}: ${escapeNonPrintable(error instanceof Error ? error.message : String(error))}`,
    );
    return refuse(503, "Could not record it just now.");
  }
  deps.log(`${contact} ${keyword === "stop" ? "stopped" : "restarted"} texts: ${said}`);
  // Twilio answers STOP and START itself for its default keywords; an empty reply adds nothing.
  return twiml();
}
