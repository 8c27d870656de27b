-- Supabase Cron: every minute, POST to the function's retry run, which plans what happened
-- since the last one (one escalation for each lead still new after
-- LEADS_ESCALATE_AFTER_MINUTES, a webhook for each status the operator recorded), sends
-- every delivery that is due (the team's e-mail and texts, the webhooks, Meta's Lead event,
-- the homeowner's confirmation: each on its back-off after a failure) and deletes what the
-- privacy policy keeps no longer (suspected spam after 30 days, rate-limit rows after 24
-- hours, leads after 3 years). A new lead's deliveries go out right after its answer, and
-- a failed one once more 5 seconds later; this run does the rest.
--
-- Not a migration: it needs Supabase's pg_cron and pg_net extensions and the
-- project's own URL and secret, which plain Postgres and the local PGlite do not
-- have. (The local server runs the same work on a timer: LEADS_RETRY_INTERVAL_MS.)
--
-- Once per project, in the SQL editor (Dashboard > SQL):
--   1. Turn on the extensions pg_cron and pg_net (Database > Extensions).
--   2. Choose a long random secret and set it on the function:
--        supabase secrets set LEADS_CRON_SECRET=<secret>
--   3. Keep the project URL and the same secret in Vault:
--        select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--        select vault.create_secret('<secret>', 'leads_cron_secret');
--   4. Run the statement below. `select * from cron.job_run_details order by start_time desc`
--      shows the runs; `select * from net._http_response order by created desc` their answers,
--      e.g. {"escalated":0,"announced":1,"deliveries":{"sent":2,"retrying":0,"failed":0,
--      "logged":0,"skipped":0},"purged":{"spam":0,"expired":0,"rateLimits":3,...}}.
--
-- To change the schedule, run it again (cron.schedule replaces a job of the same name);
-- to stop it: select cron.unschedule('retry-lead-notifications');

select cron.schedule(
  'retry-lead-notifications',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/send-contact-email/retry-notifications',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (
        select decrypted_secret from vault.decrypted_secrets where name = 'leads_cron_secret'
      )
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 30000
  );
  $$
);
