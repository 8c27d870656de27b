import fs, { mkdtempSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { ATTRIBUTION_COLUMNS } from "../supabase/functions/_leads/attribution.ts";
import {
  createSqlLeadRecords,
  type LeadRecords,
} from "../supabase/functions/_leads/lead-records.ts";
import type { LeadStore } from "../supabase/functions/_leads/lead-store.ts";
import { leadFixture } from "../supabase/functions/_leads/lead-test-kit.ts";
import {
  createSqlLeadStore,
  LEAD_COLUMNS,
  type Query,
} from "../supabase/functions/_leads/sql-lead-store.ts";
import { createLocalFunction, parseRetryInterval } from "./local-function.ts";
import { listenOnLoopback } from "./local-test-kit.ts";
import { applyMigrations, MIGRATIONS_DIR, openPgliteStore } from "./pglite-store.ts";

// Jest's module sandbox has no dynamic import(), which PGlite's WebAssembly
// loader needs; Node's own require loads it outside the sandbox.
jest.mock("@electric-sql/pglite", () =>
  jest
    .requireActual<{ _load(request: string, parent: null): unknown }>("node:module")
    ._load(require.resolve("@electric-sql/pglite"), null),
);

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const lead = leadFixture({
  address: "<b>12 Oak St</b>",
  condition: "Needs Work",
  state: "Ohio",
  source: "/sell-house-fast-ohio",
  consent_version: "2026-11-23",
  consent_at: "2026-11-23T14:03:11.201Z",
  landing_page: "/sell-house-fast-ohio",
  touched_at: "2026-11-23T14:00:00.000Z",
  gclid: "abc",
});

/** A fresh PGlite with the migrations, and the shared SQL store over it. */
async function freshDatabase(): Promise<{ db: PGlite; store: LeadStore & LeadRecords }> {
  const db = await PGlite.create();
  await applyMigrations(db);
  const query: Query = async (text, params) =>
    (await db.query<Record<string, unknown>>(text, params)).rows;
  return { db, store: { ...createSqlLeadStore(query), ...createSqlLeadRecords(query) } };
}

describe("the migrations on a fresh PGlite", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  it("apply once, turn row-level security on with no policies, and are harmless a second time", async () => {
    const files = await applyMigrations(db);
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(await applyMigrations(db)).toEqual([]);
    // The SQL itself is idempotent too, for a database without the applied_migrations record.
    for (const file of files) await db.exec(readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"));

    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
       where relname in ('leads', 'lead_rate_limits', 'lead_settings') order by relname`,
    );
    expect(rows).toEqual([
      { relname: "lead_rate_limits", relrowsecurity: true },
      { relname: "lead_settings", relrowsecurity: true },
      { relname: "leads", relrowsecurity: true },
    ]);
    const policies = await db.query("select * from pg_policies where schemaname = 'public'");
    expect(policies.rows).toEqual([]);
  });

  it("has a column for every field the store writes, attribution from the one field list", async () => {
    const { rows } = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'leads'",
    );
    const columns = rows.map((row) => row.column_name);
    expect(columns).toEqual(expect.arrayContaining([...LEAD_COLUMNS]));
    const attribution = columns.filter((column) =>
      /^(first_)?(utm_|gclid|gbraid|wbraid|fbclid|msclkid|referrer|landing_page|touched_at)/.test(
        column,
      ),
    );
    expect(attribution.sort()).toEqual([...ATTRIBUTION_COLUMNS].sort());
  });

  it("refuses a condition that is not one of the five", async () => {
    await expect(
      db.query(
        "insert into leads (id, address, condition, email) values (gen_random_uuid(), 'x', 'Great', 'a@b.co')",
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it("makes a random salt for the rate limit, and keeps it when run again", async () => {
    const salt = async () =>
      (
        await db.query<{ value: string }>(
          "select value from lead_settings where name = 'rate_limit_salt'",
        )
      ).rows[0]?.value;
    const first = await salt();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const other = await PGlite.create();
    await applyMigrations(other);
    const second = (await other.query<{ value: string }>("select value from lead_settings")).rows[0]
      ?.value;
    await other.close();
    expect(second).not.toBe(first);
    for (const file of await applyMigrations(db)) void file;
    expect(await salt()).toBe(first);
  });
});

describe("the SQL lead store", () => {
  let db: PGlite;
  let store: LeadStore;
  beforeAll(async () => {
    ({ db, store } = await freshDatabase());
  });
  afterAll(() => db.close());

  it("stores a lead once, reports the stored fingerprint on a repeat, and lists every column with ISO times", async () => {
    expect(await store.findFingerprint(lead.id)).toBeUndefined();
    expect(await store.insert(lead)).toEqual({ inserted: true });
    expect(
      await store.insert({ ...lead, address: "a retry", fingerprint: "0".repeat(64) }),
    ).toEqual({
      inserted: false,
      fingerprint: lead.fingerprint,
    });
    expect(await store.findFingerprint(lead.id)).toBe(lead.fingerprint);

    const [row] = await store.list();
    expect(row).toEqual({
      ...lead,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      notified_at: null,
      notify_attempted_at: expect.stringMatching(/Z$/),
      notify_attempts: 1,
      notify_next_at: null,
      notify_error: null,
      meta_sent_at: null,
      meta_attempted_at: null,
      meta_attempts: 0,
      meta_next_at: null,
      meta_error: null,
    });
  });

  it("stores the consent record with the lead in one statement, and refuses to change it", async () => {
    const id = crypto.randomUUID();
    const consent = {
      consented_at: "2026-11-25T10:00:00.000Z",
      disclosure_version: "2026-11-25",
      disclosure_sha256: "a".repeat(64),
      disclosure_verified: true,
      brand: "Quick Home Buyers",
      calls: true,
      texts: false,
      page_url: "https://quickhomebuyers.com/",
      user_agent: "Mozilla/5.0",
      client_ip: "203.0.113.7",
      gpc: true,
      via: "script" as const,
    };
    await store.insert({ ...lead, id, phone: "614-555-0100", gpc: true }, { consent });
    const { rows } = await db.query<Record<string, unknown>>(
      "select * from lead_consents where lead_id = $1",
      [id],
    );
    const iso = (value: unknown) => (value as Date).toISOString();
    expect(
      rows.map((row) => ({
        ...row,
        consented_at: iso(row.consented_at),
        received_at: iso(row.received_at),
      })),
    ).toEqual([
      {
        ...consent,
        lead_id: id,
        email: lead.email,
        phone: "614-555-0100",
        received_at: expect.stringMatching(/Z$/),
      },
    ]);
    await expect(
      db.query("update lead_consents set calls = false where lead_id = $1", [id]),
    ).rejects.toThrow("lead_consents is append-only: UPDATE refused");
    await expect(db.query("delete from lead_consents where lead_id = $1", [id])).rejects.toThrow(
      "lead_consents is append-only: DELETE refused",
    );
    // A repeat of the id stores neither the lead nor a second record.
    await store.insert({ ...lead, id }, { consent: { ...consent, calls: false } });
    const again = await db.query("select calls from lead_consents where lead_id = $1", [id]);
    expect(again.rows).toEqual([{ calls: true }]);
  });

  it("stores a real lead claimed by its first e-mail, so the retry run leaves it alone", async () => {
    expect(await store.claimDueNotifications(10)).toEqual([]);
    await store.releaseNotification(lead.id, "Resend answered 500", 1);
    const [claimed] = await store.claimDueNotifications(10);
    expect(claimed).toMatchObject({ id: lead.id, notify_attempts: 2 });
    // Claimed now: a second run at the same time gets nothing.
    expect(await store.claimDueNotifications(10)).toEqual([]);
    await store.markNotified(lead.id);
    await store.releaseNotification(lead.id, "late failure", 0);
    expect(await store.claimDueNotifications(10)).toEqual([]);
  });

  it("gives a crashed attempt's lead to the retry run once its lease has run out", async () => {
    const id = crypto.randomUUID();
    await store.insert({ ...lead, id });
    await db.query(
      "update leads set notify_attempted_at = now() - interval '4 minutes' where id = $1",
      [id],
    );
    expect(await store.claimDueNotifications(10)).toEqual([]);
    await db.query(
      "update leads set notify_attempted_at = now() - interval '6 minutes' where id = $1",
      [id],
    );
    expect((await store.claimDueNotifications(10)).map((row) => row.id)).toEqual([id]);
  });

  it("never claims held spam", async () => {
    const id = crypto.randomUUID();
    await store.insert({ ...lead, id, spam_reason: "no fill time was sent" });
    const { rows } = await db.query(
      "select notify_attempted_at, notify_attempts from leads where id = $1",
      [id],
    );
    expect(rows).toEqual([{ notify_attempted_at: null, notify_attempts: 0 }]);
    expect(await store.claimDueNotifications(10)).toEqual([]);
  });

  it("hands two overlapping runs different leads", async () => {
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    for (const id of ids) {
      await store.insert({ ...lead, id });
      await db.query("update leads set notify_attempted_at = null where id = $1", [id]);
    }
    const [a, b] = await Promise.all([
      store.claimDueNotifications(3),
      store.claimDueNotifications(3),
    ]);
    const claimed = [...(a ?? []), ...(b ?? [])].map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual(ids.sort());
  });

  it("counts requests per client and window, keeping only a salted hash of the address", async () => {
    const window = new Date("2026-11-23T14:00:00.000Z");
    expect(await store.countRequest("203.0.113.7", window)).toBe(1);
    expect(await store.countRequest("203.0.113.7", window)).toBe(2);
    expect(await store.countRequest("198.51.100.1", window)).toBe(1);
    expect(await store.countRequest("203.0.113.7", new Date("2026-11-23T14:10:00.000Z"))).toBe(1);

    const { rows } = await db.query<{ client_hash: string }>(
      "select client_hash from lead_rate_limits",
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.client_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify((await db.query("select * from lead_rate_limits")).rows);
    expect(dump).not.toContain("203.0.113.7");
    // Not the plain SHA-256 of the address: without the salt it cannot be looked up.
    const plain = (
      await db.query<{ h: string }>("select encode(sha256('203.0.113.7'::bytea), 'hex') as h")
    ).rows[0]?.h;
    expect(rows.map((row) => row.client_hash)).not.toContain(plain);
  });

  it("deletes what the privacy policy keeps no longer, and nothing else", async () => {
    const { db: fresh, store: purging } = await freshDatabase();
    const at = async (id: string, age: string, spam: string | null) => {
      await purging.insert({ ...lead, id, spam_reason: spam });
      await fresh.query(`update leads set created_at = now() - interval '${age}' where id = $1`, [
        id,
      ]);
    };
    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    await at(ids[0]!, "31 days", "honeypot");
    await at(ids[1]!, "29 days", "honeypot");
    await at(ids[2]!, "31 days", null);
    await at(ids[3]!, "3 years 1 day", null);
    await at(ids[4]!, "2 years 364 days", null);
    await purging.countRequest("old", new Date(Date.now() - 25 * 3600_000));
    await purging.countRequest("recent", new Date(Date.now() - 23 * 3600_000));

    // Consent records are append-only: written already old, as five years would leave them.
    const consent = (id: string, age: string) =>
      fresh.query(
        `insert into lead_consents (lead_id, received_at, email, via)
         values ($1, now() - $2::interval, 'pat@example.com', 'script')`,
        [id, age],
      );
    await consent(crypto.randomUUID(), "5 years 1 day");
    await consent(crypto.randomUUID(), "4 years 364 days");
    await purging.recordStatus(ids[3]!, "contacted");
    await purging.recordStatus(ids[4]!, "contacted");

    expect(await purging.purgeExpired()).toEqual({
      spam: 1,
      expired: 1,
      rateLimits: 1,
      consents: 1,
      outcomes: 0,
    });
    expect((await purging.list()).map((row) => row.id).sort()).toEqual(
      [ids[1], ids[2], ids[4]].sort(),
    );
    expect((await fresh.query("select * from lead_rate_limits")).rows).toHaveLength(1);
    expect((await fresh.query("select * from lead_consents")).rows).toHaveLength(1);
    // The next run takes the outcome of the lead the last one deleted, and only that.
    expect(await purging.purgeExpired()).toMatchObject({ outcomes: 1 });
    expect((await purging.statusChanges()).map((change) => change.lead_id)).toEqual([ids[4]]);
    await fresh.close();
  });
});

describe("a store in a directory", () => {
  const root = mkdtempSync(path.join(tmpdir(), "leads-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("keeps the leads after closing and opening again", async () => {
    const dataDir = path.join(root, "leads");
    const first = await openPgliteStore({ dataDir });
    await first.insert(lead);
    await first.close();

    const second = await openPgliteStore({ dataDir });
    expect((await second.list()).map((row) => row.id)).toEqual([lead.id]);
    await second.close();
  });
});

describe("createLocalFunction", () => {
  const request = (body: Record<string, unknown>) =>
    new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000" },
      body: JSON.stringify({
        id: crypto.randomUUID(),
        address: "1 Elm St",
        condition: "Good",
        email: "pat@example.com",
        elapsedMs: 9000,
        ...body,
      }),
    });

  it("stores a lead posted as a real Request and logs the notification", async () => {
    const logs: string[] = [];
    const local = await createLocalFunction({
      dataDir: "memory://",
      env: {},
      log: (line) => logs.push(line),
    });
    const id = crypto.randomUUID();

    const response = await local.handle(request({ id }));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, id });
    expect(response.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:3000");
    expect(await local.listLeads()).toEqual([
      expect.objectContaining({
        id,
        address: "1 Elm St",
        condition: "Good",
        phone: null,
        state: null,
      }),
    ]);
    await local.close();
    expect(logs).toEqual([
      expect.stringMatching(new RegExp(`^New lead ${id}: "1 Elm St" \\(Good\\)`)),
    ]);
  });

  it("stores and e-mails a handful of a 2,000-request flood from one client, and refuses the rest with 429", async () => {
    const logs: string[] = [];
    const local = await createLocalFunction({
      dataDir: "memory://",
      env: { LEADS_RATE_LIMIT: "5/600" },
      log: (line) => logs.push(line),
      now: () => Date.parse("2026-11-23T14:00:00.000Z"),
    });
    const from = { remoteAddr: { hostname: "203.0.113.7" } };
    const statuses = new Map<number, number>();
    for (let sent = 0; sent < 2000; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => local.handle(request({}), from)),
      );
      for (const response of batch) {
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        await response.arrayBuffer();
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 5, 429: 1995 });
    expect(await local.listLeads()).toHaveLength(5);
    await local.close();
    expect(logs.filter((line) => line.startsWith("New lead"))).toHaveLength(5);
  });

  /** A local function whose e-mail API fails until `recover()`; `delivered` lists the subjects sent. */
  async function withFailingEmail(retryInterval: string) {
    let failing = true;
    const delivered: string[] = [];
    jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      if (failing) return new Response("down", { status: 500 });
      delivered.push(JSON.parse(String(init?.body)).subject as string);
      return new Response("{}", { status: 200 });
    });
    const local = await createLocalFunction({
      dataDir: "memory://",
      env: {
        RESEND_API_KEY: "re_1",
        LEADS_NOTIFY_TO: "team@example.com",
        LEADS_NOTIFY_FROM: "site@example.com",
        LEADS_RETRY_INTERVAL_MS: retryInterval,
      },
      log: () => {},
    });
    return { local, delivered, recover: () => (failing = false) };
  }

  it("sends a failed e-mail again on its periodic run, once", async () => {
    const { local, delivered, recover } = await withFailingEmail("off");
    expect((await local.handle(request({ address: "9 Failing Rd" }))).status).toBe(200);
    // The first attempt, made after the answer, fails.
    await local.settled();
    recover();
    expect(await local.runMaintenance()).toMatchObject({ notified: 1, failed: 0 });
    expect(await local.runMaintenance()).toMatchObject({ notified: 0, failed: 0 });
    expect(delivered).toEqual(["New cash offer request: 9 Failing Rd"]);
    await local.close();
    jest.restoreAllMocks();
  });

  it("sends Meta's Lead event to META_GRAPH_URL after the answer, and a failed one again on its run", async () => {
    const token = "EAAGlocal0123456789";
    const received: { path: string; body: Record<string, unknown> }[] = [];
    let failures = 1;
    const meta = await listenOnLoopback(
      http.createServer((req, res) => {
        let body = "";
        req.setEncoding("utf8");
        req.on("data", (chunk: string) => (body += chunk));
        req.on("end", () => {
          received.push({ path: req.url ?? "", body: JSON.parse(body) as Record<string, unknown> });
          const failing = failures > 0;
          if (failing) failures -= 1;
          res.writeHead(failing ? 503 : 200, { "content-type": "application/json" });
          res.end(
            JSON.stringify(
              failing
                ? { error: { message: "Service temporarily unavailable", code: 2 } }
                : { events_received: 1, fbtrace_id: "AbC" },
            ),
          );
        });
      }),
    );
    const logs: string[] = [];
    const local = await createLocalFunction({
      dataDir: "memory://",
      env: {
        META_DATASET_ID: "123456789012345",
        META_ACCESS_TOKEN: token,
        META_GRAPH_URL: meta.url,
        META_TEST_EVENT_CODE: "TEST12345",
        LEADS_RETRY_INTERVAL_MS: "off",
      },
      log: (line) => logs.push(line),
    });
    const id = crypto.randomUUID();
    expect((await local.handle(request({ id }))).status).toBe(200);
    await local.settled();
    expect(await local.runMaintenance()).toMatchObject({ metaSent: 1, metaFailed: 0 });
    expect(await local.runMaintenance()).toMatchObject({ metaSent: 0, metaFailed: 0 });
    await local.close();
    await meta.close();

    expect(received.map((post) => post.path)).toEqual([
      "/v26.0/123456789012345/events",
      "/v26.0/123456789012345/events",
    ]);
    expect(received[1]?.body).toMatchObject({
      data: [{ event_name: "Lead", event_id: id }],
      test_event_code: "TEST12345",
      access_token: token,
    });
    expect(logs).toContainEqual(
      expect.stringContaining(`Meta Lead event for lead ${id} failed, it will be retried`),
    );
    expect(logs.join("\n")).not.toContain(token);
  });

  it("refuses to start with only one of META_DATASET_ID and META_ACCESS_TOKEN", async () => {
    await expect(
      createLocalFunction({ dataDir: "memory://", env: { META_DATASET_ID: "123" } }),
    ).rejects.toThrow("META_ACCESS_TOKEN is not set, but META_DATASET_ID is");
  });

  it("retries on its own timer, every LEADS_RETRY_INTERVAL_MS", async () => {
    expect(parseRetryInterval(undefined)).toBe(60_000);
    expect(parseRetryInterval("off")).toBeNull();
    expect(parseRetryInterval("5000")).toBe(5000);
    expect(() => parseRetryInterval("soon")).toThrow(
      /LEADS_RETRY_INTERVAL_MS must be milliseconds/,
    );

    const { local, delivered, recover } = await withFailingEmail("1000");
    expect((await local.handle(request({ address: "3 Timer Ln" }))).status).toBe(200);
    await local.settled();
    recover();
    // The timer, not the test, sends it: wait for what it does.
    for (let waited = 0; delivered.length === 0 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(delivered).toEqual(["New cash offer request: 3 Timer Ln"]);
    await local.close();
    jest.restoreAllMocks();
  });
});

/**
 * What reaches the disk before a lead is answered: every write and fsync that PGlite's file
 * system makes through Node's fs, with the file each one touched.
 */
const originalWriteSync = fs.writeSync;
const originalFsyncSync = fs.fsyncSync;

function recordDiskWork() {
  const events: { kind: "write" | "fsync"; file: string }[] = [];
  const fileOf = (fd: number) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return `fd ${fd}`;
    }
  };
  const write = jest.spyOn(fs, "writeSync");
  write.mockImplementation(((fd: number, ...rest: unknown[]) => {
    events.push({ kind: "write", file: fileOf(fd) });
    return (originalWriteSync as (...args: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync);
  const fsync = jest.spyOn(fs, "fsyncSync");
  fsync.mockImplementation((fd: number) => {
    events.push({ kind: "fsync", file: fileOf(fd) });
    originalFsyncSync(fd);
  });
  return {
    events,
    /** WAL files written and not synced after their last write. */
    unsyncedWal(from: number): string[] {
      const pending = new Set<string>();
      for (const event of events.slice(from)) {
        if (!event.file.includes(`${path.sep}pg_wal${path.sep}`)) continue;
        if (event.kind === "write") pending.add(event.file);
        else pending.delete(event.file);
      }
      return [...pending];
    },
    restore() {
      write.mockRestore();
      fsync.mockRestore();
    },
  };
}

describe("what a 200 promises", () => {
  const root = mkdtempSync(path.join(tmpdir(), "pglite-durable-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("syncs the lead's WAL to the disk before the function answers, so a power cut keeps it", async () => {
    const local = await createLocalFunction({
      dataDir: path.join(root, "durable"),
      env: { LEADS_RETRY_INTERVAL_MS: "off" },
      log: () => {},
    });
    const disk = recordDiskWork();
    try {
      const before = disk.events.length;
      const response = await local.handle(
        new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            id: crypto.randomUUID(),
            address: "1 Elm St",
            condition: "Good",
            email: "pat@example.com",
            elapsedMs: 9000,
          }),
        }),
      );
      expect(response.status).toBe(200);
      const walWrites = disk.events
        .slice(before)
        .filter((event) => event.kind === "write" && event.file.includes("pg_wal"));
      expect(walWrites.length).toBeGreaterThan(0);
      expect(disk.unsyncedWal(before)).toEqual([]);
    } finally {
      disk.restore();
      await local.close();
    }
  });

  it("is a check that can fail: PGlite as it comes (fsync off) leaves the WAL unsynced", async () => {
    const db = await PGlite.create(path.join(root, "as-shipped"));
    await applyMigrations(db);
    const store = createSqlLeadStore(
      async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    );
    const disk = recordDiskWork();
    try {
      const before = disk.events.length;
      await store.insert(leadFixture({ id: crypto.randomUUID() }));
      expect(disk.unsyncedWal(before)).not.toEqual([]);
    } finally {
      disk.restore();
      await db.close();
    }
  });
});
