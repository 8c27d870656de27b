-- What the function doubts about a consent record's time (issue 27): a time before the named
-- wording was published, older than the browser keeps a request, or ahead of the server's
-- clock is kept as the browser sent it, and said here, one sentence each. Empty: no doubt.
-- Idempotent, like the others.

alter table public.lead_consents
  add column if not exists doubts text[] not null default '{}';
