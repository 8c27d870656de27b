import fs, { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { ATTRIBUTION_COLUMNS } from "../supabase/functions/_shared/contract/attribution-columns.ts";
import {
  createSqlLeadRecords,
  type LeadRecords,
} from "../supabase/functions/_shared/store/lead-records.ts";
import type { LeadStore } from "../supabase/functions/_shared/store/lead-store.ts";
import { planDelivery } from "../supabase/functions/_shared/delivery/outbox.ts";
import { leadFixture } from "../supabase/functions/_shared/store/lead-test-kit.ts";
import {
  createSqlLeadStore,
  LEAD_COLUMNS,
} from "../supabase/functions/_shared/store/sql-lead-store.ts";
import { type Query } from "../supabase/functions/_shared/store/sql.ts";
import { createLocalFunction, parseRetryInterval } from "./local-function.ts";
import { applyMigrations, MIGRATIONS_DIR, openPgliteStore } from "./pglite-store.ts";

// Each in-memory database of this file (the tests' own and the in-memory stores') starts
// from a copy of one empty cluster instead of running initdb again, seconds apiece on a small
// machine: the migrations still run on each, and a database in a directory is made as the
// server makes it.
jest.mock("@electric-sql/pglite", () => {
  const pglite = jest.requireActual<typeof import("@electric-sql/pglite")>("@electric-sql/pglite");
  type Options = import("@electric-sql/pglite").PGliteOptions;
  let emptyCluster: Promise<Blob> | undefined;
  const copyOfEmptyCluster = () =>
    (emptyCluster ??= pglite.PGlite.create().then(async (db) => {
      const dump = await db.dumpDataDir("none");
      await db.close();
      return dump;
    }));
  const create = async (dataDirOrOptions?: string | Options, options?: Options) => {
    const inMemory =
      dataDirOrOptions === undefined ||
      (typeof dataDirOrOptions === "object" &&
        !dataDirOrOptions.dataDir &&
        !dataDirOrOptions.fs &&
        !dataDirOrOptions.loadDataDir);
    return inMemory
      ? pglite.PGlite.create({
          ...dataDirOrOptions,
          loadDataDir: await copyOfEmptyCluster(),
        })
      : typeof dataDirOrOptions === "string"
        ? pglite.PGlite.create(dataDirOrOptions, options)
        : pglite.PGlite.create(dataDirOrOptions);
  };
  return {
    ...pglite,
    PGlite: new Proxy(pglite.PGlite, {
      get: (target, key, receiver) =>
        key === "create" ? create : Reflect.get(target, key, receiver),
    }),
  };
});

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
    // The newest migration's SQL is idempotent too, run again on a database it already changed.
    await db.exec(readFileSync(path.join(MIGRATIONS_DIR, files.at(-1)!), "utf8"));

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

describe("the outbox migration", () => {
  it("carries each lead's e-mail and Meta event over as deliveries, drops the old columns, and re-keys phones", async () => {
    const db = await PGlite.create();
    const all = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith(".sql"))
      .sort();
    const outbox = all.indexOf("20261127000000_one_delivery_outbox.sql");
    for (const name of all.slice(0, outbox)) {
      await db.exec(readFileSync(path.join(MIGRATIONS_DIR, name), "utf8"));
    }
    const insert = (id: string, columns: string) =>
      db.exec(`insert into leads (id, address, condition, email, ${columns.split("=")[0]})
               values ('${id}', '1 Elm St', 'Good', 'pat@example.com', ${columns.split("=")[1]})`);
    const [e1, e2, e3, spam] = [
      "00000000-0000-4000-8000-000000000001",
      "00000000-0000-4000-8000-000000000002",
      "00000000-0000-4000-8000-000000000003",
      "00000000-0000-4000-8000-000000000004",
    ];
    await insert(
      e1,
      "notified_at, meta_sent_at, meta_attempts=now() - interval '1 hour', now(), 1",
    );
    await insert(
      e2,
      "notify_attempts, notify_error, meta_attempts, meta_error=3, '500 from Resend', 2, 'code 2'",
    );
    await insert(e3, "notify_attempts=30");
    await insert(spam, "spam_reason=" + "'honeypot'");
    await db.exec(`insert into contact_opt_outs (contact, channel)
                   values ('16145550142', 'texts'), ('pat@example.com', 'email')`);

    for (const name of all.slice(outbox)) {
      await db.exec(readFileSync(path.join(MIGRATIONS_DIR, name), "utf8"));
    }
    const { rows } = await db.query<Record<string, unknown>>(
      `select lead_id, channel, status, attempts, last_error, sent_at is not null as has_sent_at
       from lead_deliveries order by lead_id, channel`,
    );
    expect(rows).toEqual([
      {
        lead_id: e1,
        channel: "meta",
        status: "sent",
        attempts: 1,
        last_error: null,
        has_sent_at: true,
      },
      {
        lead_id: e1,
        channel: "team_email",
        status: "unverified",
        attempts: 0,
        last_error:
          "carried over from notified_at, which was also set when the e-mail only went to the log",
        has_sent_at: true,
      },
      {
        lead_id: e2,
        channel: "meta",
        status: "pending",
        attempts: 2,
        last_error: "code 2",
        has_sent_at: false,
      },
      {
        lead_id: e2,
        channel: "team_email",
        status: "pending",
        attempts: 3,
        last_error: "500 from Resend",
        has_sent_at: false,
      },
      {
        lead_id: e3,
        channel: "team_email",
        status: "failed",
        attempts: 30,
        last_error: null,
        has_sent_at: false,
      },
    ]);
    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'leads' and (column_name like 'notif%' or column_name like 'meta_%')",
    );
    expect(columns.rows).toEqual([]);
    // Phones opted out before are keyed in E.164 now, as contacts.ts keys them.
    const optOuts = await db.query("select contact from contact_opt_outs order by id");
    expect(optOuts.rows).toEqual([{ contact: "+16145550142" }, { contact: "pat@example.com" }]);
    await expect(db.exec("update contact_opt_outs set note = 'x'")).rejects.toThrow(/append-only/);
    await db.close();
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
    expect(row).toEqual({ ...lead, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
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
      doubts: [],
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

  /** A team e-mail and a webhook for the lead, as the planner makes them. */
  const planFor = (leadId: string) =>
    Promise.all([
      planDelivery(leadId, {
        channel: "team_email",
        event: "lead.created",
        destination: "team@example.com",
      }),
      planDelivery(leadId, {
        channel: "webhook",
        event: "lead.created",
        destination: "https://crm.example/hook",
      }),
    ]);

  it("stores a lead's deliveries in the lead's statement, and one claim holds them from the next", async () => {
    const id = crypto.randomUUID();
    const planned = await planFor(id);
    await store.insert({ ...lead, id }, { deliveries: planned });
    // Planned twice (a replay), stored once.
    expect(await store.addDeliveries(id, planned)).toBe(0);

    const claimed = (await store.claimDeliveries({ leadId: id, limit: 10 })).sort((a, b) =>
      a.delivery.channel.localeCompare(b.delivery.channel),
    );
    expect(
      claimed.map(({ delivery }) => [delivery.channel, delivery.status, delivery.attempts]),
    ).toEqual([
      ["team_email", "sending", 1],
      ["webhook", "sending", 1],
    ]);
    expect(claimed[0]).toMatchObject({
      lead: { id, address: lead.address },
      consent: null,
      optOuts: [],
    });
    expect(await store.claimDeliveries({ limit: 10 })).toEqual([]);

    const [mail, hook] = claimed.map(({ delivery }) => delivery);
    expect(await store.recordAttempt(mail!.id, 1, { status: "sent", httpStatus: 200 })).toBe(
      "sent",
    );
    expect(
      await store.recordAttempt(hook!.id, 1, {
        status: "pending",
        error: "503 from the webhook",
        delaySeconds: 0,
      }),
    ).toBe("pending");
    // A stale record of an attempt another claim took over changes nothing.
    expect(await store.recordAttempt(hook!.id, 1, { status: "sent" })).toBeNull();
    const [again] = await store.claimDeliveries({ limit: 10 });
    expect(again?.delivery).toMatchObject({
      id: hook!.id,
      attempts: 2,
      last_error: "503 from the webhook",
    });
    expect(await store.recordAttempt(hook!.id, 1, { status: "sent" })).toBeNull();
    expect(await store.recordAttempt(hook!.id, 2, { status: "sent" })).toBe("sent");
    const rows = await db.query<{ status: string; sent_at: Date | null }>(
      "select status, sent_at from lead_deliveries where lead_id = $1 order by channel",
      [id],
    );
    expect(rows.rows.map((row) => [row.status, row.sent_at !== null])).toEqual([
      ["sent", true],
      ["sent", true],
    ]);
  });

  it("gives a crashed attempt's delivery to the retry run once its lease has run out, or at once on release", async () => {
    const id = crypto.randomUUID();
    await store.insert({ ...lead, id }, { deliveries: await planFor(id) });
    expect(await store.claimDeliveries({ leadId: id, limit: 10 })).toHaveLength(2);
    expect(await store.claimDeliveries({ limit: 10 })).toEqual([]);
    await db.query(
      "update lead_deliveries set lease_until = now() - interval '1 second' where lead_id = $1 and channel = 'webhook'",
      [id],
    );
    expect(
      (await store.claimDeliveries({ limit: 10 })).map(({ delivery }) => delivery.channel),
    ).toEqual(["webhook"]);
    expect(await store.releaseClaims()).toBe(2);
    expect(await store.claimDeliveries({ limit: 10 })).toHaveLength(2);
    await store.releaseClaims();
  });

  it("hands two overlapping runs different deliveries", async () => {
    await db.query("update lead_deliveries set status = 'sent'");
    const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
    for (const id of ids) await store.insert({ ...lead, id }, { deliveries: await planFor(id) });
    const [a, b] = await Promise.all([
      store.claimDeliveries({ limit: 3 }),
      store.claimDeliveries({ limit: 3 }),
    ]);
    const claimed = [...a, ...b].map(({ delivery }) => delivery.id);
    expect(new Set(claimed).size).toBe(6);
  });

  it("gives up a delivery still failing at the end of its lifetime, saying so", async () => {
    const id = crypto.randomUUID();
    const [mail] = await planFor(id);
    await store.insert({ ...lead, id }, { deliveries: [{ ...mail!, lifetimeSeconds: 0 }] });
    const [claimed] = await store.claimDeliveries({ leadId: id, limit: 1 });
    expect(
      await store.recordAttempt(claimed!.delivery.id, 1, {
        status: "pending",
        error: "500 from Resend: down",
        delaySeconds: 300,
      }),
    ).toBe("failed");
    const { rows } = await db.query(
      "select status, last_error from lead_deliveries where id = $1",
      [claimed!.delivery.id],
    );
    expect(rows).toEqual([
      { status: "failed", last_error: "gave up after 1 attempts: 500 from Resend: down" },
    ]);
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
      // No maintenance run: its retention purge deletes a window over a day old, such as this
      // one, and the count would start again mid-flood whenever the run came after the first
      // request (seen on a busy machine).
      env: { LEADS_RATE_LIMIT: "5/600", LEADS_RETRY_INTERVAL_MS: "off" },
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

  it("refuses to start with only one of META_DATASET_ID and META_ACCESS_TOKEN", async () => {
    await expect(
      createLocalFunction({ dataDir: "memory://", env: { META_DATASET_ID: "123" } }),
    ).rejects.toThrow("META_ACCESS_TOKEN is not set, but META_DATASET_ID is");
  });

  it("reads LEADS_RETRY_INTERVAL_MS (its timer's runs are tested by restart.test.ts)", () => {
    expect(parseRetryInterval(undefined)).toBe(60_000);
    expect(parseRetryInterval("off")).toBeNull();
    expect(parseRetryInterval("5000")).toBe(5000);
    expect(() => parseRetryInterval("soon")).toThrow(
      /LEADS_RETRY_INTERVAL_MS must be milliseconds/,
    );
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
