-- Every text someone sends to the company's number, once (issue 41, item 4): Twilio's
-- MessageSid is unique here, so a request replayed with a known MessageSid (Twilio's signature
-- has no time in it, and stays valid forever) is seen for what it is and changes nothing. The
-- opt-out or opt-in a text causes is written in the same statement as its row here
-- (supabase/functions/_shared/store/inbound-texts.ts). Append-only, like the operator's
-- records. Idempotent, like the others: the local server applies it to any PGlite.

create table if not exists public.inbound_texts (
  id bigint generated always as identity primary key,
  message_sid text not null unique check (char_length(message_sid) between 1 and 64),
  -- The sender in E.164 (contacts.ts phoneKey); null when From was no phone number.
  from_number text check (from_number ~ '^\+[1-9][0-9]{6,14}$'),
  -- The first 160 characters, non-printable ones written out (printable.ts); null for rows
  -- carried over below from opt-outs, whose note has the words.
  body_excerpt text check (char_length(body_excerpt) <= 1000),
  -- How the function read it (contract/text-replies.ts).
  classification text not null
    check (classification in ('revocation', 'help', 'start', 'unclear', 'other')),
  -- Twilio's inbound webhook carries no time: the time it was received.
  received_at timestamptz not null default now(),
  -- The opt-out or opt-in it recorded, if any.
  opt_out_id bigint
);
create index if not exists inbound_texts_from_idx
  on public.inbound_texts (from_number, received_at);

-- The texts recorded before this table, as their opt-outs name them ("... (Twilio SM…)"), so a
-- replay of one of those is known too.
insert into public.inbound_texts
  (message_sid, from_number, body_excerpt, classification, received_at, opt_out_id)
select distinct on (sid.value)
       sid.value, o.contact, null,
       case o.action when 'opt_out' then 'revocation' else 'start' end,
       o.recorded_at, o.id
from public.contact_opt_outs o
cross join lateral (
  select substring(o.note from '\(Twilio ([A-Za-z]{2}[0-9a-fA-F]{32})\)') as value) sid
where sid.value is not null and o.contact ~ '^\+[1-9][0-9]{6,14}$'
order by sid.value, o.recorded_at, o.id
on conflict (message_sid) do nothing;

-- Append-only: a change is refused; a delete only after 5 years, as for opt-outs. A row
-- deleted lets its message be taken again if replayed, so keep them while the opt-outs last.
create or replace function public.keep_inbound_texts() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' and old.received_at < now() - interval '5 years' then
    return old;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op;
end
$$;

drop trigger if exists inbound_texts_keep on public.inbound_texts;
create trigger inbound_texts_keep before update or delete on public.inbound_texts
  for each row execute function public.keep_inbound_texts();

-- As for leads: no policies, so with RLS on the public API sees and changes nothing.
alter table public.inbound_texts enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.inbound_texts from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.inbound_texts from authenticated;
  end if;
end
$$;
