-- One outbox for every message a lead causes (issue 26): the team's e-mail and texts, the
-- operator's webhooks, Meta's Lead event, the homeowner's confirmation and the escalation
-- of a lead nobody has called. Each is a row written in the same statement as the lead (or,
-- for a status change or an escalation, by the run that notices it), and one claim, lease
-- and back-off loop delivers them all (supabase/functions/_leads/delivery/). It replaces the
-- notify_* and meta_* columns of public.leads, whose state it carries over.
-- Idempotent, like the others: the local server applies it to any PGlite.

create table if not exists public.lead_deliveries (
  -- Made from the lead, channel, event and destination (delivery/outbox.ts): the same
  -- delivery planned twice is one row, and the id travels as Resend's Idempotency-Key and
  -- as the webhook's webhook-id, so a receiver can tell a resend from a new event.
  id uuid primary key,
  lead_id uuid not null references public.leads (id) on delete cascade,
  channel text not null check (channel in (
    'team_email', 'team_sms', 'webhook', 'meta', 'confirm_email', 'confirm_sms', 'escalation')),
  event text not null check (event in ('lead.created', 'lead.status_changed', 'lead.escalated')),
  -- Where it goes: e-mail addresses, a phone number (E.164), an endpoint URL, a dataset id;
  -- 'log' when no provider was configured, '' for rows carried over from the old columns.
  destination text not null,
  -- What the event carries beyond the lead: a status change's id, status and value.
  payload jsonb not null default '{}'::jsonb,
  -- pending: waiting for its next attempt; sending: an attempt holds it until lease_until;
  -- sent: the provider answered 2xx; failed: refused for good, or given up at give_up_at;
  -- logged: no provider was configured, so it went to the log only; skipped: not sent by a
  -- rule (an opt-out, one confirmation a day), said in last_error; unverified: carried over
  -- from notified_at, which the old code also set when the e-mail only went to the log.
  status text not null default 'pending' check (status in (
    'pending', 'sending', 'sent', 'failed', 'logged', 'skipped', 'unverified')),
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  give_up_at timestamptz not null,
  last_error text,
  -- The HTTP status of the last answer, when there was one.
  last_status integer,
  sent_at timestamptz,
  -- One confirmation per address a day: the channel, the address and the UTC day. Cleared
  -- when the delivery fails, so a later lead may try again.
  once_key text
);

create unique index if not exists lead_deliveries_once_key_idx
  on public.lead_deliveries (once_key) where once_key is not null;
-- The loop takes due rows, the longest due first.
create index if not exists lead_deliveries_due_idx
  on public.lead_deliveries (next_attempt_at) where status in ('pending', 'sending');
create index if not exists lead_deliveries_lead_idx on public.lead_deliveries (lead_id);
-- The confirmation rules look up earlier deliveries to the same address.
create index if not exists lead_deliveries_destination_idx
  on public.lead_deliveries (channel, destination, created_at);

-- START after STOP: a text opt-out withdrawn by the person is a new row, not an edit.
alter table public.contact_opt_outs
  add column if not exists action text not null default 'opt_out'
    check (action in ('opt_out', 'opt_in'));

-- Carry the old columns' state over, once: the e-mail as it stood, and Meta's event where
-- one was tried. Rows already sent keep their time.
do $$
begin
  if exists (
    select 1 from information_schema.columns
    where table_schema = 'public' and table_name = 'leads' and column_name = 'notified_at'
  ) then
    insert into public.lead_deliveries
      (id, lead_id, channel, event, destination, status, attempts, created_at, next_attempt_at,
       give_up_at, last_error, sent_at)
    select gen_random_uuid(), l.id, 'team_email', 'lead.created', '',
           case when l.notified_at is not null then 'unverified'
                when l.notify_attempts >= 30 then 'failed'
                else 'pending' end,
           l.notify_attempts, l.created_at, coalesce(l.notify_next_at, l.created_at),
           -- A lead still being retried gets a day past this upgrade, not less.
           greatest(l.created_at + interval '3 days', now() + interval '1 day'),
           case when l.notified_at is not null
                then 'carried over from notified_at, which was also set when the e-mail only went to the log'
                else l.notify_error end,
           l.notified_at
    from public.leads l
    where l.spam_reason is null
    on conflict do nothing;

    insert into public.lead_deliveries
      (id, lead_id, channel, event, destination, status, attempts, created_at, next_attempt_at,
       give_up_at, last_error, sent_at)
    select gen_random_uuid(), l.id, 'meta', 'lead.created', '',
           case when l.meta_sent_at is not null then 'sent'
                when l.meta_attempts >= 30 then 'failed'
                else 'pending' end,
           l.meta_attempts, l.created_at, coalesce(l.meta_next_at, l.created_at),
           l.created_at + interval '7 days' - interval '1 hour',
           l.meta_error, l.meta_sent_at
    from public.leads l
    where l.spam_reason is null and (l.meta_sent_at is not null or l.meta_attempts > 0)
    on conflict do nothing;
  end if;
end
$$;

drop index if exists public.leads_notify_due_idx;
alter table public.leads
  drop column if exists notified_at,
  drop column if exists notify_attempted_at,
  drop column if exists notify_attempts,
  drop column if exists notify_next_at,
  drop column if exists notify_error,
  drop column if exists meta_sent_at,
  drop column if exists meta_attempted_at,
  drop column if exists meta_attempts,
  drop column if exists meta_next_at,
  drop column if exists meta_error;

-- As for leads: no policies, so with RLS on the public API sees and changes nothing.
alter table public.lead_deliveries enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.lead_deliveries from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.lead_deliveries from authenticated;
  end if;
end
$$;
