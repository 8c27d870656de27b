-- What the form sends besides the offer itself, and what the function needs to
-- keep every request (issue 12, 13): suspected spam is held, not dropped; each
-- request's fingerprint makes a retry with the same id safe; the e-mail to the team
-- is claimed before it is sent, so it goes out once however many runs retry it.
-- Idempotent like the first migration: the local server applies it to any PGlite.

alter table public.leads
  -- Why the request is held as suspected spam (honeypot, fill time); null for a real lead.
  add column if not exists spam_reason text,
  -- How long the form took, as the browser measured it from the page's navigation start.
  add column if not exists fill_ms integer,
  -- SHA-256 (hex) of the validated request: the same id with other content is refused.
  add column if not exists fingerprint text,
  -- When an attempt to send the e-mail started; it holds the lead for a few minutes.
  add column if not exists notify_attempted_at timestamptz,
  add column if not exists notify_attempts integer not null default 0,
  -- Which consent wording the visitor was shown, and when they submitted.
  add column if not exists consent_version text,
  add column if not exists consent_at timestamptz,
  -- Where the visit that sent the request came from (the last touch) ...
  add column if not exists utm_source text,
  add column if not exists utm_medium text,
  add column if not exists utm_campaign text,
  add column if not exists utm_term text,
  add column if not exists utm_content text,
  add column if not exists gclid text,
  add column if not exists gbraid text,
  add column if not exists wbraid text,
  add column if not exists fbclid text,
  add column if not exists msclkid text,
  add column if not exists referrer text,
  add column if not exists landing_page text,
  add column if not exists touched_at timestamptz,
  add column if not exists first_utm_source text,
  add column if not exists first_utm_medium text,
  add column if not exists first_utm_campaign text,
  add column if not exists first_utm_term text,
  add column if not exists first_utm_content text,
  add column if not exists first_gclid text,
  add column if not exists first_gbraid text,
  add column if not exists first_wbraid text,
  add column if not exists first_fbclid text,
  add column if not exists first_msclkid text,
  add column if not exists first_referrer text,
  add column if not exists first_landing_page text,
  add column if not exists first_touched_at timestamptz;
-- ... and the first touch with the same fields, prefixed first_. The list is
-- supabase/functions/_leads/attribution.ts (TOUCH_FIELDS); a test checks they match.

-- The retry run looks for real leads whose e-mail has not gone out.
create index if not exists leads_notify_due_idx on public.leads (created_at)
  where notified_at is null and spam_reason is null;
