import { z } from "zod";

import { claimedRow, number, text } from "./row-schemas.ts";
import { statement, type Params } from "./sql.ts";

/**
 * The outbox's statements as SQL (sql-lead-store.ts runs them): claiming due deliveries,
 * recording an attempt, counting what was sent in the last hour, releasing claims. The same
 * text runs on Supabase's Postgres and PGlite.
 */

/**
 * An attempt holds its delivery this long; one whose process died is tried again after it.
 * Every provider call times out within 15 seconds (twice for Resend's reply-to retry).
 */
export const DELIVERY_LEASE = "2 minutes";

/**
 * Claims due deliveries (of one lead, or of any when lead_id is null). A retry run skips
 * rows another transaction holds; the claim of one new lead's deliveries waits for them
 * instead (a concurrent record of the same lead, say) and then checks again that they are
 * still due: skipping would leave them to the next run.
 *
 * Each comes with its lead, its consent record and the lead's latest status change (an
 * escalation checks it at the moment of sending), and with `unrecorded_since` when the attempt
 * before this one recorded no outcome (its process died mid-call, so the provider may have
 * the message): then it is the earliest that attempt can have been claimed. Two signs, either
 * enough: the row was still held by a lease that ran out (the claim that ran out is
 * lease_until less the lease), or the delivery's last kept attempt is not the one before this
 * (which survives RELEASE_CLAIMS, where the local server's restart clears the lease).
 */
const claimDue = (lock: "for update" | "for update skip locked") =>
  statement(
    claimedRow,
    (param: Params<{ lead_id: string | null; limit: number }>) => `
  with due as (
    select id, status = 'sending' as lease_ran_out,
           lease_until - interval '${DELIVERY_LEASE}' as ran_out_claim
    from public.lead_deliveries
    where next_attempt_at <= now()
      and (status = 'pending' or (status = 'sending' and lease_until < now()))
      and (${param.lead_id}::uuid is null or lead_id = ${param.lead_id}::uuid)
    order by next_attempt_at
    limit ${param.limit}
    ${lock}),
  claimed as (
    update public.lead_deliveries d
    set status = 'sending', attempts = d.attempts + 1,
        lease_until = now() + interval '${DELIVERY_LEASE}'
    from due
    where d.id = due.id
    returning d.*, due.lease_ran_out, due.ran_out_claim)
  -- With each its lead, consent record, latest status and last kept attempt, in one round trip.
  select c.*, to_jsonb(l) as lead_row, to_jsonb(k) as consent_row,
         latest.status as lead_status, latest.changed_at as lead_status_at,
         case when c.lease_ran_out
                or (c.attempts > 1 and kept.attempt is distinct from c.attempts - 1)
              then greatest(c.created_at, coalesce(c.ran_out_claim, kept.at, c.created_at))
         end as unrecorded_since
  from claimed c
  join public.leads l on l.id = c.lead_id
  left join public.lead_consents k on k.lead_id = c.lead_id
  left join lateral (
    select s.status, s.changed_at from public.lead_status_changes s
    where s.lead_id = c.lead_id
    order by s.changed_at desc, s.id desc
    limit 1) latest on true
  left join lateral (
    select a.attempt, a.at from public.lead_delivery_attempts a
    where a.delivery_id = c.id
    order by a.id desc
    limit 1) kept on true
  order by c.next_attempt_at`,
  );
export const CLAIM_ONE_LEAD = claimDue("for update");
export const CLAIM_DUE = claimDue("for update skip locked");

/**
 * The outcome of attempt `attempt`, and the attempt kept in lead_delivery_attempts, in one
 * statement. A pending one whose next attempt would pass its give-up time is tried once more
 * at that time, so the schedule reaches the end of its window (3 days, Meta's 7) instead of
 * stopping a step short; one recorded at or past its give-up time fails, saying so. A failed
 * or skipped one gives its once-a-day key back. A stale record (a later claim took the
 * delivery) changes nothing and keeps nothing. A sent one may carry a note in `error` (how
 * it was found sent), kept like an error.
 */
export const RECORD_ATTEMPT = statement(
  z.object({ status: text }),
  (
    param: Params<{
      id: string;
      attempt: number;
      status: string;
      error: string | null;
      http_status: number | null;
      delay_seconds: number;
      duration_ms: number | null;
    }>,
  ) => `
  with attempt as (
    select ${param.status}::text as status, ${param.error}::text as error,
           ${param.http_status}::int as http_status, ${param.duration_ms}::int as duration_ms,
           now() + make_interval(secs => ${param.delay_seconds}::int) as next_at),
  outcome as (
    select d.id, a.*, a.status = 'pending' and now() >= d.give_up_at as gave_up
    from public.lead_deliveries d, attempt a
    where d.id = ${param.id}::uuid),
  recorded as (
    update public.lead_deliveries d
    set status = case when o.gave_up then 'failed' else o.status end,
        last_error = case when o.gave_up
                          then format('gave up after %s attempts: %s', d.attempts, o.error)
                          else coalesce(o.error, d.last_error) end,
        last_status = coalesce(o.http_status, d.last_status),
        lease_until = null,
        next_attempt_at = case when o.status = 'pending' and not o.gave_up
                               then least(o.next_at, d.give_up_at)
                               else d.next_attempt_at end,
        sent_at = case when o.status in ('sent', 'logged') then now() else d.sent_at end,
        once_key = case when o.status in ('failed', 'skipped') or o.gave_up
                        then null else d.once_key end
    from outcome o
    where d.id = o.id and d.attempts = ${param.attempt}::int and d.status = 'sending'
    returning d.id, d.lead_id, d.attempts, d.status, d.last_error, o.error is not null as erred,
              o.http_status, o.duration_ms),
  kept as (
    insert into public.lead_delivery_attempts
      (delivery_id, lead_id, attempt, outcome, http_status, duration_ms, excerpt)
    select id, lead_id, attempts, status, http_status, duration_ms,
           case when erred then left(last_error, 1000) end
    from recorded
    returning id)
  select status from recorded`,
);

/**
 * The latest `limit` deliveries on these channels recorded sent in the last hour, latest
 * first: when each leaves that hour, written out to the microsecond in UTC (the same text on
 * every call, so it can key what happens once), and in how many seconds by the database's clock.
 */
export const SENT_IN_LAST_HOUR = statement(
  z.object({ leaves_at: text, seconds_left: number }),
  (param: Params<{ channels: string[]; limit: number }>) => `
  select to_char((sent_at + interval '1 hour') at time zone 'UTC',
                 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as leaves_at,
         extract(epoch from sent_at + interval '1 hour' - now())::float8 as seconds_left
  from public.lead_deliveries
  where channel = any(${param.channels}::text[])
    and status = 'sent' and sent_at > now() - interval '1 hour'
  order by sent_at desc
  limit ${param.limit}`,
);

export const RELEASE_CLAIMS = statement(
  z.object({ id: text }),
  () => `
  update public.lead_deliveries set status = 'pending', lease_until = null
  where status = 'sending'
  returning id`,
);
