import type { LeadConfig } from "./lead-config.ts";
import type { Lead } from "./lead-store.ts";
import { createResendNotifier } from "./resend-notifier.ts";

/** Tells the team about a new lead; throws when it could not. */
export interface LeadNotifier {
  notify(lead: Lead): Promise<void>;
}

/**
 * Resend when RESEND_API_KEY, LEADS_NOTIFY_TO and LEADS_NOTIFY_FROM are all
 * set; otherwise one log line per lead, so a lead is never silently dropped.
 */
export function createLeadNotifier(
  config: Pick<LeadConfig, "resend" | "resendMissing">,
  log: (line: string) => void,
): LeadNotifier {
  if (config.resend) return createResendNotifier(config.resend);
  if (config.resendMissing.length > 0) {
    log(
      `Lead e-mails are off, ${config.resendMissing.join(", ")} not set: new leads go to this log only.`,
    );
  }
  return {
    async notify(lead) {
      log(`New lead ${describeLead(lead)}`);
    },
  };
}

/** One readable line; JSON quoting keeps line breaks in visitors' text from splitting it. */
export function describeLead(
  lead: Pick<Lead, "id" | "address" | "condition" | "email" | "phone" | "state" | "source">,
): string {
  const details = [
    `email ${JSON.stringify(lead.email)}`,
    lead.phone ? `phone ${JSON.stringify(lead.phone)}` : "no call requested",
    lead.state && `state ${lead.state}`,
    lead.source && `from ${JSON.stringify(lead.source)}`,
  ].filter(Boolean);
  return `${lead.id}: ${JSON.stringify(lead.address)} (${lead.condition}), ${details.join(", ")}`;
}
