-- One identity per mailbox (issue 41): an e-mail is matched by its mailbox's key
-- (supabase/functions/_shared/contract/mailbox.ts) instead of the address trimmed and
-- lowercased, so victim@ｇｍａｉｌ.com, v.ictim+a@googlemail.com and victim@gma<U+034F>il.com
-- are one mailbox for the opt-outs and the once-a-day confirmation. Opt-outs and confirmation
-- deliveries written before hold the old key; this re-keys them with what SQL can do of the
-- same steps: default-ignorable code points removed, NFKC, lowercase, then the providers' rules
-- as mailbox.ts takes them from validator's normalizeEmail (its domain lists are copied here;
-- supabase/functions/_shared/handler/mailbox-identity.test.ts checks that both give one key).
--
-- IDNA (UTS #46) to ASCII of a non-ASCII domain (bücher.de to xn--bcher-kva.de) is not possible
-- in SQL. None such are expected; one would keep its old, lowercased key, which no longer
-- matches (the function now keys owner@bücher.de as owner@xn--bcher-kva.de), so a warning says
-- how many there are, to record again with `npm run leads -- --opt-out ADDRESS`.
--
-- contact_opt_outs is append-only, and a person's opt-out is evidence: the row stays as it was
-- recorded, and a copy under the new key says in its note which row it was re-keyed from.
-- lead_deliveries is the outbox's working state, re-keyed in place. Idempotent: a key keyed
-- again is the same key, and an opt-out already copied is not copied again.

-- The mailbox's key, or null when SQL cannot make it: no @, or a domain not ASCII after NFKC.
create or replace function pg_temp.mailbox_key(address text) returns text
language plpgsql immutable as $$
declare
  -- Unicode's Default_Ignorable_Code_Point set (DerivedCoreProperties.txt).
  invisible constant text := '[\u00AD\u034F\u061C\u115F-\u1160\u17B4-\u17B5\u180B-\u180F'
    '\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8'
    '\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]';
  read constant text := regexp_replace(
    normalize(regexp_replace(btrim(address), invisible, '', 'g'), NFKC), invisible, '', 'g');
  local constant text := lower(substring(read from '^(.*)@'));
  domain constant text := translate(lower(substring(read from '@([^@]*)$')), '。', '.');
  name text := local;
  provider text := domain;
begin
  if local is null or domain !~ '^[\x21-\x7e]+$' then
    return null;
  end if;
  if domain in ('gmail.com', 'googlemail.com') then
    -- Dots (single ones, as validator) and a +tag, at Gmail only; googlemail.com is gmail.com.
    name := regexp_replace(split_part(local, '+', 1), '(?<!\.)\.(?!\.)', '', 'g');
    provider := 'gmail.com';
  elsif domain in ('icloud.com', 'me.com', 'mac.com',
      'hotmail.at', 'hotmail.be', 'hotmail.ca', 'hotmail.cl', 'hotmail.co.il', 'hotmail.co.nz',
      'hotmail.co.th', 'hotmail.co.uk', 'hotmail.com', 'hotmail.com.ar', 'hotmail.com.au',
      'hotmail.com.br', 'hotmail.com.gr', 'hotmail.com.mx', 'hotmail.com.pe', 'hotmail.com.tr',
      'hotmail.com.vn', 'hotmail.cz', 'hotmail.de', 'hotmail.dk', 'hotmail.es', 'hotmail.fr',
      'hotmail.hu', 'hotmail.id', 'hotmail.ie', 'hotmail.in', 'hotmail.it', 'hotmail.jp',
      'hotmail.kr', 'hotmail.lv', 'hotmail.my', 'hotmail.ph', 'hotmail.pt', 'hotmail.sa',
      'hotmail.sg', 'hotmail.sk', 'live.be', 'live.co.uk', 'live.com', 'live.com.ar',
      'live.com.mx', 'live.de', 'live.es', 'live.eu', 'live.fr', 'live.it', 'live.nl', 'msn.com',
      'outlook.at', 'outlook.be', 'outlook.cl', 'outlook.co.il', 'outlook.co.nz', 'outlook.co.th',
      'outlook.com', 'outlook.com.ar', 'outlook.com.au', 'outlook.com.br', 'outlook.com.gr',
      'outlook.com.pe', 'outlook.com.tr', 'outlook.com.vn', 'outlook.cz', 'outlook.de',
      'outlook.dk', 'outlook.es', 'outlook.fr', 'outlook.hu', 'outlook.id', 'outlook.ie',
      'outlook.in', 'outlook.it', 'outlook.jp', 'outlook.kr', 'outlook.lv', 'outlook.my',
      'outlook.ph', 'outlook.pt', 'outlook.sa', 'outlook.sg', 'outlook.sk', 'passport.com') then
    -- iCloud Mail and Outlook.com: a +tag.
    name := split_part(local, '+', 1);
  elsif domain in ('rocketmail.com', 'yahoo.ca', 'yahoo.co.uk', 'yahoo.com', 'yahoo.de',
      'yahoo.fr', 'yahoo.in', 'yahoo.it', 'ymail.com') then
    -- Yahoo Mail's disposable addresses: every "-keyword", as mailbox.ts takes them off.
    name := split_part(local, '-', 1);
  elsif domain in ('yandex.ru', 'yandex.ua', 'yandex.kz', 'yandex.com', 'yandex.by', 'ya.ru') then
    provider := 'yandex.ru';
  end if;
  -- Rules that leave no name ("+tag@gmail.com") are not applied, as in mailbox.ts.
  if name = '' then
    return local || '@' || domain;
  end if;
  return name || '@' || provider;
end
$$;

-- Opt-outs: a copy under the mailbox's key, with the original's time and action, so the order
-- of a stop and a later start is kept.
insert into public.contact_opt_outs (contact, channel, action, recorded_at, note)
select keyed.contact, o.channel, o.action, o.recorded_at,
       format('Re-keyed from opt-out %s (%s) to its mailbox key by migration 20261129000100.',
              o.id, o.contact) || coalesce(' ' || o.note, '')
from public.contact_opt_outs o
cross join lateral (select pg_temp.mailbox_key(o.contact) as contact) keyed
where keyed.contact <> o.contact
  and not exists (
    select 1 from public.contact_opt_outs copied
    where copied.note like format('Re-keyed from opt-out %s (%%', o.id))
order by o.recorded_at, o.id;

do $$
declare
  left_as_they_were integer;
begin
  select count(*) into left_as_they_were from public.contact_opt_outs
  where contact like '%@%' and pg_temp.mailbox_key(contact) is null;
  if left_as_they_were > 0 then
    raise warning '% e-mail opt-out(s) keep their old key and no longer match: record each again with npm run leads -- --opt-out ADDRESS.', left_as_they_were;
  end if;
end
$$;

-- Confirmations: the destination is the mailbox's key, which the opt-out check and the
-- one-a-day rule compare.
update public.lead_deliveries d
set destination = pg_temp.mailbox_key(d.destination)
where d.channel = 'confirm_email'
  and pg_temp.mailbox_key(d.destination) <> d.destination;

-- The once key ("confirm_email:ADDRESS:DAY") is unique: when two confirmations of one day went
-- to spellings of one mailbox (what issue 41 is about), the earliest takes the new key and the
-- others keep theirs, which no new confirmation is planned under.
with keyed as (
  select id, created_at,
         'confirm_email:' || pg_temp.mailbox_key(substring(once_key from '^confirm_email:(.*):'))
           || substring(once_key from ':[0-9]{4}-[0-9]{2}-[0-9]{2}$') as once_key
  from public.lead_deliveries
  where channel = 'confirm_email'
    and once_key ~ '^confirm_email:.*@.*:[0-9]{4}-[0-9]{2}-[0-9]{2}$'
),
earliest as (
  select distinct on (once_key) id, once_key from keyed
  where once_key is not null
  order by once_key, created_at, id
)
update public.lead_deliveries d
set once_key = earliest.once_key
from earliest
where d.id = earliest.id
  and d.once_key <> earliest.once_key
  and not exists (
    select 1 from public.lead_deliveries other where other.once_key = earliest.once_key);

drop function pg_temp.mailbox_key(text);
