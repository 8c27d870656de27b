import { ATTRIBUTION_COLUMNS } from "../contract/attribution.ts";
import { leadContactKeys } from "../contract/contacts.ts";
import { OPT_OUT_CHECKED_CHANNELS } from "./channels.ts";
import type { InsertResult, LeadStore, PurgeCounts } from "./lead-store.ts";
import type {
  ConsentRecord,
  DeliveryRow,
  Lead,
  LeadRow,
  OptOut,
  PlannedDelivery,
  StatusChange,
} from "./rows.ts";
import { isoDates, jsonRow, toDeliveryRow, toLeadRow, type Query } from "./sql.ts";

/**
 * An attempt holds its delivery this long; one whose process died is tried again after it.
 * Every provider call times out within 15 seconds (twice for Resend's reply-to retry).
 */
export const DELIVERY_LEASE = "2 minutes";

/** Escalations and status-change webhooks are planned for what happened in this window. */
export const RECENT = "3 days";

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
  "doubts",
] as const satisfies readonly (keyof ConsentRecord)[];

const param = (column: (typeof LEAD_COLUMNS)[number]) => `$${LEAD_COLUMNS.indexOf(column) + 1}`;
/** Whether a consent record comes with the lead, then its values, then the deliveries as JSON. */
const CONSENT_GIVEN = `$${LEAD_COLUMNS.length + 1}::boolean`;
const consentParam = (index: number) => `$${LEAD_COLUMNS.length + 2 + index}`;
const DELIVERIES_PARAM = `$${LEAD_COLUMNS.length + 2 + CONSENT_COLUMNS.length}::text::jsonb`;

/**
 * Deliveries of the lead `lead_id` (a CTE or a table with the lead's id and created_at), from
 * a JSON array of planned deliveries in `json`. A confirmation (a row with a once_key) to an
 * address that had one in the last day is stored skipped, with no key; the unique key stops
 * two at once.
 */
const insertDeliveries = (lead: string, json: string) => `
    insert into public.lead_deliveries
      (id, lead_id, channel, event, destination, payload, status, give_up_at, last_error,
       sent_at, once_key)
    select d.id, ${lead}.id, d.channel, d.event, d.destination, coalesce(d.payload, '{}'),
           case when repeat.found then 'skipped' else d.status end,
           now() + make_interval(secs => d.lifetime_seconds),
           case when repeat.found
                then 'a confirmation already went to this address in the last 24 hours'
                else d.note end,
           case when d.status = 'sent' then ${lead}.created_at end,
           case when repeat.found then null else d.once_key end
    from ${lead}
    cross join jsonb_to_recordset(${json}) as d(
      id uuid, channel text, event text, destination text, payload jsonb, status text,
      lifetime_seconds int, once_key text, note text)
    cross join lateral (
      select d.once_key is not null and exists (
        select 1 from public.lead_deliveries earlier
        where earlier.channel = d.channel and earlier.destination = d.destination
          and earlier.status not in ('skipped', 'failed')
          and earlier.created_at > now() - interval '1 day') as found) repeat
    on conflict do nothing
    returning id`;

/** The lead, its consent record and its deliveries in one statement: all are stored, or none. */
const INSERT_LEAD = `
  with lead as (
    insert into public.leads (${LEAD_COLUMNS.join(", ")})
    values (${LEAD_COLUMNS.map((_, index) => `$${index + 1}`).join(", ")})
    on conflict (id) do nothing
    returning id, created_at),
  consent as (
    insert into public.lead_consents
      (lead_id, received_at, email, phone, ${CONSENT_COLUMNS.join(", ")})
    select id, created_at, ${param("email")}, ${param("phone")},
           ${CONSENT_COLUMNS.map((_, index) => consentParam(index)).join(", ")}
    from lead
    where ${CONSENT_GIVEN}
    returning lead_id),
  deliveries as (${insertDeliveries("lead", DELIVERIES_PARAM)})
  select id from lead`;

const ADD_DELIVERIES = `
  with lead as (select id, created_at from public.leads where id = $1)
  ${insertDeliveries("lead", "$2::text::jsonb")}`;

/**
 * Claims due deliveries ($1: one lead's id, or null for any; $2: how many). A retry run skips
 * rows another transaction holds; the claim of one new lead's deliveries waits for them
 * instead (a concurrent record of the same lead, say) and then checks again that they are
 * still due: skipping would leave them to the next run.
 */
const claimDue = (lock: "for update" | "for update skip locked") => `
  with claimed as (
    update public.lead_deliveries d
    set status = 'sending', attempts = d.attempts + 1,
        lease_until = now() + interval '${DELIVERY_LEASE}'
    where d.id in (
      select id from public.lead_deliveries
      where next_attempt_at <= now()
        and (status = 'pending' or (status = 'sending' and lease_until < now()))
        and ($1::uuid is null or lead_id = $1::uuid)
      order by next_attempt_at
      limit $2
      ${lock})
    returning d.*)
  -- With each its lead and consent record, in the same round trip.
  select c.*, to_jsonb(l) as lead_row, to_jsonb(k) as consent_row
  from claimed c
  join public.leads l on l.id = c.lead_id
  left join public.lead_consents k on k.lead_id = c.lead_id
  order by c.next_attempt_at`;
const CLAIM_ONE_LEAD = claimDue("for update");
const CLAIM_DUE = claimDue("for update skip locked");

/**
 * The outcome of attempt $2 ($3 status, $4 error, $5 HTTP status, $6 seconds until the next
 * attempt). A pending one that would pass its give-up time fails, saying so; a failed or
 * skipped one gives its once-a-day key back.
 */
const RECORD_ATTEMPT = `
  with attempt as (
    select $3::text as status, $4::text as error, $5::int as http_status,
           now() + make_interval(secs => $6::int) as next_at)
  update public.lead_deliveries d
  set status = case when a.status = 'pending' and a.next_at > d.give_up_at
                    then 'failed' else a.status end,
      last_error = case when a.status = 'pending' and a.next_at > d.give_up_at
                        then format('gave up after %s attempts: %s', d.attempts, a.error)
                        else coalesce(a.error, d.last_error) end,
      last_status = coalesce(a.http_status, d.last_status),
      lease_until = null,
      next_attempt_at = case when a.status = 'pending' then a.next_at else d.next_attempt_at end,
      sent_at = case when a.status in ('sent', 'logged') then now() else d.sent_at end,
      once_key = case when a.status in ('failed', 'skipped')
                        or (a.status = 'pending' and a.next_at > d.give_up_at)
                      then null else d.once_key end
  from attempt a
  where d.id = $1::uuid and d.attempts = $2::int and d.status = 'sending'
  returning d.status`;

/** The latest status before each change; 'new' for a lead's first. */
const STATUS_CHANGES_TO_ANNOUNCE = `
  select c.id, c.lead_id, c.status, c.value, c.currency, c.note, c.changed_at,
         coalesce((select p.status from public.lead_status_changes p
                   where p.lead_id = c.lead_id and (p.changed_at, p.id) < (c.changed_at, c.id)
                   order by p.changed_at desc, p.id desc limit 1), 'new') as previous_status
  from public.lead_status_changes c
  join public.leads l on l.id = c.lead_id and l.spam_reason is null
  where c.changed_at > now() - interval '${RECENT}'
    and not exists (
      select 1 from public.lead_deliveries d
      where d.lead_id = c.lead_id and d.event = 'lead.status_changed'
        and d.payload ->> 'change_id' = c.id::text)
  order by c.changed_at, c.id
  limit $1`;

const LEADS_TO_ESCALATE = `
  select l.* from public.leads l
  where l.spam_reason is null
    and l.created_at <= now() - make_interval(mins => $1)
    and l.created_at > now() - interval '${RECENT}'
    and not exists (select 1 from public.lead_status_changes c where c.lead_id = l.id)
    and not exists (
      select 1 from public.lead_deliveries d
      where d.lead_id = l.id and d.event = 'lead.escalated')
  order by l.created_at
  limit $2`;

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

  /**
   * The opt-outs of every contact the claimed deliveries reach, for the channels that honour
   * them (Meta, the homeowner's messages); the team's own channels need none.
   */
  async function optOutsFor(
    claimed: { delivery: DeliveryRow; lead: LeadRow }[],
  ): Promise<OptOut[]> {
    const contacts = new Set<string>();
    for (const { delivery, lead } of claimed) {
      if (!OPT_OUT_CHECKED_CHANNELS.includes(delivery.channel)) continue;
      for (const key of leadContactKeys(lead)) contacts.add(key);
      contacts.add(delivery.destination.toLowerCase());
    }
    if (contacts.size === 0) return [];
    return (
      await query("select * from public.contact_opt_outs where contact = any($1::text[])", [
        [...contacts],
      ])
    ).map((row) => ({ ...isoDates(row), id: Number(row.id) }) as unknown as OptOut);
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
    async insert(lead, { consent, deliveries = [] } = {}): Promise<InsertResult> {
      const inserted = await query(INSERT_LEAD, [
        ...LEAD_COLUMNS.map((column) => lead[column]),
        consent !== undefined,
        ...CONSENT_COLUMNS.map((column) => consent?.[column] ?? null),
        deliveriesJson(deliveries),
      ]);
      if (inserted.length > 0) return { inserted: true };
      // Another request with this id got there first (a double submit): compare with it.
      const fingerprint = await findFingerprint(lead.id);
      return { inserted: false, fingerprint: fingerprint ?? null };
    },
    async addDeliveries(leadId, deliveries) {
      if (deliveries.length === 0) return 0;
      return (await query(ADD_DELIVERIES, [leadId, deliveriesJson(deliveries)])).length;
    },
    async claimDeliveries({ leadId, limit }) {
      const claimed = (
        await query(leadId ? CLAIM_ONE_LEAD : CLAIM_DUE, [leadId ?? null, limit])
      ).map(({ lead_row, consent_row, ...delivery }) => ({
        delivery: toDeliveryRow(delivery),
        lead: jsonRow(lead_row) as LeadRow,
        consent: consent_row ? (jsonRow(consent_row) as unknown as ConsentRecord) : null,
      }));
      const optOuts = await optOutsFor(claimed);
      return claimed.map((item) => ({ ...item, optOuts }));
    },
    async recordAttempt(id, attempt, record) {
      const [row] = await query(RECORD_ATTEMPT, [
        id,
        attempt,
        record.status,
        "error" in record ? record.error.slice(0, 1000) : null,
        record.httpStatus ?? null,
        record.status === "pending" ? record.delaySeconds : 0,
      ]);
      return row ? String(row.status) : null;
    },
    async releaseClaims() {
      return (
        await query(
          `update public.lead_deliveries set status = 'pending', lease_until = null
           where status = 'sending' returning id`,
        )
      ).length;
    },
    async leadsToEscalate(afterMinutes, limit) {
      return (await query(LEADS_TO_ESCALATE, [afterMinutes, limit])).map(toLeadRow);
    },
    async statusChangesToAnnounce(limit) {
      return (await query(STATUS_CHANGES_TO_ANNOUNCE, [limit])).map(
        (row) =>
          ({
            ...isoDates(row),
            id: Number(row.id),
            value: row.value === null || row.value === undefined ? null : Number(row.value),
          }) as StatusChange & { previous_status: string },
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

function deliveriesJson(deliveries: readonly PlannedDelivery[]): string {
  return JSON.stringify(
    deliveries.map((delivery) => ({
      id: delivery.id,
      channel: delivery.channel,
      event: delivery.event,
      destination: delivery.destination,
      payload: delivery.payload,
      status: delivery.status,
      lifetime_seconds: delivery.lifetimeSeconds,
      once_key: delivery.onceKey,
      note: delivery.note,
    })),
  );
}
