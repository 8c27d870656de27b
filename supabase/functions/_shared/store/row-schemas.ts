import { z } from "zod";

import {
  ATTRIBUTION_COLUMNS,
  touchColumn,
  type AttributionColumn,
} from "../contract/attribution-columns.ts";
import { TOUCH_KEYS } from "../contract/touch-fields.ts";
import { LANGUAGES } from "../contract/language.ts";
import { CONDITION_VALUES } from "../contract/lead-rules.ts";
import { STATE_NAMES } from "../contract/states.ts";
import {
  DELIVERY_CHANNELS,
  DELIVERY_EVENTS,
  DELIVERY_STATUSES,
  OPT_OUT_CHANNELS,
} from "./channels.ts";
import {
  ATTEMPT_OUTCOMES,
  LEAD_STATUSES,
  type ConsentEvidence,
  type ConsentRecord,
  type DeliveryAttempt,
  type DeliveryRow,
  type LeadRow,
  type OptOut,
  type StatusChange,
} from "./rows.ts";

/**
 * How each table's rows read, whichever way they come: postgres.js gives Dates, bigint and
 * numeric as text; PGlite gives Dates and numbers; to_jsonb gives times as Postgres prints
 * them (2026-11-27T05:27:00.123456+00:00). Each becomes the type in rows.ts, times as ISO
 * strings; a row that is not what its type says throws, naming the column.
 */

/** Not instanceof: a driver loaded in another realm (PGlite under Jest) has its own Date. */
const isDate = (value: unknown): value is Date =>
  Object.prototype.toString.call(value) === "[object Date]";

/** A timestamptz as an ISO string. */
const time = z.union([z.string(), z.custom<Date>(isDate)]).transform((value, context) => {
  const date = new Date(value);
  if (!Number.isNaN(date.getTime())) return date.toISOString();
  context.addIssue({ code: "custom", message: `not a time: ${String(value)}` });
  return z.NEVER;
});

/** An integer, bigint or numeric as a number. */
export const number = z.union([z.number(), z.bigint(), z.string()]).pipe(z.coerce.number());

/** Exported for the statements' own few-column rows. */
export const text = z.string();

/** JSON (a jsonb column, a row packed with to_jsonb), which a driver may hand over as text. */
export const packed = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === "string" ? JSON.parse(value) : value), schema);
const json = packed(z.record(z.string(), z.unknown()));

const TOUCH_TIMES: readonly string[] = TOUCH_KEYS.map((touch) => touchColumn(touch, "at"));
/** The attribution columns from their one list: the touch times as times, the rest text. */
const attributionShape = Object.fromEntries(
  ATTRIBUTION_COLUMNS.map((column): [AttributionColumn, z.ZodType<string | null>] => [
    column,
    TOUCH_TIMES.includes(column) ? time.nullable() : text.nullable(),
  ]),
  // fromEntries types its keys as string; ATTRIBUTION_COLUMNS names every one.
) as Record<AttributionColumn, z.ZodType<string | null>>;

export const leadRow = z.object({
  id: text,
  created_at: time,
  address: text,
  condition: z.enum(CONDITION_VALUES),
  email: text,
  phone: text.nullable(),
  state: z.enum(STATE_NAMES).nullable(),
  source: text.nullable(),
  consent_version: text.nullable(),
  consent_at: time.nullable(),
  fill_ms: number.nullable(),
  spam_reason: text.nullable(),
  fingerprint: text.nullable(),
  intake_notes: z.array(text),
  gpc: z.boolean(),
  language: z.enum(LANGUAGES),
  ...attributionShape,
}) satisfies z.ZodType<LeadRow>;

export const consentRecord = z.object({
  consented_at: time.nullable(),
  disclosure_version: text.nullable(),
  disclosure_sha256: text.nullable(),
  disclosure_verified: z.boolean(),
  brand: text,
  calls: z.boolean(),
  texts: z.boolean(),
  page_url: text.nullable(),
  user_agent: text.nullable(),
  client_ip: text.nullable(),
  gpc: z.boolean(),
  via: z.enum(["script", "form"]),
  doubts: z.array(text),
}) satisfies z.ZodType<ConsentRecord>;

export const consentEvidence = consentRecord.extend({
  lead_id: text,
  received_at: time,
  email: text,
  phone: text.nullable(),
}) satisfies z.ZodType<ConsentEvidence>;

export const deliveryRow = z.object({
  id: text,
  lead_id: text,
  channel: z.enum(DELIVERY_CHANNELS),
  event: z.enum(DELIVERY_EVENTS),
  destination: text,
  payload: json,
  status: z.enum(DELIVERY_STATUSES),
  attempts: number,
  created_at: time,
  next_attempt_at: time,
  lease_until: time.nullable(),
  give_up_at: time,
  last_error: text.nullable(),
  last_status: number.nullable(),
  sent_at: time.nullable(),
  once_key: text.nullable(),
}) satisfies z.ZodType<DeliveryRow>;

/**
 * A claimed delivery's row, with its lead and consent record packed beside it, the lead's
 * latest status change, and when the attempt before this one recorded no outcome.
 */
export const claimedRow = deliveryRow.extend({
  lead_row: packed(leadRow),
  consent_row: packed(consentRecord).nullable(),
  lead_status: z.enum(LEAD_STATUSES).nullable(),
  lead_status_at: time.nullable(),
  unrecorded_since: time.nullable(),
});

export const deliveryAttempt = z.object({
  id: number,
  delivery_id: text,
  lead_id: text,
  attempt: number,
  at: time,
  outcome: z.enum(ATTEMPT_OUTCOMES),
  http_status: number.nullable(),
  duration_ms: number.nullable(),
  excerpt: text.nullable(),
}) satisfies z.ZodType<DeliveryAttempt>;

export const optOut = z.object({
  id: number,
  contact: text,
  channel: z.enum(OPT_OUT_CHANNELS),
  action: z.enum(["opt_out", "opt_in"]),
  recorded_at: time,
  note: text.nullable(),
}) satisfies z.ZodType<OptOut>;

export const statusChange = z.object({
  id: number,
  lead_id: text,
  status: z.enum(LEAD_STATUSES),
  value: number.nullable(),
  currency: text.nullable(),
  note: text.nullable(),
  changed_at: time,
}) satisfies z.ZodType<StatusChange>;
