import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import type { Lead } from "../supabase/functions/_shared/lead-store.ts";
import { createLocalFunction } from "./local-function.ts";
import {
  applyMigrations,
  MIGRATIONS_DIR,
  openPgliteStore,
  type PgliteLeadStore,
} from "./pglite-store.ts";

// Jest's module sandbox has no dynamic import(), which PGlite's WebAssembly
// loader needs; Node's own require loads it outside the sandbox.
jest.mock("@electric-sql/pglite", () =>
  jest
    .requireActual<{ _load(request: string, parent: null): unknown }>("node:module")
    ._load(require.resolve("@electric-sql/pglite"), null),
);

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(60_000);

const lead: Lead = {
  id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  address: "<b>12 Oak St</b>",
  condition: "Needs Work",
  email: "pat@example.com",
  phone: null,
  state: "Ohio",
  source: "/sell-house-fast-ohio",
};

describe("the migration on a fresh PGlite", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  it("applies once, creates leads with row-level security on, and is harmless a second time", async () => {
    const files = await applyMigrations(db);
    expect(files.length).toBeGreaterThan(0);
    expect(await applyMigrations(db)).toEqual([]);
    // The SQL itself is idempotent too, for a database without the applied_migrations record.
    for (const file of files) await db.exec(readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"));

    const { rows } = await db.query<{ relrowsecurity: boolean }>(
      "select relrowsecurity from pg_class where oid = 'public.leads'::regclass",
    );
    expect(rows).toEqual([{ relrowsecurity: true }]);
    const policies = await db.query("select * from pg_policies where tablename = 'leads'");
    expect(policies.rows).toEqual([]);
  });

  it("refuses a condition that is not one of the five", async () => {
    await expect(
      db.query(
        "insert into leads (id, address, condition, email) values (gen_random_uuid(), 'x', 'Great', 'a@b.co')",
      ),
    ).rejects.toThrow(/check constraint/);
  });
});

describe("openPgliteStore", () => {
  let store: PgliteLeadStore;
  beforeAll(async () => {
    store = await openPgliteStore();
  });
  afterAll(() => store.close());

  it("stores a lead once, ignores a duplicate id and lists it with ISO timestamps", async () => {
    expect(await store.insert(lead)).toEqual({ inserted: true });
    expect(await store.insert({ ...lead, address: "a retry" })).toEqual({ inserted: false });

    const rows = await store.list();
    expect(rows).toEqual([{ ...lead, created_at: expect.any(String), notified_at: null }]);
    expect(new Date(rows[0]?.created_at ?? "").toISOString()).toBe(rows[0]?.created_at);
  });

  it("marks a lead notified", async () => {
    await store.markNotified(lead.id);
    const [row] = await store.list();
    expect(row?.notified_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it("lists oldest first", async () => {
    const later = { ...lead, id: "1b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b", address: "later" };
    await store.insert(later);
    expect((await store.list()).map((row) => row.address)).toEqual([lead.address, "later"]);
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
  it("stores a lead posted as a real Request and logs the notification", async () => {
    const logs: string[] = [];
    const local = await createLocalFunction({
      dataDir: "memory://",
      env: {},
      log: (line) => logs.push(line),
    });
    const id = crypto.randomUUID();

    const response = await local.handle(
      new Request("http://127.0.0.1:3000/functions/v1/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000" },
        body: JSON.stringify({
          id,
          address: "1 Elm St",
          condition: "Good",
          email: "pat@example.com",
          elapsedMs: 9000,
        }),
      }),
    );

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
});
