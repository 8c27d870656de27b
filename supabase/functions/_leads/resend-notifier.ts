import type { ResendConfig } from "./lead-config.ts";
import { buildLeadEmail } from "./lead-email.ts";
import type { LeadNotifier } from "./lead-notifier.ts";
import type { Lead } from "./lead-store.ts";

const TIMEOUT_MS = 10_000;

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
 * Sends the notification through Resend's HTTP API; throws on any failure. When Resend
 * refuses the visitor's address as the reply-to (422: a local part it does not take), the
 * e-mail goes again without it: the address is in its body, and the team must hear of the
 * lead either way.
 */
export function createResendNotifier(
  config: ResendConfig,
  fetchImpl: typeof fetch = fetch,
): LeadNotifier {
  const send = (lead: Lead, replyTo: boolean, key: string) =>
    fetchImpl(config.url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        "content-type": "application/json",
        // Resend sends one e-mail per key, however often we retry.
        "idempotency-key": key,
      },
      body: JSON.stringify({
        from: config.from,
        to: config.to
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean),
        ...(replyTo ? { reply_to: asciiEmail(lead.email) } : {}),
        ...buildLeadEmail(lead),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  const failure = async (response: Response) =>
    new Error(
      `Resend answered ${response.status}: ${(await response.text().catch(() => "")).slice(0, 300)}`,
    );

  return {
    async notify(lead: Lead) {
      const response = await send(lead, true, `lead-${lead.id}`);
      if (response.ok) return;
      if (response.status !== 422) throw await failure(response);
      const refused = await failure(response);
      const again = await send(lead, false, `lead-${lead.id}-no-reply-to`);
      if (!again.ok)
        throw new Error(
          `${refused.message}; without the reply-to: ${(await failure(again)).message}`,
        );
    },
  };
}
