import { z } from "zod";

import { leadRow, number, optOut, statusChange, text } from "./row-schemas.ts";
import { CONSENT_COLUMNS, LEAD_COLUMNS } from "./rows.ts";
import { statement, type Params } from "./sql.ts";

/**
 * The lead store's statements as SQL, each with its parameters by name and how its rows
 * read (sql-lead-store.ts runs them): storing leads and their consent records, rate limits,
 * what maintenance plans, and the purge; the outbox's are in delivery-statements.ts. The same
 * text runs on Supabase's Postgres and PGlite.
 */

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

const ids = z.object({ id: text });

/**
 * Deliveries of the lead `lead` (a CTE or a table with the lead's id and created_at), from
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
    cross join jsonb_to_recordset(${json}::text::jsonb) as d(
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

/**
 * The lead, its consent record and its deliveries in one statement: all are stored, or none.
 * Each comes as JSON, read into the table's own row type; consent is null when none came.
 */
export const INSERT_LEAD = statement(
  ids,
  (param: Params<{ lead: string; consent: string | null; deliveries: string }>) => `
  with lead as (
    insert into public.leads (${LEAD_COLUMNS.join(", ")})
    select ${LEAD_COLUMNS.join(", ")}
    from jsonb_populate_record(null::public.leads, ${param.lead}::text::jsonb)
    on conflict (id) do nothing
    returning id, created_at, email, phone),
  consent as (
    insert into public.lead_consents
      (lead_id, received_at, email, phone, ${CONSENT_COLUMNS.join(", ")})
    select lead.id, lead.created_at, lead.email, lead.phone,
           ${CONSENT_COLUMNS.map((column) => `given.${column}`).join(", ")}
    from lead
    cross join jsonb_populate_record(null::public.lead_consents, ${param.consent}::text::jsonb) given
    where ${param.consent}::text is not null
    returning lead_id),
  deliveries as (${insertDeliveries("lead", param.deliveries)})
  select id from lead`,
);

export const ADD_DELIVERIES = statement(
  ids,
  (param: Params<{ lead_id: string; deliveries: string }>) => `
  with lead as (select id, created_at from public.leads where id = ${param.lead_id}::uuid)
  ${insertDeliveries("lead", param.deliveries)}`,
);

/** The latest status before each change; 'new' for a lead's first. */
export const STATUS_CHANGES_TO_ANNOUNCE = statement(
  statusChange.extend({ previous_status: text }),
  (param: Params<{ limit: number }>) => `
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
  limit ${param.limit}`,
);

export const LEADS_TO_ESCALATE = statement(
  leadRow,
  (param: Params<{ after_minutes: number; limit: number }>) => `
  select l.* from public.leads l
  where l.spam_reason is null
    and l.created_at <= now() - make_interval(mins => ${param.after_minutes})
    and l.created_at > now() - interval '${RECENT}'
    and not exists (select 1 from public.lead_status_changes c where c.lead_id = l.id)
    and not exists (
      select 1 from public.lead_deliveries d
      where d.lead_id = l.id and d.event = 'lead.escalated')
  order by l.created_at
  limit ${param.limit}`,
);

export const LIST_LEADS = statement(
  leadRow,
  () => "select * from public.leads order by created_at, id",
);

export const FIND_FINGERPRINT = statement(
  z.object({ fingerprint: text.nullable() }),
  (param: Params<{ id: string }>) =>
    `select fingerprint from public.leads where id = ${param.id}::uuid`,
);

/** The opt-outs recorded for any of these contacts. */
export const OPT_OUTS_OF = statement(
  optOut,
  (param: Params<{ contacts: string[] }>) =>
    `select * from public.contact_opt_outs where contact = any(${param.contacts}::text[])`,
);

/** The hash is made in the database with its own random salt: neither leaves it. */
export const COUNT_REQUEST = statement(
  z.object({ hits: number }),
  (param: Params<{ client_address: string; window_start: string }>) => `
  insert into public.lead_rate_limits (client_hash, window_start, hits)
  select encode(sha256(convert_to(salt.value || ${param.client_address}::text, 'UTF8')), 'hex'),
         ${param.window_start}::timestamptz, 1
  from public.lead_settings salt
  where salt.name = 'rate_limit_salt'
  on conflict (client_hash, window_start)
  do update set hits = public.lead_rate_limits.hits + 1
  returning hits`,
);

export const PURGE = statement(
  z.object({
    spam: number,
    expired: number,
    rate_limits: number,
    consents: number,
    outcomes: number,
  }),
  () => `
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
         (select count(*) from outcomes)::int as outcomes`,
);
