-- The abuse limit: requests counted per client and time window, in Postgres so that
-- it holds across Supabase's function instances and in the local server's PGlite.
-- A client is a SHA-256 of a random salt and its IP address, never the address:
-- the salt is made here and stays in the database, which does the hashing.
-- Rows older than 24 hours are deleted by the function's periodic run.

create table if not exists public.lead_rate_limits (
  client_hash text not null,
  window_start timestamptz not null,
  hits integer not null default 1,
  primary key (client_hash, window_start)
);

create index if not exists lead_rate_limits_window_start_idx
  on public.lead_rate_limits (window_start);

create table if not exists public.lead_settings (
  name text primary key,
  value text not null
);

-- 64 random hex digits; kept when the migration runs again.
insert into public.lead_settings (name, value)
values (
  'rate_limit_salt',
  replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
)
on conflict (name) do nothing;

-- As for leads: no policies, so with RLS on the public API sees and changes nothing.
alter table public.lead_rate_limits enable row level security;
alter table public.lead_settings enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.lead_rate_limits, public.lead_settings from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.lead_rate_limits, public.lead_settings from authenticated;
  end if;
end
$$;
