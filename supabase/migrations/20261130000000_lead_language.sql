-- The language of the page a lead was sent from (issue 43): a Spanish page's lead is "es", and
-- its consent wording, the homeowner's confirmations and the answers to its texts are Spanish.
-- The values are contract/language.ts LANGUAGES (store/channels.test.ts holds the check to it).
-- Every lead stored before came from an English page. Idempotent, like the others: the local
-- server applies it to any PGlite.

alter table public.leads
  add column if not exists language text not null default 'en';

do $$
begin
  if not exists (
    select 1 from pg_constraint
    where conrelid = 'public.leads'::regclass and conname = 'leads_language_check'
  ) then
    alter table public.leads
      add constraint leads_language_check check (language in ('en', 'es'));
  end if;
end
$$;
