import { ATTRIBUTION_COLUMNS, type AttributionColumns } from "../contract/attribution-columns.ts";
import type { Language } from "../contract/language.ts";
import type { Condition } from "../contract/lead-rules.ts";
import type { StateName } from "../contract/states.ts";
import {
  DELIVERY_STATUSES,
  type DeliveryChannel,
  type DeliveryEvent,
  type DeliveryStatus,
  type OptOutChannel,
} from "./channels.ts";

/**
 * What the store keeps, row by row, with times as ISO strings: the lead, its consent record,
 * its deliveries, opt-outs and status changes. Every room above the store reads these types;
 * the store reads nothing above it.
 */

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
  /** The language of the page it was sent from: its consent wording and its confirmations. */
  language: Language;
} & AttributionColumns;

/** The columns a request fills, in the order the CLI exports them; the rest have defaults. */
export const LEAD_COLUMNS = [
  "id",
  "address",
  "condition",
  "email",
  "phone",
  "state",
  "source",
  "consent_version",
  "consent_at",
  "fill_ms",
  "spam_reason",
  "fingerprint",
  "intake_notes",
  "gpc",
  "language",
  ...ATTRIBUTION_COLUMNS,
] as const satisfies readonly (keyof Lead)[];

/** The consent record's columns the request fills; lead_id, e-mail and phone come from the lead. */
export const CONSENT_COLUMNS = [
  "consented_at",
  "disclosure_version",
  "disclosure_sha256",
  "disclosure_verified",
  "brand",
  "calls",
  "texts",
  "page_url",
  "user_agent",
  "client_ip",
  "gpc",
  "via",
  "doubts",
] as const satisfies readonly (keyof ConsentRecord)[];

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
  /**
   * Why the consent time is doubted, one sentence each: before its wording was published,
   * older than the browser keeps a request, ahead of the server's clock. Kept as sent.
   */
  doubts: string[];
};

/** A stored lead as listed back: every column of the table. */
export type LeadRow = Lead & { created_at: string };

export type ConsentEvidence = ConsentRecord & {
  lead_id: string;
  received_at: string;
  email: string;
  phone: string | null;
};

/** Where a lead stands, in the order a sale goes; the latest change is its status. */
export const LEAD_STATUSES = [
  "new",
  "contacted",
  "appointment",
  "offer_made",
  "under_contract",
  "closed",
  "not_a_fit",
  "duplicate",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The statuses that mean the team reached the homeowner. */
export const REACHED_STATUSES: readonly LeadStatus[] = [
  "contacted",
  "appointment",
  "offer_made",
  "under_contract",
  "closed",
];

export type OptOut = {
  id: number;
  /** A lowercased e-mail, or a phone number in E.164 (contacts.ts). */
  contact: string;
  channel: OptOutChannel;
  /** opt_in: the person took a stop back (START after STOP); the latest row counts. */
  action: "opt_out" | "opt_in";
  recorded_at: string;
  note: string | null;
};

export type StatusChange = {
  id: number;
  lead_id: string;
  status: LeadStatus;
  value: number | null;
  currency: string | null;
  note: string | null;
  changed_at: string;
};

/** A row of public.lead_deliveries, times as ISO strings. */
export type DeliveryRow = {
  id: string;
  lead_id: string;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  destination: string;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  lease_until: string | null;
  give_up_at: string;
  last_error: string | null;
  last_status: number | null;
  sent_at: string | null;
  once_key: string | null;
};

/**
 * What an attempt left its delivery as: every status but "sending", which is the attempt
 * itself. "unverified" only for attempts carried over from before delivery records.
 */
export type AttemptOutcome = Exclude<DeliveryStatus, "sending">;
export const ATTEMPT_OUTCOMES: readonly AttemptOutcome[] = DELIVERY_STATUSES.filter(
  (status): status is AttemptOutcome => status !== "sending",
);

/** A row of public.lead_delivery_attempts: one attempt of a delivery, kept for good. */
export type DeliveryAttempt = {
  id: number;
  delivery_id: string;
  lead_id: string;
  /** The delivery's attempt number (it starts again at 1 after --redeliver). */
  attempt: number;
  at: string;
  outcome: AttemptOutcome;
  http_status: number | null;
  /** How long the channel's adapter took; null for attempts carried over. */
  duration_ms: number | null;
  /** The error or reason, as the delivery's last_error had it: at most 1,000 characters. */
  excerpt: string | null;
};

/** A delivery to write: the row's fields the planner chooses; the store adds the times. */
export type PlannedDelivery = {
  id: string;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  destination: string;
  payload: Record<string, unknown>;
  /** Seconds from now after which a delivery still failing is given up. */
  lifetimeSeconds: number;
  /** One delivery per key: the confirmation's address and day. */
  onceKey: string | null;
  /** pending for a new one; sent for one a team channel took while the store was down. */
  status: "pending" | "sent";
  note: string | null;
};
