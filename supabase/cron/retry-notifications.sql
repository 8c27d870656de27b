-- Supabase Cron: every 5 minutes, POST to the function's retry run, which e-mails
-- the team about leads whose first e-mail failed (each lead once) and deletes what
-- the privacy policy keeps no longer (suspected spam after 30 days, rate-limit
-- rows after 24 hours, leads after 3 years).
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
--      e.g. {"notified":1,"failed":0,"metaSent":0,"metaFailed":0,
--      "purged":{"spam":0,"expired":0,"rateLimits":3}} (metaSent and metaFailed: Meta's
--      Lead events, when META_DATASET_ID and META_ACCESS_TOKEN are set).
--
-- To change the schedule, run it again (cron.schedule replaces a job of the same name);
-- to stop it: select cron.unschedule('retry-lead-notifications');

select cron.schedule(
  'retry-lead-notifications',
  '*/5 * * * *',
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
