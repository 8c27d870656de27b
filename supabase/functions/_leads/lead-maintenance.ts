import type { LeadNotifier } from "./lead-notifier.ts";
import {
  NOTIFY_ATTEMPTS_MAX,
  notifyBackoffMinutes,
  type ClaimedMetaLead,
  type Lead,
  type LeadStore,
  type PurgeCounts,
} from "./lead-store.ts";
import { sendMetaLead, type MetaConfig } from "./meta-conversions.ts";
import { escapeNonPrintable } from "./printable.ts";

export type MaintenanceDeps = {
  store: LeadStore;
  notifier: LeadNotifier;
  log: (line: string) => void;
  /** Null or absent: no Lead event goes to Meta, and its columns are left alone. */
  meta?: MetaConfig | null;
  /** How Meta is called; default the global fetch. */
  fetch?: typeof fetch;
};

/** What Meta's Lead events need of MaintenanceDeps, Meta turned on. */
export type MetaDeliveryDeps = Pick<MaintenanceDeps, "store" | "log" | "fetch"> & {
  meta: MetaConfig;
};

export type MaintenanceReport = {
  notified: number;
  failed: number;
  /** Meta Lead events sent and failed in this run; 0 when Meta is off. */
  metaSent: number;
  metaFailed: number;
  purged: PurgeCounts;
};

/** Leads claimed at a time. */
const BATCH = 25;
/** Leads tried per run at most: a backlog drains over a few runs instead of one long request. */
const RUN_MAX = 200;

/**
 * Sends the e-mail for a lead this caller has claimed (`attempt` is the claim's
 * count) and records the outcome: notified_at when sent; when not, the claim is given
 * up with the reason and the next attempt put off, until NOTIFY_ATTEMPTS_MAX attempts,
 * which the log says once. Resend's idempotency key (the lead id) keeps a resend of a
 * half-finished attempt from arriving twice.
 */
export async function deliverNotification(
  deps: MaintenanceDeps,
  lead: Lead,
  attempt: number,
): Promise<boolean> {
  const { store, notifier, log } = deps;
  try {
    await notifier.notify(lead);
  } catch (error) {
    const reason = errorText(error);
    log(
      attempt >= NOTIFY_ATTEMPTS_MAX
        ? `E-mail for lead ${lead.id} failed ${attempt} times and will not be tried again; the lead stays stored (npm run leads): ${reason}`
        : `E-mail for lead ${lead.id} failed, it will be retried ${retryWhen(attempt)}: ${reason}`,
    );
    await store.releaseNotification(lead.id, reason, attempt).catch((release: unknown) => {
      log(`Lead ${lead.id}: the claim stays until its lease ends: ${errorText(release)}`);
    });
    return false;
  }
  try {
    await store.markNotified(lead.id);
  } catch (error) {
    log(`Lead ${lead.id} was e-mailed but notified_at could not be set: ${errorText(error)}`);
  }
  return true;
}

/**
 * Sends the Meta Lead event of a lead this caller has claimed and records the outcome,
 * as deliverNotification does for the e-mail. The event's id is the lead's, so Meta
 * counts a resent half-finished attempt once. sendMetaLead's errors are printable and
 * never hold the access token.
 */
export async function deliverMetaLead(
  deps: MetaDeliveryDeps,
  lead: ClaimedMetaLead,
): Promise<boolean> {
  const { store, log } = deps;
  try {
    await sendMetaLead(deps.meta, lead, deps.fetch ?? fetch);
  } catch (error) {
    const reason = errorText(error);
    log(
      lead.attempts >= NOTIFY_ATTEMPTS_MAX
        ? `Meta Lead event for lead ${lead.id} failed ${lead.attempts} times and will not be tried again: ${reason}`
        : `Meta Lead event for lead ${lead.id} failed, it will be retried ${retryWhen(lead.attempts)}: ${reason}`,
    );
    await store.releaseMetaLead(lead.id, reason, lead.attempts).catch((release: unknown) => {
      log(`Lead ${lead.id}: the Meta claim stays until its lease ends: ${errorText(release)}`);
    });
    return false;
  }
  try {
    await store.markMetaSent(lead.id);
  } catch (error) {
    log(`Lead ${lead.id} was sent to Meta but meta_sent_at could not be set: ${errorText(error)}`);
  }
  return true;
}

/**
 * After the answer: claims the new lead's Meta event and sends it. When the store cannot
 * claim it, or a retry run already has, nothing is sent here; the retry run sends what
 * is still due. Never rejects: nothing the visitor waits on depends on it.
 */
export async function sendNewMetaLead(deps: MetaDeliveryDeps, id: string): Promise<void> {
  let lead: ClaimedMetaLead | null;
  try {
    lead = await deps.store.claimMetaLead(id);
  } catch (error) {
    deps.log(`Meta Lead event for lead ${id} is left to the retry run: ${errorText(error)}`);
    return;
  }
  if (lead) await deliverMetaLead(deps, lead);
}

function retryWhen(attempt: number): string {
  const minutes = notifyBackoffMinutes(attempt);
  return minutes === 0 ? "on the next retry run" : `in ${minutes} minutes or later`;
}

/**
 * The periodic run (Supabase Cron, or the local server's timer): e-mails the leads
 * whose e-mail failed or was interrupted, sends the Meta Lead events still due when
 * Meta is on, then deletes what is past its retention.
 */
export function createLeadMaintenance(deps: MaintenanceDeps): {
  run(): Promise<MaintenanceReport>;
} {
  return {
    async run() {
      let notified = 0;
      let failed = 0;
      // A failed one is put off, so it is not claimed again in this run: the run goes on
      // to the others instead of stopping at the first failure.
      while (notified + failed < RUN_MAX) {
        const due = await deps.store.claimDueNotifications(BATCH);
        for (const lead of due) {
          if (await deliverNotification(deps, lead, lead.notify_attempts)) notified += 1;
          else failed += 1;
        }
        if (due.length < BATCH) break;
      }
      let metaSent = 0;
      let metaFailed = 0;
      const { meta } = deps;
      while (meta && metaSent + metaFailed < RUN_MAX) {
        const due = await deps.store.claimDueMetaLeads(BATCH);
        for (const lead of due) {
          if (await deliverMetaLead({ ...deps, meta }, lead)) metaSent += 1;
          else metaFailed += 1;
        }
        if (due.length < BATCH) break;
      }
      const purged = await deps.store.purgeExpired();
      return { notified, failed, metaSent, metaFailed, purged };
    },
  };
}

/**
 * An error's message for a log line, made printable: a driver's or the e-mail
 * provider's message can quote what a visitor sent.
 */
export function errorText(error: unknown): string {
  return escapeNonPrintable(error instanceof Error ? error.message : String(error));
}
