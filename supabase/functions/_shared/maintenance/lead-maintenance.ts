import type { DeliveryCounts, Deliverer } from "../delivery/deliver.ts";
import { planEscalation, planStatusChange } from "../delivery/plan.ts";
import type { LeadConfig } from "../config/lead-config.ts";
import type { LeadStore, PurgeCounts } from "../store/lead-store.ts";

export type MaintenanceDeps = {
  store: LeadStore;
  deliverer: Deliverer;
  config: Pick<LeadConfig, "escalation" | "webhooks">;
};

export type MaintenanceReport = {
  /** Leads nobody contacted in time, alerted once more in this run. */
  escalated: number;
  /** Status changes given to the webhooks in this run. */
  announced: number;
  deliveries: DeliveryCounts;
  purged: PurgeCounts;
};

/** Planned per run at most; the rest wait for the next. */
const PLAN_MAX = 100;

/**
 * The periodic run (Supabase Cron every minute, or the local server's timer): plans what
 * happened since the last one (an escalation for each lead still new after
 * LEADS_ESCALATE_AFTER_MINUTES, a webhook for each status the operator recorded), delivers
 * every due delivery, then deletes what is past its retention.
 */
export function createLeadMaintenance({ store, deliverer, config }: MaintenanceDeps): {
  run(): Promise<MaintenanceReport>;
} {
  return {
    async run() {
      let escalated = 0;
      if (config.escalation.to.length > 0) {
        for (const lead of await store.leadsToEscalate(config.escalation.afterMinutes, PLAN_MAX)) {
          if ((await store.addDeliveries(lead.id, await planEscalation(lead.id, config))) > 0) {
            escalated += 1;
          }
        }
      }
      let announced = 0;
      if (config.webhooks.length > 0) {
        for (const change of await store.statusChangesToAnnounce(PLAN_MAX)) {
          const planned = await planStatusChange(change, config);
          if ((await store.addDeliveries(change.lead_id, planned)) > 0) announced += 1;
        }
      }
      const deliveries = await deliverer.deliverDue();
      const purged = await store.purgeExpired();
      return { escalated, announced, deliveries, purged };
    },
  };
}
