import type { AttributionColumns } from "./attribution.ts";
import type { Condition } from "./lead-rules.ts";
import type { MetaLeadInput } from "./meta-conversions.ts";
import type { StateName } from "./states.ts";

/** An offer request as stored: validated, trimmed, optional fields null, times as ISO strings. */
export type Lead = {
  id: string;
  address: string;
  condition: Condition;
  email: string;
  phone: string | null;
  state: StateName | null;
  /** The page the form was sent from, e.g. /sell-house-fast-ohio. */
  source: string | null;
  /** Which consent wording the visitor was shown, and when they submitted; null from older pages. */
  consent_version: string | null;
  consent_at: string | null;
  /** How long the form took, as the browser measured it. */
  fill_ms: number | null;
  /** Why the request is held as suspected spam; null for a real lead. */
  spam_reason: string | null;
  /** SHA-256 of what the visitor asked for: a retry with the same id must carry the same request. */
  fingerprint: string | null;
  /** What the function changed in fields the visitor never typed, one sentence each. */
  intake_notes: string[];
  /** The browser sent Global Privacy Control: no export or ad-platform event includes the lead. */
  gpc: boolean;
} & AttributionColumns;

/**
 * The consent a lead was sent under, stored with it (public.lead_consents) and kept
 * longer than the lead: what a lawyer asks for when a call or a text is challenged.
 */
export type ConsentRecord = {
  /** The visitor's submit time as the function believed it; null when it did not. */
  consented_at: string | null;
  disclosure_version: string | null;
  /** SHA-256 of the exact wording the page showed (disclosures.ts reproduces it). */
  disclosure_sha256: string | null;
  /** The function rendered the same wording for that version and brand. */
  disclosure_verified: boolean;
  brand: string;
  /** A call was asked for, with a phone number, under the call wording. */
  calls: boolean;
  /** The separate box for text messages was ticked. */
  texts: boolean;
  page_url: string | null;
  user_agent: string | null;
  client_ip: string | null;
  gpc: boolean;
  via: "script" | "form";
};

/** A stored lead as listed back: every column of the table. */
export type LeadRow = Lead & {
  created_at: string;
  /** Null until the notification e-mail went out. */
  notified_at: string | null;
  /** When an attempt to send it last started; the attempt holds it for a few minutes. */
  notify_attempted_at: string | null;
  notify_attempts: number;
  /** After a failed attempt, not tried again before this. */
  notify_next_at: string | null;
  /** Why the last attempt failed. */
  notify_error: string | null;
  /** The Meta Conversions API Lead event: the same kind of delivery as the e-mail. */
  meta_sent_at: string | null;
  meta_attempted_at: string | null;
  meta_attempts: number;
  meta_next_at: string | null;
  meta_error: string | null;
};

/** A lead claimed for its e-mail, with the number of this attempt (the first is 1). */
export type ClaimedLead = Lead & Pick<LeadRow, "notify_attempts">;

/**
 * Attempts at a lead's e-mail before the retry run stops trying. Each failure puts the
 * next attempt further off (notifyBackoffMinutes): 30 attempts span about a week, which
 * outlasts an outage of the e-mail provider, while a lead it will never take costs a
 * request every few hours at most and never holds the others back. The lead stays stored.
 */
export const NOTIFY_ATTEMPTS_MAX = 30;

/**
 * Minutes before the next attempt after the given number of failed ones: none after the
 * first (made as the lead is answered), so the next run tries again; then 5, 10, 20 ...
 * up to 6 hours.
 */
export function notifyBackoffMinutes(attempts: number): number {
  return attempts <= 1 ? 0 : Math.min(6 * 60, 5 * 2 ** (attempts - 2));
}

/**
 * A lead claimed for its Meta Lead event: what the event is made of (the lead, its
 * click id, and the page, browser and address of its consent record), and the number
 * of this attempt (the first is 1).
 */
export type ClaimedMetaLead = MetaLeadInput & { attempts: number };

/**
 * Meta refuses an event whose event_time is more than 7 days old: older leads are not
 * claimed for it.
 */
export const META_MAX_AGE_DAYS = 7;

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
   * Stores the lead unless its id is already stored, with its consent record in the same
   * statement. A real lead is stored claimed for its first e-mail, so the retry run does
   * not send it at the same time; one the team was e-mailed about while the store was
   * down (`alreadyNotified`) is stored as notified.
   */
  insert(
    lead: Lead,
    options?: { alreadyNotified?: boolean; consent?: ConsentRecord },
  ): Promise<InsertResult>;
  markNotified(id: string): Promise<void>;
  /**
   * Gives up the claim after a failed e-mail, with the reason, and puts the next attempt
   * off by notifyBackoffMinutes(attempts), so one lead the provider refuses cannot hold
   * the others back.
   */
  releaseNotification(id: string, error: string, attempts: number): Promise<void>;
  /**
   * Claims up to `limit` real leads whose e-mail has not gone out, is not being sent (or
   * whose attempt's lease ran out) and is due, the longest due first, for this caller
   * alone, and counts the attempt. Leads with NOTIFY_ATTEMPTS_MAX attempts are not claimed.
   */
  claimDueNotifications(limit: number): Promise<ClaimedLead[]>;
  /**
   * Claims this lead's Meta Lead event for this caller when it is due by the rules of
   * claimDueMetaLeads, and counts the attempt; null when it is not (sent, being sent,
   * put off, too old, or never to be sent).
   */
  claimMetaLead(id: string): Promise<ClaimedMetaLead | null>;
  /**
   * Claims up to `limit` Meta Lead events that are due, the longest due first, for this
   * caller alone, and counts the attempt. Only real leads (not held as spam) whose browser
   * sent no Global Privacy Control, whose e-mail or phone has no "sharing" or "all"
   * opt-out, created in the last META_MAX_AGE_DAYS, not sent yet, not being sent (or
   * whose attempt's lease ran out), due, and with fewer than NOTIFY_ATTEMPTS_MAX attempts.
   */
  claimDueMetaLeads(limit: number): Promise<ClaimedMetaLead[]>;
  markMetaSent(id: string): Promise<void>;
  /**
   * Gives up the claim after a failed send, with the reason, and puts the next attempt
   * off by notifyBackoffMinutes(attempts), as for the e-mail.
   */
  releaseMetaLead(id: string, error: string, attempts: number): Promise<void>;
  /** Deletes what the privacy policy says is kept no longer. */
  purgeExpired(): Promise<PurgeCounts>;
  /** Every stored lead, oldest first. */
  list(): Promise<LeadRow[]>;
}
