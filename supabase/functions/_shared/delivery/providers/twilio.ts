// Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
// To, From or MessagingServiceSid, Body; HTTP Basic with the account SID and auth token; 201
// with the message, or an error as {"code", "message", "more_info", "status"}), as read on
// 2026-11-27: https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
// Reading messages (GET /2010-04-01/Accounts/{AccountSid}/Messages.json filtered by To, From
// and DateSent, with DateSent> for "on or after" and DateSent< for "on or before" a GMT date,
// PageSize per page; {"messages": [...], "next_page_uri", ...}, each message with sid, to,
// from, messaging_service_sid, body, status and date_created as an RFC 2822 date), as the
// same page documents them: https://www.twilio.com/docs/messaging/api/message-resource#read-multiple-message-resources
// Webhook signatures (X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the
// full URL followed by each POST parameter's name and value, sorted by name), as read on
// 2026-11-27: https://www.twilio.com/docs/usage/webhooks/webhooks-security

import type { TwilioConfig } from "../../config/lead-config.ts";
import { sameSecret } from "../../contract/same-secret.ts";
import type { AttemptResult } from "../outbox.ts";
import { callProvider } from "../transport.ts";

/**
 * Sends one text through Twilio. Twilio takes no idempotency key: an attempt lost in transit
 * may be sent twice, unless the caller looks first (sendTextOnce).
 */
export async function sendText(
  config: TwilioConfig,
  to: string,
  body: string,
  fetchImpl: typeof fetch = fetch,
): Promise<AttemptResult> {
  const form = new URLSearchParams({ To: to, Body: body });
  form.set(usesService(config) ? "MessagingServiceSid" : "From", config.from);
  return callProvider(
    {
      ...twilioRequest(config),
      url: messagesUrl(config),
      headers: {
        ...twilioRequest(config).headers,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
    },
    fetchImpl,
  );
}

/** Latest messages read at most: Twilio lists the most recent first, and a page fits the answer's bound. */
export const LOOKUP_PAGE_SIZE = 20;
/** Allowed between our clock and Twilio's when comparing a message's creation with a claim. */
const CLOCK_MARGIN_MS = 5 * 60_000;

export type TextLookup =
  | { found: { sid: string; status: string; created: string } }
  /** `full`: the page was full, so an older match may be past it. */
  | { found: null; full: boolean }
  | { error: string };

type ListedMessage = {
  sid?: unknown;
  to?: unknown;
  from?: unknown;
  messaging_service_sid?: unknown;
  body?: unknown;
  status?: unknown;
  date_created?: unknown;
};

/**
 * Whether Twilio holds a text with this body to `to` from our sender, created since `since`
 * (an ISO time): its Message list, filtered by To, From and DateSent> (the day of `since`,
 * less a margin), the latest LOOKUP_PAGE_SIZE read. A failed or canceled message does not
 * count: Twilio did not send it.
 */
export async function findSentText(
  config: TwilioConfig,
  to: string,
  body: string,
  since: string,
  fetchImpl: typeof fetch = fetch,
): Promise<TextLookup> {
  const earliest = Date.parse(since) - CLOCK_MARGIN_MS;
  const query = new URLSearchParams({ To: to });
  // A Messaging Service sends from a number of its pool: From is unknown, its SID is matched below.
  if (!usesService(config)) query.set("From", config.from);
  query.set("DateSent>", new Date(earliest).toISOString().slice(0, 10));
  query.set("PageSize", String(LOOKUP_PAGE_SIZE));
  let listed: string | null = null;
  const result = await callProvider(
    {
      ...twilioRequest(config),
      name: "Twilio's list of messages",
      reachedName: "Twilio",
      method: "GET",
      url: `${messagesUrl(config)}?${query}`,
      read: (answer, byStatus) => {
        if (byStatus.outcome === "sent") listed = answer.text;
        return byStatus;
      },
    },
    fetchImpl,
  );
  if (result.outcome !== "sent") {
    return { error: "error" in result ? result.error : `${result.outcome} from Twilio's list` };
  }
  const messages = parseMessages(listed);
  if (!messages) return { error: "Twilio's list of messages did not read as one" };
  const match = messages.find(
    (message) =>
      message.to === to &&
      message.body === body &&
      (usesService(config)
        ? message.messaging_service_sid === config.from
        : message.from === config.from) &&
      typeof message.status === "string" &&
      !["failed", "canceled"].includes(message.status) &&
      typeof message.date_created === "string" &&
      Date.parse(message.date_created) >= earliest,
  );
  return match
    ? {
        found: {
          sid: String(match.sid),
          status: String(match.status),
          created: new Date(Date.parse(String(match.date_created))).toISOString(),
        },
      }
    : { found: null, full: messages.length >= LOOKUP_PAGE_SIZE };
}

/**
 * Sends a text, unless the attempt before this one recorded no outcome (a crash mid-call, so
 * Twilio may have created the message) and Twilio lists it: then it is recorded sent, saying
 * so, and not sent a second time. When the list cannot be read, the text is sent, and the note
 * says so: a second text is better than none.
 *
 * What remains: a text created just before the crash that Twilio has not listed yet (DateSent
 * is set when Twilio sends it, so a message still queued may not match DateSent>), one older
 * than the latest LOOKUP_PAGE_SIZE to that number, and a body Twilio changed on the way (a
 * Messaging Service's Smart Encoding or appended opt-out wording) are sent again. With a
 * Messaging Service as sender, From is one of its numbers, so the list is not filtered by From
 * and the message's messaging_service_sid is matched instead.
 */
export async function sendTextOnce(
  config: TwilioConfig,
  to: string,
  body: string,
  unrecordedSince: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<AttemptResult> {
  if (!unrecordedSince) return sendText(config, to, body, fetchImpl);
  const lookup = await findSentText(config, to, body, unrecordedSince, fetchImpl);
  const unknown = `the attempt before recorded no outcome`;
  if ("found" in lookup && lookup.found) {
    const { sid, status, created } = lookup.found;
    return {
      outcome: "sent",
      status: 200,
      note: `not sent again: ${unknown}, and Twilio lists the text (${sid}, ${status}, created ${created})`,
    };
  }
  const result = await sendText(config, to, body, fetchImpl);
  if (result.outcome !== "sent") return result;
  const note =
    "error" in lookup
      ? `sent again: ${unknown}, and Twilio's list could not be read (${lookup.error})`
      : `sent: ${unknown}, and Twilio lists no such text since ${unrecordedSince}${lookup.full ? ` among the latest ${LOOKUP_PAGE_SIZE}` : ""}`;
  return { ...result, note };
}

function usesService(config: TwilioConfig): boolean {
  return config.from.startsWith("MG");
}

function messagesUrl(config: TwilioConfig): string {
  return `${config.url.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
}

/** What every call to Twilio shares: HTTP Basic with the account, its secrets, its errors read. */
function twilioRequest(config: TwilioConfig) {
  const pair = `${config.accountSid}:${config.authToken}`;
  return {
    name: "Twilio",
    headers: { authorization: `Basic ${btoa(pair)}` },
    secrets: { "auth token": config.authToken, credentials: [pair, btoa(pair)] },
    describe: ({ text }: { text: string }) => {
      const error = parseError(text);
      return error ? `${error.message} (code ${String(error.code)})` : text;
    },
  };
}

function parseMessages(text: string | null): ListedMessage[] | null {
  try {
    const { messages } = JSON.parse(text ?? "") as { messages?: unknown };
    return Array.isArray(messages)
      ? messages.filter((item): item is ListedMessage => typeof item === "object" && item !== null)
      : null;
  } catch {
    return null;
  }
}

function parseError(text: string): { code: unknown; message: string } | null {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return typeof body.message === "string" ? { code: body.code, message: body.message } : null;
  } catch {
    return null;
  }
}

/**
 * The X-Twilio-Signature of a form post to `url`: base64 HMAC-SHA1 with the auth token of
 * the URL followed by every parameter's name and value, sorted by name. Written here with Web
 * Crypto because Twilio's own package, which does the same, brings an HTTP client the
 * function does not need; a test checks this against the package.
 */
export async function twilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
): Promise<string> {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => `${name}${value}`).join("");
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(authToken),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const digest = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data)),
  );
  return btoa(String.fromCharCode(...digest));
}

/** Whether a form post carries Twilio's signature for this URL. */
export async function isSignedByTwilio(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | null,
): Promise<boolean> {
  if (!signature) return false;
  return sameSecret(signature, await twilioSignature(authToken, url, params));
}
