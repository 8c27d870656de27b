-- Phone numbers are matched by their E.164 form (+16145550142) since issue 27: one key,
-- made by supabase/functions/_leads/contacts.ts (libphonenumber-js) when an opt-out is
-- written and when a lead is matched. Opt-outs stored before kept the digits with the
-- country code (16145550142): the same number without its plus, re-keyed here once.
-- The table is append-only; only this representation changes, so its trigger is set
-- aside for the one statement. Idempotent: a key with its plus is left alone.

alter table public.contact_opt_outs disable trigger contact_opt_outs_keep;
update public.contact_opt_outs
  set contact = '+' || contact
  where contact ~ '^[1-9][0-9]{6,14}$';
alter table public.contact_opt_outs enable trigger contact_opt_outs_keep;
