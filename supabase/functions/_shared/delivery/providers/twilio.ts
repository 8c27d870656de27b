// Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
// To, From or MessagingServiceSid, Body; HTTP Basic with the account SID and auth token; 201
// with the message, or an error as {"code", "message", "more_info", "status"}), as read on
// 2026-11-27: https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
// Webhook signatures (X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the
// full URL followed by each POST parameter's name and value, sorted by name), as read on
// 2026-11-27: https://www.twilio.com/docs/usage/webhooks/webhooks-security

import type { TwilioConfig } from "../../config/lead-config.ts";
import { sameSecret } from "../../contract/same-secret.ts";
import type { AttemptResult } from "../outbox.ts";
import { callProvider } from "../transport.ts";

/** Sends one text through Twilio. Twilio takes no idempotency key: an attempt lost in transit may be sent twice. */
export async function sendText(
  config: TwilioConfig,
  to: string,
  body: string,
  fetchImpl: typeof fetch = fetch,
): Promise<AttemptResult> {
  const url = `${config.url.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const form = new URLSearchParams({ To: to, Body: body });
  form.set(config.from.startsWith("MG") ? "MessagingServiceSid" : "From", config.from);
  const pair = `${config.accountSid}:${config.authToken}`;
  return callProvider(
    {
      name: "Twilio",
      url,
      headers: {
        authorization: `Basic ${btoa(pair)}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
      secrets: { "auth token": config.authToken, credentials: [pair, btoa(pair)] },
      describe: ({ text }) => {
        const error = parseError(text);
        return error ? `${error.message} (code ${String(error.code)})` : text;
      },
    },
    fetchImpl,
  );
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
