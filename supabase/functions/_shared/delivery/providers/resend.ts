// Resend's send-email API (POST /emails, Bearer key, Idempotency-Key), as read on 2026-11-27:
// https://resend.com/docs/api-reference/emails/send-email and
// https://resend.com/docs/dashboard/emails/idempotency-keys (a key is honoured for 24 hours).

import type { ResendConfig } from "../../config/lead-config.ts";
import { escapeNonPrintable } from "../../contract/printable.ts";
import { answerOutcome, unreachable, type AttemptResult } from "../outbox.ts";

const TIMEOUT_MS = 10_000;
const DETAIL_MAX = 300;

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
  const post = async (replyTo: string | undefined, key: string) => {
    const response = await fetchImpl(config.url, {
      method: "POST",
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
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const detail = escapeNonPrintable((await response.text().catch(() => "")).slice(0, DETAIL_MAX));
    return answerOutcome(
      response.status,
      response.headers.get("retry-after"),
      (status) => `${status} from Resend: ${detail || "(no body)"}`,
    );
  };
  try {
    const first = await post(email.replyTo, idempotencyKey);
    if (first.outcome !== "failed" || first.status !== 422 || !email.replyTo) return first;
    const again = await post(undefined, `${idempotencyKey}-no-reply-to`);
    if (again.outcome !== "failed" && again.outcome !== "retry") return again;
    return { ...again, error: `${first.error}; without the reply-to: ${again.error}` };
  } catch (error) {
    return unreachable("Resend", error);
  }
}
