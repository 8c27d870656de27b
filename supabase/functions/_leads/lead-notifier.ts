import type { LeadConfig } from "./lead-config.ts";
import type { Lead } from "./lead-store.ts";
import { printableJson } from "./printable.ts";
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

/**
 * One readable line for a terminal: visitors' text is quoted as JSON, so a line break
 * cannot split it, with format characters and separators written out as \uXXXX.
 */
export function describeLead(
  lead: Pick<Lead, "id" | "address" | "condition" | "email" | "phone" | "state" | "source">,
): string {
  const details = [
    `email ${printableJson(lead.email)}`,
    lead.phone ? `phone ${printableJson(lead.phone)}` : "no call requested",
    lead.state && `state ${lead.state}`,
    lead.source && `from ${printableJson(lead.source)}`,
  ].filter(Boolean);
  return `${lead.id}: ${printableJson(lead.address)} (${lead.condition}), ${details.join(", ")}`;
}
