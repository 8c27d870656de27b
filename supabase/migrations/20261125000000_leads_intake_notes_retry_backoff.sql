-- What the function changed in fields the visitor never typed, and e-mail retries that
-- cannot starve each other (issue 18). Idempotent, like the others: the local server
-- applies it to any PGlite.

alter table public.leads
  -- One sentence per change: "consent.at: was 2019-01-01T00:00:00.000Z, ...; the server's
  -- receive time stands for it." A lead is never refused for such a field.
  add column if not exists intake_notes text[] not null default '{}',
  -- After a failed e-mail, the next attempt waits until then (5 minutes, doubling to 6 hours).
  add column if not exists notify_next_at timestamptz,
  -- Why the last attempt failed, for the operator.
  add column if not exists notify_error text;

-- The retry run takes due leads, the longest due first.
drop index if exists public.leads_notify_due_idx;
create index if not exists leads_notify_due_idx
  on public.leads (coalesce(notify_next_at, created_at))
  where notified_at is null and spam_reason is null;
