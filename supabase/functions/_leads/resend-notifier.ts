import type { ResendConfig } from "./lead-config.ts";
import { buildLeadEmail } from "./lead-email.ts";
import type { LeadNotifier } from "./lead-notifier.ts";
import type { Lead } from "./lead-store.ts";

const TIMEOUT_MS = 10_000;

/** Sends the notification through Resend's HTTP API; throws on any failure. */
export function createResendNotifier(
  config: ResendConfig,
  fetchImpl: typeof fetch = fetch,
): LeadNotifier {
  return {
    async notify(lead: Lead) {
      const response = await fetchImpl(config.url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          "content-type": "application/json",
          // Resend sends one e-mail per key, however often we retry.
          "idempotency-key": `lead-${lead.id}`,
        },
        body: JSON.stringify({
          from: config.from,
          to: config.to
            .split(",")
            .map((address) => address.trim())
            .filter(Boolean),
          reply_to: lead.email,
          ...buildLeadEmail(lead),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 300);
        throw new Error(`Resend answered ${response.status}: ${detail}`);
      }
    },
  };
}
