import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { attributionToColumns } from "../contract/attribution-columns.ts";
import { createSqlLeadRecords, type LeadRecords } from "./lead-records.ts";
import type { LeadStore } from "./lead-store.ts";
import type { Lead, LeadRow } from "./rows.ts";
import { createSqlLeadStore } from "./sql-lead-store.ts";
import { type Query } from "./sql.ts";

/*
 * For tests only (a *-test-kit.ts file is never imported by the function's entry): request
 * and lead fixtures, and the SQL store over an in-memory PGlite with every migration, the
 * same SQL the function runs on Supabase.
 */

/** A request body the function accepts, everything filled in; `overrides` replace fields. */
export function leadRequestFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
    address: "123 Main St, Columbus, OH 43004",
    condition: "Needs Work",
    email: "pat@example.com",
    phone: "(614) 555-0100",
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    website: "",
    elapsedMs: 42_000,
    consent: { version: "2026-11-23", at: "2026-11-23T14:03:11.201Z" },
    attribution: {
      first: {
        landing_page: "/blog",
        at: "2026-11-20T09:00:00.000Z",
        referrer: "https://www.google.com",
      },
      last: {
        landing_page: "/sell-house-fast-ohio",
        at: "2026-11-23T14:02:00.000Z",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "ohio-probate",
        gclid: "Cj0KCQiA-abc_123.x~y",
      },
    },
    ...overrides,
  };
}

/** A stored lead with every column. */
export function leadFixture(overrides: Partial<Lead> = {}): Lead {
  return {
    id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
    address: "1 Elm St",
    condition: "Good",
    email: "pat@example.com",
    phone: null,
    state: null,
    source: "/",
    consent_version: null,
    consent_at: null,
    fill_ms: 9000,
    spam_reason: null,
    fingerprint: "f".repeat(64),
    intake_notes: [],
    gpc: false,
    language: "en",
    ...attributionToColumns(undefined),
    ...overrides,
  };
}

export function leadRowFixture(overrides: Partial<LeadRow> = {}): LeadRow {
  return { ...leadFixture(overrides), created_at: "2026-11-21T19:08:23.759Z", ...overrides };
}

export type TestStore = LeadStore &
  LeadRecords & {
    /** SQL straight to the database, to look at rows or move a delivery's times. */
    query: Query;
    /** Empties every table but the rate limit's salt, for the next test. */
    reset(): Promise<void>;
    /** While true, every statement of the store is refused, as by a database that is down. */
    failing: boolean;
    close(): Promise<void>;
  };

/** supabase/migrations, from the project root where Jest runs. */
const MIGRATIONS = path.resolve("supabase", "migrations");

/**
 * The SQL store over an in-memory PGlite with the migrations applied. Slow to start (seconds):
 * open one per test file and reset it between tests. Jest loads PGlite outside its sandbox
 * (jest.config.mjs maps it to scripts/jest/).
 */
export async function openTestStore(): Promise<TestStore> {
  const db = await PGlite.create();
  for (const name of readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith(".sql"))
    .sort()) {
    await db.exec(readFileSync(path.join(MIGRATIONS, name), "utf8"));
  }
  const query: Query = async (text, params) =>
    (await db.query<Record<string, unknown>>(text, params)).rows;
  // While `failing` is set, every statement of the store is refused, as by a database that is down.
  const storeQuery: Query = (text, params) =>
    test.failing ? Promise.reject(new Error("connection refused")) : query(text, params);
  const test: TestStore = {
    ...createSqlLeadStore(storeQuery),
    ...createSqlLeadRecords(storeQuery),
    query,
    failing: false,
    async reset() {
      // TRUNCATE fires no row triggers: the append-only tables empty too.
      await db.exec(`truncate public.lead_delivery_attempts, public.lead_deliveries, public.inbound_texts,
        public.lead_consents, public.contact_opt_outs, public.lead_status_changes,
        public.lead_rate_limits, public.leads`);
    },
    close: () => db.close(),
  };
  return test;
}

/**
 * The deliverer's clock for tests: a wait ends at once, and the database's now() decides what
 * is due, so the wait is spent by moving every pending delivery's due time that much earlier.
 * Each wait asked for is pushed to `waits`, in milliseconds.
 */
export function fastForwardSleep(store: Pick<TestStore, "query">, waits: number[]) {
  return async (ms: number): Promise<void> => {
    waits.push(ms);
    await store.query(
      `update public.lead_deliveries
       set next_attempt_at = next_attempt_at - $1 * interval '1 millisecond'
       where status = 'pending'`,
      [ms],
    );
  };
}

/**
 * One test store for a test file, opened before its tests, up and empty before each, closed
 * after; `keep` receives it once opened.
 */
export function storeForEachTest(keep: (store: TestStore) => void): void {
  let store: TestStore | undefined;
  beforeAll(async () => {
    store = await openTestStore();
    keep(store);
  });
  afterAll(() => store?.close());
  beforeEach(async () => {
    store!.failing = false;
    await store!.reset();
  });
}
