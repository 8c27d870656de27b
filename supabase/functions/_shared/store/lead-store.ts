import type {
  ConsentRecord,
  DeliveryRow,
  Lead,
  LeadRow,
  OptOut,
  PlannedDelivery,
  StatusChange,
} from "./rows.ts";
import type { DeliveryChannel } from "./channels.ts";

/**
 * A delivery claimed for this caller, with what sending it needs: its lead, the lead's
 * consent record, and the opt-outs recorded for any of its contacts.
 */
export type ClaimedDelivery = {
  delivery: DeliveryRow;
  lead: LeadRow;
  consent: ConsentRecord | null;
  optOuts: OptOut[];
  /**
   * The lead's latest status change at the moment of the claim; null while it has none (it
   * is new). Absent where no store was read (sent while it is down).
   */
  leadStatus?: Pick<StatusChange, "status" | "changed_at"> | null;
  /**
   * Set when the attempt before this one recorded no outcome (its process died mid-call, so
   * the provider may have the message): the earliest that attempt can have been claimed.
   */
  unrecordedSince?: string | null;
};

/**
 * What came of an attempt, as the store records it (and keeps, in lead_delivery_attempts). A
 * sent one's `note` says how it was found sent without sending (Twilio listed the text), kept
 * as an error is.
 */
export type AttemptRecord = (
  | { status: "sent" | "logged"; httpStatus?: number | null; note?: string }
  | { status: "failed" | "skipped"; error: string; httpStatus?: number | null }
  /** Tried again after `delaySeconds`, or at the delivery's give-up time if that comes first. */
  | { status: "pending"; error: string; httpStatus?: number | null; delaySeconds: number }
) & {
  /** How long the channel's adapter took, in milliseconds. */
  durationMs?: number | null;
};

export type InsertResult =
  | { inserted: true }
  /** The id was stored already, with this fingerprint (null for rows from before fingerprints). */
  | { inserted: false; fingerprint: string | null };

export type PurgeCounts = {
  spam: number;
  expired: number;
  rateLimits: number;
  /** Consent records past their 5 years. */
  consents: number;
  /** Status changes of leads deleted before. */
  outcomes: number;
};

/** Where leads are kept; the handler knows nothing else about the database. */
export interface LeadStore {
  /** The stored request's fingerprint; undefined when the id is not stored. */
  findFingerprint(id: string): Promise<string | null | undefined>;
  /**
   * Counts a request from this client address in the window starting at
   * windowStart and returns the count so far. Only a salted hash of the address
   * is kept.
   */
  countRequest(clientAddress: string, windowStart: Date): Promise<number>;
  /**
   * Stores the lead unless its id is already stored, with its consent record and its
   * deliveries in the same statement: all are stored, or none. A confirmation to an address
   * that had one in the last day is stored skipped, saying so.
   */
  insert(
    lead: Lead,
    options?: { consent?: ConsentRecord; deliveries?: readonly PlannedDelivery[] },
  ): Promise<InsertResult>;
  /** Adds deliveries to a stored lead (a status change, an escalation); a planned one already there is left. Returns how many were added. */
  addDeliveries(leadId: string, deliveries: readonly PlannedDelivery[]): Promise<number>;
  /**
   * Claims up to `limit` due deliveries (of one lead, or any), the longest due first, for
   * this caller alone: each is held until its lease ends and its attempt counted. A
   * delivery whose lease ran out (its process died mid-attempt) is due again.
   */
  claimDeliveries(options: { leadId?: string; limit: number }): Promise<ClaimedDelivery[]>;
  /**
   * Records the attempt numbered `attempt` (a later claim's record wins over a stale one),
   * and keeps it with the delivery's earlier attempts, in the same statement. Returns the
   * status stored: a pending one whose next attempt would pass its give-up time is tried
   * once more at that time; one recorded at or past it is stored failed.
   */
  recordAttempt(id: string, attempt: number, record: AttemptRecord): Promise<string | null>;
  /**
   * The latest `limit` deliveries on `channels` recorded sent in the last hour, latest first:
   * when each leaves that hour (`leavesAt`, the same text on every call) and in how many
   * seconds. The cap on homeowners' messages counts these.
   */
  sentInLastHour(
    channels: readonly DeliveryChannel[],
    limit: number,
  ): Promise<{ leavesAt: string; secondsLeft: number }[]>;
  /**
   * Makes every delivery held by an attempt pending again: for a store one process holds
   * (the local server), whose earlier process died mid-attempt. Returns how many.
   */
  releaseClaims(): Promise<number>;
  /** Real leads still new `afterMinutes` after arriving (within 3 days) that were not escalated yet. */
  leadsToEscalate(afterMinutes: number, limit: number): Promise<LeadRow[]>;
  /** Status changes of the last 3 days with no webhook delivery planned yet, oldest first. */
  statusChangesToAnnounce(limit: number): Promise<(StatusChange & { previous_status: string })[]>;
  /** Deletes what the privacy policy says is kept no longer. */
  purgeExpired(): Promise<PurgeCounts>;
  /** Every stored lead, oldest first. */
  list(): Promise<LeadRow[]>;
}
