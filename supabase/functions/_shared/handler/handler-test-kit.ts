import type { AddressSource, RateLimit } from "../config/lead-config.ts";
import { readLeadConfig } from "../config/lead-config.ts";
import { FUNCTION_PATH, PRODUCTION_URL } from "../contract/site-facts.ts";
import { storeForEachTest, type TestStore } from "../store/lead-test-kit.ts";
import { createLeadHandler, RETRY_PATH, type ConnectionInfo } from "./lead-handler.ts";

/*
 * For tests only (a *-test-kit.ts file is never imported by the function's entry): the
 * handler over the SQL store on an in-memory PGlite, and the requests the tests send it.
 */

export const FUNCTION_URL = `https://project.supabase.co${FUNCTION_PATH}`;
export const RETRY_URL = `${FUNCTION_URL}${RETRY_PATH}`;
export const SITE = PRODUCTION_URL;
/** The id of leadRequestFixture(). */
export const ID = "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b";
export const SECRET = "cron-secret-0123456789";

/** A JSON post of `body` (a string is sent as it is) to the offer request. */
export const post = (body: unknown, headers: Record<string, string> = {}, url = FUNCTION_URL) =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** A form post from the site's own page, as a browser without script sends one. */
export const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(FUNCTION_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** Supabase Cron's post to the periodic run, with the secret unless told otherwise. */
export const retryRun = (
  headers: Record<string, string> = { authorization: `Bearer ${SECRET}` },
  url = RETRY_URL,
) => new Request(url, { method: "POST", headers });

export type HarnessOptions = {
  rateLimit?: RateLimit;
  addressSource?: AddressSource;
  cronSecret?: string | null;
};

export type Harness = ReturnType<typeof harness>;

/**
 * One store for the test file (PGlite is slow to start), emptied before each test; returns
 * `setup`, which makes a handler over it for one test.
 */
export function withTestStore(): (options?: HarnessOptions) => Harness {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));
  return (options = {}) => harness(store, options);
}

/**
 * The handler over the SQL store with no provider configured (the team's e-mail goes to
 * the log, as on a fresh machine), its clock at 2026-11-23T14:03:12Z.
 */
function harness(store: TestStore, options: HarnessOptions) {
  let clock = Date.parse("2026-11-23T14:03:12.000Z");
  const logs: string[] = [];
  const deferred: Promise<unknown>[] = [];
  const config = readLeadConfig(() => undefined, { onSupabase: false });
  const { handle } = createLeadHandler({
    store,
    config: {
      ...config,
      allowedOrigins: [SITE],
      rateLimit: options.rateLimit ?? null,
      addressSource: options.addressSource ?? "socket",
      cronSecret: options.cronSecret === undefined ? SECRET : options.cronSecret,
    },
    defer: (work) => deferred.push(work),
    log: (line) => logs.push(line),
    now: () => clock,
  });
  /** Sends the request and lets the after-response work finish. */
  async function send(
    request: Request,
    info: ConnectionInfo = { remoteAddr: { hostname: "203.0.113.7" } },
  ) {
    const response = await handle(request, info);
    await Promise.all(deferred);
    const body: unknown = response.status === 204 ? null : await response.json();
    return { status: response.status, headers: response.headers, body };
  }
  return {
    send,
    handle,
    store,
    logs,
    /** Every stored lead, oldest first. */
    rows: () => store.list(),
    row: async (id: string) => (await store.list()).find((row) => row.id === id),
    rowCount: async () => (await store.list()).length,
    consentOf: (id: string) => store.consent(id),
    /** The leads the team was told of: a team e-mail delivered or, with no provider, logged. */
    emailed: async () =>
      (await store.deliveries())
        .filter((row) => row.channel === "team_email" && ["sent", "logged"].includes(row.status))
        .map((row) => row.lead_id),
    advance: (ms: number) => (clock += ms),
  };
}
