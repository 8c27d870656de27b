import type { AttemptRecord, ClaimedDelivery } from "../store/lead-store.ts";
import type { ConsentRecord, Lead, PlannedDelivery } from "../store/rows.ts";
import { attempt, errorText, type DelivererDeps } from "./attempt.ts";
import { attemptUnderCap, HOMEOWNER_CHANNELS } from "./homeowner-cap.ts";
import { WAIT_IN_PLACE_SECONDS } from "./outbox.ts";
import { sendWithoutStore } from "./outage.ts";

/**
 * The one loop that delivers every channel: claim due rows (each held by a lease and its
 * attempt counted), send each through its channel's adapter, record what came of it. A
 * failure that may pass is tried again on the schedule in outbox.ts, with the same delivery
 * id; one refused for good, or still failing when its lifetime ends, is recorded failed.
 */

export type DeliveryCounts = {
  sent: number;
  retrying: number;
  failed: number;
  logged: number;
  skipped: number;
};

/** Claimed at a time by a retry run. */
const BATCH = 25;
/** Attempts per run at most: a backlog drains over a few runs instead of one long request. */
const RUN_MAX = 200;

function count(records: (AttemptRecord | null)[], into: DeliveryCounts) {
  for (const record of records) {
    if (record === null || record.status === "pending") into.retrying += 1;
    else into[record.status] += 1;
  }
  return into;
}

/** Every claimed delivery attempted: the team's and the CRM's at once, the homeowner's under the cap. */
async function attemptAll(
  deps: DelivererDeps,
  claimed: ClaimedDelivery[],
): Promise<(AttemptRecord | null)[]> {
  const reachesHomeowner = (item: ClaimedDelivery) =>
    HOMEOWNER_CHANNELS.includes(item.delivery.channel);
  const [others, homeowners] = await Promise.all([
    Promise.all(
      claimed.filter((item) => !reachesHomeowner(item)).map((item) => attempt(deps, item)),
    ),
    attemptUnderCap(deps, claimed.filter(reachesHomeowner)),
  ]);
  return [...others, ...homeowners];
}

/**
 * After the answer: sends a new lead's deliveries at once, and waits out the first retry
 * (5 seconds) in place, as webhook senders do, before leaving the rest to the retry runs.
 * Never rejects: nothing the visitor waits on depends on it.
 */
async function deliverLead(
  deps: DelivererDeps & Required<Pick<DelivererDeps, "sleep">>,
  leadId: string,
): Promise<void> {
  for (let round = 0; round < 2; round++) {
    let claimed: ClaimedDelivery[];
    try {
      claimed = await deps.store.claimDeliveries({ leadId, limit: 50 });
    } catch (error) {
      deps.log(`Deliveries of lead ${leadId} are left to the retry run: ${errorText(error)}`);
      return;
    }
    const records = await attemptAll(deps, claimed);
    const soon = records.flatMap((record) =>
      record?.status === "pending" && record.delaySeconds <= WAIT_IN_PLACE_SECONDS
        ? [record.delaySeconds]
        : [],
    );
    if (soon.length === 0) return;
    await deps.sleep(Math.max(...soon) * 1000);
  }
}

/** The retry run's part: every due delivery, a batch at a time, up to RUN_MAX. */
async function deliverDue(deps: DelivererDeps): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, retrying: 0, failed: 0, logged: 0, skipped: 0 };
  for (let done = 0; done < RUN_MAX;) {
    const claimed = await deps.store.claimDeliveries({ limit: BATCH });
    count(await attemptAll(deps, claimed), counts);
    done += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return counts;
}

/** The one loop, over a store and the channels' adapters. */
export function createDeliverer({ sleep = defaultSleep, ...rest }: DelivererDeps) {
  const deps = { ...rest, sleep };
  return {
    deliverLead: (leadId: string) => deliverLead(deps, leadId),
    deliverDue: () => deliverDue(deps),
    sendWithoutStore: (
      lead: Lead,
      consent: ConsentRecord | null,
      planned: readonly PlannedDelivery[],
    ) => sendWithoutStore(deps, lead, consent, planned),
  };
}

export type Deliverer = ReturnType<typeof createDeliverer>;

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
