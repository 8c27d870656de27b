-- What a lawyer and a marketer need of each lead (issue 20): the consent it was sent
-- under, opt-outs, outcomes, and the conversion event sent to Meta. The three record
-- tables are append-only: a row is never changed, and deleted only when retention says
-- so. Idempotent, like the others: the local server applies it to any PGlite.

-- The consent record, written with the lead. Kept 5 years from receipt, longer than the
-- lead itself (3 years): a claim under the TCPA can be brought for 4 years after a call.
create table if not exists public.lead_consents (
  lead_id uuid primary key,
  received_at timestamptz not null default now(),
  -- When the visitor pressed the button, as the browser said and the function believed;
  -- the receive time when it was not believed.
  consented_at timestamptz,
  -- Whom the consent covers.
  email text not null,
  phone text,
  -- The wording shown (supabase/functions/_leads/disclosures.ts), by version and by the
  -- SHA-256 of the exact text; verified when the function rendered the same text itself.
  disclosure_version text,
  disclosure_sha256 text,
  disclosure_verified boolean not null default false,
  brand text,
  -- Every consent control: a call asked for with a phone number; the separate box for texts.
  calls boolean not null default false,
  texts boolean not null default false,
  page_url text,
  user_agent text,
  -- The address the request came from (the privacy policy says so, and for how long).
  client_ip text,
  -- The browser sent Global Privacy Control (Sec-GPC: 1 or navigator.globalPrivacyControl).
  gpc boolean not null default false,
  -- script: the page's script sent it; form: the form itself, posted without script.
  via text not null check (via in ('script', 'form'))
);
create index if not exists lead_consents_received_at_idx on public.lead_consents (received_at);

-- A person's "stop": by phone (digits with country code) or e-mail (lowercased).
create table if not exists public.contact_opt_outs (
  id bigint generated always as identity primary key,
  contact text not null,
  channel text not null check (channel in ('calls', 'texts', 'email', 'sharing', 'all')),
  recorded_at timestamptz not null default now(),
  note text
);
create index if not exists contact_opt_outs_contact_idx on public.contact_opt_outs (contact);

-- Where each lead stands; the latest row is its status.
create table if not exists public.lead_status_changes (
  id bigint generated always as identity primary key,
  lead_id uuid not null,
  status text not null check (status in (
    'new', 'contacted', 'appointment', 'offer_made', 'under_contract', 'closed',
    'not_a_fit', 'duplicate')),
  value numeric(14, 2),
  currency text check (currency ~ '^[A-Z]{3}$'),
  note text,
  changed_at timestamptz not null default now()
);
create index if not exists lead_status_changes_lead_idx
  on public.lead_status_changes (lead_id, changed_at);

-- GPC on the lead too: every export and event leaves such leads out.
alter table public.leads
  add column if not exists gpc boolean not null default false,
  -- The Meta Conversions API Lead event, sent after the answer and retried like the e-mail.
  add column if not exists meta_sent_at timestamptz,
  add column if not exists meta_attempted_at timestamptz,
  add column if not exists meta_attempts integer not null default 0,
  add column if not exists meta_next_at timestamptz,
  add column if not exists meta_error text;

-- Append-only: changes are refused; a delete only once retention allows it.
create or replace function public.keep_records() returns trigger
language plpgsql as $$
begin
  -- Nested, so each table's column is read only for that table.
  if tg_op = 'DELETE' then
    if tg_table_name = 'lead_consents' then
      if old.received_at < now() - interval '5 years' then return old; end if;
    elsif tg_table_name = 'contact_opt_outs' then
      if old.recorded_at < now() - interval '5 years' then return old; end if;
    elsif tg_table_name = 'lead_status_changes' then
      if not exists (select 1 from public.leads where id = old.lead_id) then return old; end if;
    end if;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op;
end
$$;

drop trigger if exists lead_consents_keep on public.lead_consents;
create trigger lead_consents_keep before update or delete on public.lead_consents
  for each row execute function public.keep_records();
drop trigger if exists contact_opt_outs_keep on public.contact_opt_outs;
create trigger contact_opt_outs_keep before update or delete on public.contact_opt_outs
  for each row execute function public.keep_records();
drop trigger if exists lead_status_changes_keep on public.lead_status_changes;
create trigger lead_status_changes_keep before update or delete on public.lead_status_changes
  for each row execute function public.keep_records();

-- As for leads: no policies, so with RLS on the public API sees and changes nothing.
alter table public.lead_consents enable row level security;
alter table public.contact_opt_outs enable row level security;
alter table public.lead_status_changes enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.lead_consents, public.contact_opt_outs,
      public.lead_status_changes from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.lead_consents, public.contact_opt_outs,
      public.lead_status_changes from authenticated;
  end if;
end
$$;
