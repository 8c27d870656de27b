-- Every attempt of every delivery kept (issue 40): lead_deliveries holds where a delivery
-- stands, with only its last error; this table holds each attempt's outcome, written in the
-- statement that records it (store/delivery-statements.ts, RECORD_ATTEMPT). Append-only, like
-- the operator's records; its rows go with their delivery, when the purge deletes the lead.
-- Idempotent, like the others: the local server applies it to any PGlite.

create table if not exists public.lead_delivery_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references public.lead_deliveries (id) on delete cascade,
  lead_id uuid not null,
  -- The delivery's attempt number; it starts again at 1 after the operator's --redeliver.
  attempt integer not null,
  at timestamptz not null default now(),
  -- The status the attempt left the delivery in: sent (2xx), logged (no provider), pending
  -- (tried again later), failed (refused for good, or its lifetime ended), skipped (a rule);
  -- unverified only for rows carried over from before delivery records.
  outcome text not null check (outcome in (
    'sent', 'logged', 'pending', 'failed', 'skipped', 'unverified')),
  -- The HTTP status of the answer, when there was one.
  http_status integer,
  -- How long the channel's adapter took; null for rows carried over.
  duration_ms integer check (duration_ms >= 0),
  -- The error or reason, as the delivery's last_error has it: printable, secrets blanked out.
  excerpt text check (char_length(excerpt) <= 1000)
);
create index if not exists lead_delivery_attempts_delivery_idx
  on public.lead_delivery_attempts (delivery_id, id);

-- The current rows carried over, once: each delivery's last recorded attempt. A delivery held
-- by an attempt now ("sending") has that one unrecorded, so its attempt before is carried,
-- which was pending since it was tried again. The time is the sent time where there is one,
-- the claim for one held now, and otherwise the delivery's creation: the earliest it can
-- have been, since no column kept it.
insert into public.lead_delivery_attempts
  (delivery_id, lead_id, attempt, at, outcome, http_status, excerpt)
select d.id, d.lead_id,
       case when d.status = 'sending' then d.attempts - 1 else d.attempts end,
       coalesce(d.sent_at, case when d.status = 'sending' then d.lease_until - interval '2 minutes' end,
                d.created_at),
       case when d.status = 'sending' then 'pending' else d.status end,
       d.last_status, left(d.last_error, 1000)
from public.lead_deliveries d
where d.attempts > case when d.status = 'sending' then 1 else 0 end
  and not exists (select 1 from public.lead_delivery_attempts a where a.delivery_id = d.id)
order by d.created_at, d.id;

-- Append-only: a change is refused, and so is a delete, but for the cascade from a delivery
-- being deleted (with its lead, by the purge). The cascade runs after the delivery's row is
-- gone, so the trigger sees no delivery left; a delete of a row whose delivery stands is refused.
create or replace function public.keep_delivery_attempts() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE'
     and not exists (select 1 from public.lead_deliveries where id = old.delivery_id) then
    return old;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op;
end
$$;

drop trigger if exists lead_delivery_attempts_keep on public.lead_delivery_attempts;
create trigger lead_delivery_attempts_keep before update or delete
  on public.lead_delivery_attempts
  for each row execute function public.keep_delivery_attempts();

-- As for leads: no policies, so with RLS on the public API sees and changes nothing.
alter table public.lead_delivery_attempts enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.lead_delivery_attempts from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.lead_delivery_attempts from authenticated;
  end if;
end
$$;
