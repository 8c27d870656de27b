import type { Lead } from "./lead-store.ts";
import { createResendNotifier } from "./resend-notifier.ts";

/** Tells the team about a new lead; throws when it could not. */
export interface LeadNotifier {
  notify(lead: Lead): Promise<void>;
}

const RESEND_VARIABLES = ["RESEND_API_KEY", "LEADS_NOTIFY_TO", "LEADS_NOTIFY_FROM"] as const;

/**
 * Resend when RESEND_API_KEY, LEADS_NOTIFY_TO and LEADS_NOTIFY_FROM are all
 * set; otherwise one log line per lead, so a lead is never silently dropped.
 */
export function createLeadNotifier(
  env: (name: string) => string | undefined,
  log: (line: string) => void,
): LeadNotifier {
  const [apiKey, to, from] = RESEND_VARIABLES.map((name) => env(name)?.trim() ?? "");
  if (apiKey && to && from) return createResendNotifier({ apiKey, to, from });

  const missing = RESEND_VARIABLES.filter((name) => !env(name)?.trim());
  if (missing.length < RESEND_VARIABLES.length) {
    log(`Lead e-mails are off, ${missing.join(", ")} not set: new leads go to this log only.`);
  }
  return {
    async notify(lead) {
      log(`New lead ${describeLead(lead)}`);
    },
  };
}

/** One readable line; JSON quoting keeps line breaks in visitors' text from splitting it. */
export function describeLead(lead: Lead): string {
  const details = [
    `email ${JSON.stringify(lead.email)}`,
    lead.phone ? `phone ${JSON.stringify(lead.phone)}` : "no call requested",
    lead.state && `state ${lead.state}`,
    lead.source && `from ${JSON.stringify(lead.source)}`,
  ].filter(Boolean);
  return `${lead.id}: ${JSON.stringify(lead.address)} (${lead.condition}), ${details.join(", ")}`;
}
