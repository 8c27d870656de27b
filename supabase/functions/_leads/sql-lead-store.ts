import { ATTRIBUTION_COLUMNS } from "./attribution.ts";
import {
  META_MAX_AGE_DAYS,
  NOTIFY_ATTEMPTS_MAX,
  notifyBackoffMinutes,
  type ClaimedMetaLead,
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
  /** The consent record outlives its lead: a TCPA claim can come 4 years after a call. */
  consents: "5 years",
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

/**
 * The lead's phone as contact_opt_outs keeps it: digits with the country code. It agrees
 * with normalizePhone (meta-conversions.ts) on every number that function accepts; one it
 * refuses is not sent to Meta anyway.
 */
const OPT_OUT_PHONE = `(
  select case when btrim(l.phone) like '+%' or digits like '00%'
                or length(ltrim(digits, '0')) <> 10
              then ltrim(digits, '0')
              else '1' || ltrim(digits, '0') end
  from regexp_replace(coalesce(l.phone, ''), '[^0-9]', '', 'g') as digits)`;

/** A lead (as l) whose Meta Lead event may be claimed now: see LeadStore.claimDueMetaLeads. */
const META_DUE = `
  l.meta_sent_at is null and l.spam_reason is null and not l.gpc
  and l.meta_attempts < ${NOTIFY_ATTEMPTS_MAX}
  and (l.meta_attempted_at is null or l.meta_attempted_at < now() - interval '${NOTIFY_LEASE}')
  and coalesce(l.meta_next_at, l.created_at) <= now()
  and l.created_at > now() - interval '${META_MAX_AGE_DAYS} days'
  and not exists (
    select 1 from public.contact_opt_outs o
    where o.channel in ('sharing', 'all')
      and o.contact in (lower(l.email), ${OPT_OUT_PHONE}))`;

/**
 * Claims due Meta events ($1: one lead's id, or null for any; $2: how many) and returns
 * what each event is made of. The click id is the latest touch's, else the first's; it
 * was first seen when the first touch arrived if that carried the same one.
 *
 * A retry run skips a row another transaction holds; the claim of one new lead waits for
 * it instead (its e-mail being marked sent, say) and then checks again that the event is
 * still due: skipping it would leave the event to the next retry run.
 */
const claimMeta = (lock: "for update" | "for update skip locked") => `
  with claimed as (
    update public.leads
    set meta_attempted_at = now(), meta_attempts = meta_attempts + 1
    where id in (
      select l.id from public.leads l
      where ${META_DUE} and ($1::uuid is null or l.id = $1::uuid)
      order by coalesce(l.meta_next_at, l.created_at)
      limit $2
      ${lock})
    returning *)
  select c.id, c.email, c.phone, c.created_at, c.meta_attempts,
         coalesce(c.fbclid, c.first_fbclid) as fbclid,
         case when c.fbclid is null or c.fbclid = c.first_fbclid
              then coalesce(c.first_touched_at, c.touched_at)
              else c.touched_at end as fbclid_at,
         k.page_url, k.user_agent, k.client_ip
  from claimed c left join public.lead_consents k on k.lead_id = c.id
  order by coalesce(c.meta_next_at, c.created_at)`;
const CLAIM_ONE_META = claimMeta("for update");
const CLAIM_DUE_META = claimMeta("for update skip locked");

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
    returning 1),
  consents as (
    delete from public.lead_consents
    where received_at < now() - interval '${RETENTION.consents}'
    returning 1),
  -- The outcomes of leads deleted by an earlier run (this statement still sees them).
  outcomes as (
    delete from public.lead_status_changes change
    where not exists (select 1 from public.leads where id = change.lead_id)
    returning 1)
  select (select count(*) from spam)::int as spam,
         (select count(*) from expired)::int as expired,
         (select count(*) from rate_limits)::int as rate_limits,
         (select count(*) from consents)::int as consents,
         (select count(*) from outcomes)::int as outcomes`;

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
    async claimMetaLead(id) {
      const [row] = await query(CLAIM_ONE_META, [id, 1]);
      return row === undefined ? null : toClaimedMetaLead(row);
    },
    async claimDueMetaLeads(limit) {
      return (await query(CLAIM_DUE_META, [null, limit])).map(toClaimedMetaLead);
    },
    async markMetaSent(id) {
      await query("update public.leads set meta_sent_at = now() where id = $1", [id]);
    },
    async releaseMetaLead(id, error, attempts) {
      await query(
        `update public.leads
         set meta_attempted_at = null, meta_error = $2,
             meta_next_at = now() + make_interval(mins => $3::int)
         where id = $1 and meta_sent_at is null`,
        [id, error.slice(0, 500), notifyBackoffMinutes(attempts)],
      );
    },
    async purgeExpired(): Promise<PurgeCounts> {
      const [row] = await query(PURGE);
      return {
        spam: Number(row?.spam ?? 0),
        expired: Number(row?.expired ?? 0),
        rateLimits: Number(row?.rate_limits ?? 0),
        consents: Number(row?.consents ?? 0),
        outcomes: Number(row?.outcomes ?? 0),
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

function toClaimedMetaLead(row: Record<string, unknown>): ClaimedMetaLead {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const time = (value: unknown) =>
    value === null || value === undefined
      ? null
      : isDate(value)
        ? value.toISOString()
        : new Date(String(value)).toISOString();
  return {
    id: String(row.id),
    email: String(row.email),
    phone: text(row.phone),
    fbclid: text(row.fbclid),
    fbclidAt: time(row.fbclid_at),
    createdAt: time(row.created_at)!,
    eventSourceUrl: text(row.page_url),
    userAgent: text(row.user_agent),
    clientIp: text(row.client_ip),
    attempts: Number(row.meta_attempts),
  };
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
