-- Offer requests from the site's form. Written only by the send-contact-email
-- function (as the table owner); nobody reads them through the public API.
-- Idempotent, so the local server can apply it to any PGlite at start.

create table if not exists public.leads (
  -- Chosen by the browser, so a retried submit cannot store the lead twice.
  id uuid primary key,
  created_at timestamptz not null default now(),
  address text not null,
  condition text not null
    check (condition in ('Excellent', 'Good', 'Fair', 'Needs Work', 'Poor')),
  email text not null,
  phone text,
  state text,
  -- The page path the form was sent from, e.g. /sell-house-fast-ohio.
  source text,
  -- Null until the notification e-mail went out.
  notified_at timestamptz
);

create index if not exists leads_created_at_idx on public.leads (created_at);

-- No policies on purpose: with RLS on, anon and authenticated see and change nothing.
alter table public.leads enable row level security;

-- The roles exist on Supabase, not in a plain Postgres or PGlite.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.leads from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.leads from authenticated;
  end if;
end
$$;
