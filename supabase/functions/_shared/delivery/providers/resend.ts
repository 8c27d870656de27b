// Resend's send-email API (POST /emails, Bearer key, Idempotency-Key), as read on 2026-11-27:
// https://resend.com/docs/api-reference/emails/send-email and
// https://resend.com/docs/dashboard/emails/idempotency-keys (a key is honoured for 24 hours).

import type { ResendConfig } from "../../config/lead-config.ts";
import type { AttemptResult } from "../outbox.ts";
import { callProvider } from "../transport.ts";

export type Email = {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
};

/**
 * The address with its domain in the ASCII form mail systems take (пример.рф ->
 * xn--e1afmkfd.xn--p1ai); the local part is left as typed.
 */
export function asciiEmail(email: string): string {
  const at = email.lastIndexOf("@");
  try {
    return `${email.slice(0, at)}@${new URL(`http://${email.slice(at + 1)}`).hostname}`;
  } catch {
    return email;
  }
}

/**
 * Sends one e-mail through Resend. The delivery's id is the idempotency key, so an attempt
 * whose answer was lost and is tried again is sent once. When Resend refuses the reply-to
 * (422: a homeowner's local part it does not take) the e-mail goes again without it under
 * its own key: the address is in the body, and the team must hear of the lead either way.
 */
export async function sendEmail(
  config: ResendConfig,
  email: Email,
  idempotencyKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<AttemptResult> {
  const post = (replyTo: string | undefined, key: string) =>
    callProvider(
      {
        name: "Resend",
        url: config.url,
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body: JSON.stringify({
          from: email.from,
          to: email.to.map(asciiEmail),
          ...(replyTo ? { reply_to: asciiEmail(replyTo) } : {}),
          subject: email.subject,
          html: email.html,
          text: email.text,
        }),
        secrets: { "API key": config.apiKey },
      },
      fetchImpl,
    );
  const first = await post(email.replyTo, idempotencyKey);
  if (first.outcome !== "failed" || first.status !== 422 || !email.replyTo) return first;
  const again = await post(undefined, `${idempotencyKey}-no-reply-to`);
  if (again.outcome !== "failed" && again.outcome !== "retry") return again;
  return { ...again, error: `${first.error}; without the reply-to: ${again.error}` };
}
