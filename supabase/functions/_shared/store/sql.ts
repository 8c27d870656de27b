import type { DeliveryRow, LeadRow } from "./rows.ts";

/**
 * Runs one SQL statement with $1-style parameters and returns its rows: postgres.js
 * on Supabase, PGlite in the local server. The same SQL serves both.
 */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The timestamptz columns of leads and lead_consents. */
const TIME_COLUMNS = new Set([
  "created_at",
  "consent_at",
  "touched_at",
  "first_touched_at",
  "received_at",
  "consented_at",
]);

/**
 * A row read back from to_jsonb: its times, which JSON writes as Postgres prints them
 * (2026-11-27T05:27:00.123456+00:00), as the ISO strings every other read gives.
 */
export function jsonRow(value: unknown): Record<string, unknown> {
  const row = (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(row).map(([column, item]) => [
      column,
      TIME_COLUMNS.has(column) && typeof item === "string" ? new Date(item).toISOString() : item,
    ]),
  );
}

/** Not instanceof: a driver loaded in another realm (PGlite under Jest) has its own Date. */
function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === "[object Date]";
}

/** Dates as ISO strings, so a row reads the same from postgres.js, PGlite and JSON. */
export function isoDates(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      isDate(value) ? value.toISOString() : value,
    ]),
  );
}

export function toLeadRow(row: Record<string, unknown>): LeadRow {
  return isoDates(row) as LeadRow;
}

export function toDeliveryRow(row: Record<string, unknown>): DeliveryRow {
  return isoDates(row) as DeliveryRow;
}
