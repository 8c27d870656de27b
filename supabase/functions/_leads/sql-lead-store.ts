import { ATTRIBUTION_COLUMNS } from "./attribution.ts";
import {
  NOTIFY_ATTEMPTS_MAX,
  notifyBackoffMinutes,
  type ConsentRecord,
  type InsertResult,
  type Lead,
  type LeadRow,
  type LeadStore,
  type PurgeCounts,
} from "./lead-store.ts";

/**
 * Runs one SQL statement with $1-style parameters and returns its rows: postgres.js
 * on Supabase, PGlite in the local server. The same SQL serves both.
 */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** An attempt to send the e-mail holds the lead this long; a crashed attempt is retried after it. */
export const NOTIFY_LEASE = "5 minutes";

/** What the privacy policy promises (content/legal/privacy.md, "How long we keep it"). */
export const RETENTION = {
  spam: "30 days",
  leads: "3 years",
  rateLimits: "24 hours",
} as const;

/** The columns a request fills, in insert order; the rest have defaults. */
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
] as const satisfies readonly (keyof ConsentRecord)[];

const SPAM_PARAM = `$${LEAD_COLUMNS.indexOf("spam_reason") + 1}`;
/** True when the team was e-mailed while the store was down. */
const NOTIFIED_PARAM = `$${LEAD_COLUMNS.length + 1}::boolean`;
/** A real lead not yet e-mailed is stored claimed by its first attempt. */
const CLAIMED = `${SPAM_PARAM}::text is null and not ${NOTIFIED_PARAM}`;

const param = (column: (typeof LEAD_COLUMNS)[number]) => `$${LEAD_COLUMNS.indexOf(column) + 1}`;
/** Whether a consent record comes with the lead, then its values. */
const CONSENT_GIVEN = `$${LEAD_COLUMNS.length + 2}::boolean`;
const consentParam = (index: number) => `$${LEAD_COLUMNS.length + 3 + index}`;

/** The lead and its consent record in one statement: both are stored, or neither. */
const INSERT_LEAD = `
  with lead as (
    insert into public.leads
      (${LEAD_COLUMNS.join(", ")}, notified_at, notify_attempted_at, notify_attempts)
    values (${LEAD_COLUMNS.map((_, index) => `$${index + 1}`).join(", ")},
            case when ${NOTIFIED_PARAM} then now() end,
            case when ${CLAIMED} then now() end,
            case when ${CLAIMED} then 1 else 0 end)
    on conflict (id) do nothing
    returning id, created_at),
  consent as (
    insert into public.lead_consents
      (lead_id, received_at, email, phone, ${CONSENT_COLUMNS.join(", ")})
    select id, created_at, ${param("email")}, ${param("phone")},
           ${CONSENT_COLUMNS.map((_, index) => consentParam(index)).join(", ")}
    from lead
    where ${CONSENT_GIVEN}
    returning lead_id)
  select id from lead`;

const CLAIM_DUE = `
  update public.leads
  set notify_attempted_at = now(), notify_attempts = notify_attempts + 1
  where id in (
    select id from public.leads
    where notified_at is null and spam_reason is null
      and notify_attempts < ${NOTIFY_ATTEMPTS_MAX}
      and (notify_attempted_at is null or notify_attempted_at < now() - interval '${NOTIFY_LEASE}')
      and coalesce(notify_next_at, created_at) <= now()
    order by coalesce(notify_next_at, created_at)
    limit $1
    for update skip locked)
  returning *`;

/** The hash is made in the database with its own random salt: neither leaves it. */
const COUNT_REQUEST = `
  insert into public.lead_rate_limits (client_hash, window_start, hits)
  select encode(sha256(convert_to(salt.value || $1::text, 'UTF8')), 'hex'), $2::timestamptz, 1
  from public.lead_settings salt
  where salt.name = 'rate_limit_salt'
  on conflict (client_hash, window_start)
  do update set hits = public.lead_rate_limits.hits + 1
  returning hits`;

const PURGE = `
  with spam as (
    delete from public.leads
    where spam_reason is not null and created_at < now() - interval '${RETENTION.spam}'
    returning 1),
  expired as (
    delete from public.leads
    where spam_reason is null and created_at < now() - interval '${RETENTION.leads}'
    returning 1),
  rate_limits as (
    delete from public.lead_rate_limits
    where window_start < now() - interval '${RETENTION.rateLimits}'
    returning 1)
  select (select count(*) from spam)::int as spam,
         (select count(*) from expired)::int as expired,
         (select count(*) from rate_limits)::int as rate_limits`;

/** The leads table through any Query: dates come back as ISO strings. */
export function createSqlLeadStore(query: Query): LeadStore {
  async function findFingerprint(id: string): Promise<string | null | undefined> {
    const [row] = await query("select fingerprint from public.leads where id = $1", [id]);
    return row === undefined ? undefined : ((row.fingerprint as string | null) ?? null);
  }

  return {
    findFingerprint,
    async countRequest(clientAddress, windowStart) {
      const [row] = await query(COUNT_REQUEST, [clientAddress, windowStart.toISOString()]);
      if (row === undefined) {
        throw new Error("lead_settings has no rate_limit_salt: apply supabase/migrations.");
      }
      return Number(row.hits);
    },
    async insert(lead, { alreadyNotified = false, consent } = {}): Promise<InsertResult> {
      const inserted = await query(INSERT_LEAD, [
        ...LEAD_COLUMNS.map((column) => lead[column]),
        alreadyNotified,
        consent !== undefined,
        ...CONSENT_COLUMNS.map((column) => consent?.[column] ?? null),
      ]);
      if (inserted.length > 0) return { inserted: true };
      // Another request with this id got there first (a double submit): compare with it.
      const fingerprint = await findFingerprint(lead.id);
      return { inserted: false, fingerprint: fingerprint ?? null };
    },
    async markNotified(id) {
      await query("update public.leads set notified_at = now() where id = $1", [id]);
    },
    async releaseNotification(id, error, attempts) {
      await query(
        `update public.leads
         set notify_attempted_at = null, notify_error = $2,
             notify_next_at = now() + make_interval(mins => $3::int)
         where id = $1 and notified_at is null`,
        [id, error.slice(0, 500), notifyBackoffMinutes(attempts)],
      );
    },
    async claimDueNotifications(limit) {
      return (await query(CLAIM_DUE, [limit])).map(toLeadRow);
    },
    async purgeExpired(): Promise<PurgeCounts> {
      const [row] = await query(PURGE);
      return {
        spam: Number(row?.spam ?? 0),
        expired: Number(row?.expired ?? 0),
        rateLimits: Number(row?.rate_limits ?? 0),
      };
    },
    async list() {
      return (await query("select * from public.leads order by created_at, id")).map(toLeadRow);
    },
  };
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

function toLeadRow(row: Record<string, unknown>): LeadRow {
  return isoDates(row) as LeadRow;
}
