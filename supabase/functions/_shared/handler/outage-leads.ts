import { errorText } from "../delivery/attempt.ts";
import type { Deliverer } from "../delivery/deliver.ts";
import type { LeadStore } from "../store/lead-store.ts";
import type { ConsentRecord, Lead, PlannedDelivery } from "../store/rows.ts";

/**
 * "Received" means kept: a request a team channel took while the store was down was answered
 * as received (a form post) or with the ids that went out (the page's script), so it is stored
 * once the store is back, with its consent record and those deliveries marked sent, without
 * anyone typing it in again. The function keeps trying in the background after the answer for
 * as long as its host lets background work run; a host with a disk (the local server) also
 * writes it to a spool first, which it replays on start and on each maintenance run. The id is
 * the key: whichever of these, or the page's own retry, stores it first wins, and the others
 * find it stored.
 */

/** A request a team channel took while the store was down: what is stored once it is back. */
export type OutageLead = { lead: Lead; consent: ConsentRecord; deliveries: PlannedDelivery[] };

/** Where a host keeps outage leads across a restart: local-server/lead-spool.ts. */
export type LeadSpool = {
  /** Written to disk before the visitor is answered. */
  keep(kept: OutageLead): Promise<void>;
  /** Once the store has the lead (inserted, or stored before with the same fingerprint). */
  forget(leadId: string): Promise<void>;
};

/**
 * The waits between tries, about 8 minutes in all: quick at first (a restart of the database
 * takes seconds), then a minute apart. Supabase ends a worker's background work at its
 * wall-clock limit, 150 s on the free plan and 400 s on paid ones, counted from the worker's
 * start (https://supabase.com/docs/guides/functions/limits), so there the last tries may never
 * come; the local server's spool covers any length of outage.
 */
export const STORE_RETRY_WAITS_MS = [1, 2, 4, 8, 15, 30, 30, 30, 30, 30, 60, 60, 60, 60, 60].map(
  (seconds) => seconds * 1000,
);

/**
 * Outage leads one instance keeps trying at once: past it (a flood during an outage) a lead
 * waits for the spool, or the team's copy, rather than hold more memory and connections.
 */
const KEEP_TRYING_MAX = 100;

export type OutageKeeperDeps = {
  store: Pick<LeadStore, "insert">;
  deliverer: Pick<Deliverer, "deliverLead">;
  defer: (work: Promise<unknown>) => void;
  log: (line: string) => void;
  /** Waits between tries; tests pass one that does not sleep. */
  sleep: (ms: number) => Promise<void>;
  spool?: LeadSpool | null;
};

export type StoreOutcome = "inserted" | "stored before" | "conflict";

/**
 * Stores an outage lead. Rejects while the store is still down; "conflict": its id holds
 * another request (not one a page or a retry of ours sent), which is never overwritten.
 */
export async function storeOutageLead(
  store: Pick<LeadStore, "insert">,
  { lead, consent, deliveries }: OutageLead,
): Promise<StoreOutcome> {
  const result = await store.insert(lead, { consent, deliveries });
  if (result.inserted) return "inserted";
  // Rows from before fingerprints cannot be compared: a replay is the likely case.
  return result.fingerprint === null || result.fingerprint === lead.fingerprint
    ? "stored before"
    : "conflict";
}

/** The note an outage lead is stored with, so the listing says why it arrived late. */
export function outageNote(receivedAt: Date): string {
  return `Received ${receivedAt.toISOString()} while the store was down: a team channel took it, and it was stored once the store was back.`;
}

/**
 * Tries to store lead `id` after each of STORE_RETRY_WAITS_MS, each time as `latest` has it
 * then; once stored, forgets its spool file and delivers what is still due.
 */
async function keepTrying(
  { store, deliverer, log, sleep, spool }: Omit<OutageKeeperDeps, "defer">,
  id: string,
  latest: () => OutageLead,
): Promise<void> {
  let lastError = "";
  for (const wait of STORE_RETRY_WAITS_MS) {
    await sleep(wait);
    let outcome: StoreOutcome;
    try {
      outcome = await storeOutageLead(store, latest());
    } catch (error) {
      lastError = errorText(error);
      continue;
    }
    if (outcome === "conflict") {
      log(
        `Lead ${id}, received while the store was down, was not stored: its id holds another request.`,
      );
      return;
    }
    await spool?.forget(id).catch((error: unknown) => {
      log(`Lead ${id} is stored, but its spool file stays until the next run: ${errorText(error)}`);
    });
    if (outcome === "inserted") {
      log(`Lead ${id}, received while the store was down, is stored now.`);
      await deliverer.deliverLead(id);
    }
    return;
  }
  log(
    `Lead ${id}, received while the store was down, could not be stored within ${totalSeconds()} s (${lastError}); ${
      spool
        ? "the spool keeps it, and the next maintenance run tries again."
        : "the team's e-mail and webhook carry it whole: enter it from there."
    }`,
  );
}

export function createOutageKeeper({
  store,
  deliverer,
  defer,
  log,
  sleep,
  spool = null,
}: OutageKeeperDeps) {
  /** The leads tried in the background, each as last kept (a page's retry may add to it). */
  const trying = new Map<string, OutageLead>();

  return {
    /**
     * Keeps a lead a team channel took while the store was down: in the spool, when the host
     * has one, before the visitor is answered; then tried in the background, once per lead
     * however often the page sends it meanwhile. Never rejects.
     */
    async keep(kept: OutageLead): Promise<void> {
      const { id } = kept.lead;
      if (spool) {
        await spool.keep(kept).catch((error: unknown) => {
          log(`Lead ${id} could not be written to the spool: ${errorText(error)}`);
        });
      }
      if (trying.has(id)) {
        trying.set(id, kept);
        return;
      }
      if (trying.size >= KEEP_TRYING_MAX) {
        log(
          `Lead ${id}, received while the store was down, is not tried in the background: ${KEEP_TRYING_MAX} are already.`,
        );
        return;
      }
      trying.set(id, kept);
      log(
        `Lead ${id} was taken by a team channel while the store was down; it is stored once the store is back.`,
      );
      defer(
        keepTrying({ store, deliverer, log, sleep, spool }, id, () => trying.get(id)!)
          .catch((error: unknown) => log(`Storing lead ${id} later failed: ${errorText(error)}`))
          .finally(() => trying.delete(id)),
      );
    },
  };
}

const totalSeconds = () => STORE_RETRY_WAITS_MS.reduce((sum, ms) => sum + ms, 0) / 1000;
