import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { readLeadConfig } from "../supabase/functions/_shared/config/lead-config.ts";
import {
  FUNCTION_PATH,
  PRODUCTION_URL,
} from "../supabase/functions/_shared/contract/site-facts.ts";
import { planDelivery } from "../supabase/functions/_shared/delivery/outbox.ts";
import { createLeadHandler } from "../supabase/functions/_shared/handler/lead-handler.ts";
import type { OutageLead } from "../supabase/functions/_shared/handler/outage-leads.ts";
import {
  leadFixture,
  storeForEachTest,
  type TestStore,
} from "../supabase/functions/_shared/store/lead-test-kit.ts";
import type { ConsentRecord } from "../supabase/functions/_shared/store/rows.ts";
import { createLeadSpool, spoolDir } from "./lead-spool.ts";
import { createLocalFunction } from "./local-function.ts";
import { openPgliteStore } from "./pglite-store.ts";

// PGlite boots a WebAssembly Postgres, in memory and on disk: seconds on a small machine.
jest.setTimeout(180_000);

const root = mkdtempSync(path.join(tmpdir(), "lead-spool-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let store: TestStore;
storeForEachTest((opened) => (store = opened));

const WEBHOOK_URL = "https://crm.example/hooks/leads";
const LOCAL_ENV = { LEADS_RATE_LIMIT: "off", LEADS_RETRY_INTERVAL_MS: "off" };

const consent: ConsentRecord = {
  consented_at: "2026-11-23T14:03:11.201Z",
  disclosure_version: "2026-11-23",
  disclosure_sha256: null,
  disclosure_verified: false,
  brand: "Quick Home Buyers",
  calls: false,
  texts: false,
  page_url: null,
  user_agent: "Mozilla/5.0 (Test)",
  client_ip: "203.0.113.7",
  gpc: false,
  via: "form",
  doubts: [],
};

/** A lead the webhook took while the store was down, as the handler keeps it. */
async function outageLead(id: string, fingerprint = "a".repeat(64)): Promise<OutageLead> {
  const webhook = await planDelivery(id, {
    channel: "webhook",
    event: "lead.created",
    destination: WEBHOOK_URL,
  });
  const team = await planDelivery(id, {
    channel: "team_email",
    event: "lead.created",
    destination: "log",
  });
  return {
    lead: leadFixture({ id, fingerprint }),
    consent,
    deliveries: [{ ...webhook, status: "sent", note: "sent while the store was down" }, team],
  };
}

const dataDirIn = (name: string) => path.join(root, name, "leads");

describe("the local server's spool of leads received while the store was down", () => {
  it("keeps a lead the webhook took while the store was down, and a new server on the data folder stores it and removes its file", async () => {
    const dataDir = dataDirIn("restart");
    const spool = createLeadSpool(spoolDir(dataDir));
    const logs: string[] = [];
    const deferred: Promise<unknown>[] = [];
    const config = readLeadConfig(
      (name) =>
        ({
          LEADS_WEBHOOK_URL: WEBHOOK_URL,
          LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
        })[name],
      { onSupabase: false },
    );
    const { handle } = createLeadHandler({
      config: { ...config, rateLimit: null, allowedOrigins: [PRODUCTION_URL] },
      store,
      defer: (work) => deferred.push(work),
      log: (line) => logs.push(line),
      fetch: async () => new Response(null, { status: 200 }),
      // The outage outlasts every try in the background: the spool alone keeps the lead.
      sleep: async () => {},
      spool,
    });
    store.failing = true;
    const answer = await handle(
      new Request(`https://project.supabase.co${FUNCTION_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: PRODUCTION_URL },
        body: new URLSearchParams({
          address: "5 Down St, Columbus, OH",
          condition: "Fair",
          email: "down@example.com",
          source: "/",
          consent_version: "2026-11-25",
        }).toString(),
      }),
      { remoteAddr: { hostname: "203.0.113.7" } },
    );
    await Promise.all(deferred);
    expect(answer.headers.get("location")).toBe(`${PRODUCTION_URL}/offer-received`);
    const [id] = await spool.ids();
    expect(id).toBeDefined();
    expect(logs.at(-1)).toContain("the spool keeps it, and the next maintenance run tries again.");
    // Personal data: this user's alone.
    expect(statSync(spoolDir(dataDir)).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(spoolDir(dataDir), `${id}.json`)).mode & 0o777).toBe(0o600);

    const local = await createLocalFunction({ dataDir, env: LOCAL_ENV, log: () => {} });
    try {
      expect((await local.listLeads()).map((lead) => [lead.id, lead.address])).toEqual([
        [id, "5 Down St, Columbus, OH"],
      ]);
    } finally {
      await local.close();
    }
    expect(readdirSync(spoolDir(dataDir))).toEqual([]);
    const stored = await openPgliteStore({ dataDir });
    try {
      expect(await stored.consent(id!)).toMatchObject({ via: "form", client_ip: "203.0.113.7" });
      const deliveries = await stored.deliveries(id!);
      expect(deliveries.map((row) => [row.channel, row.status])).toEqual(
        expect.arrayContaining([
          ["webhook", "sent"],
          ["team_email", "pending"],
        ]),
      );
    } finally {
      await stored.close();
    }
  });

  it("is replayed by each maintenance run of a running server", async () => {
    const dataDir = dataDirIn("tick");
    const local = await createLocalFunction({ dataDir, env: LOCAL_ENV, log: () => {} });
    try {
      const id = "5a1e0c3d-2b4f-4a6e-9c8d-7e6f5a4b3c2d";
      await createLeadSpool(spoolDir(dataDir)).keep(await outageLead(id));
      await local.runMaintenance();
      expect((await local.listLeads()).map((lead) => lead.id)).toEqual([id]);
      expect(readdirSync(spoolDir(dataDir))).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe("createLeadSpool", () => {
  const A = "11111111-1111-4111-8111-111111111111";
  const B = "22222222-2222-4222-8222-222222222222";

  it("keeps every file while the store is down, and stores each once it is back", async () => {
    const spool = createLeadSpool(spoolDir(dataDirIn("down")));
    await spool.keep(await outageLead(A));
    await spool.keep(await outageLead(B));
    store.failing = true;
    await expect(spool.replay(store)).resolves.toEqual({ stored: 0, left: 2 });
    expect((await spool.ids()).sort()).toEqual([A, B]);

    store.failing = false;
    await expect(spool.replay(store)).resolves.toEqual({ stored: 2, left: 0 });
    expect(await spool.ids()).toEqual([]);
    expect((await store.list()).map((lead) => lead.id).sort()).toEqual([A, B]);
  });

  it("removes the file of a lead the page's retry stored already, storing it once", async () => {
    const spool = createLeadSpool(spoolDir(dataDirIn("stored")));
    const kept = await outageLead(A);
    await store.insert(kept.lead, { consent: kept.consent, deliveries: kept.deliveries });
    await spool.keep(kept);
    await expect(spool.replay(store)).resolves.toEqual({ stored: 0, left: 0 });
    expect(await spool.ids()).toEqual([]);
    expect(await store.list()).toHaveLength(1);
  });

  it("sets aside a lead whose id holds another request, and one it cannot read, keeping both files", async () => {
    const dir = spoolDir(dataDirIn("aside"));
    const logs: string[] = [];
    const spool = createLeadSpool(dir, (line) => logs.push(line));
    await store.insert(leadFixture({ id: A, fingerprint: "b".repeat(64) }));
    await spool.keep(await outageLead(A));
    writeFileSync(path.join(dir, `${B}.json`), "{ cut off");

    await expect(spool.replay(store)).resolves.toEqual({ stored: 0, left: 0 });
    expect(readdirSync(dir).sort()).toEqual([`${A}.json.conflict`, `${B}.json.unreadable`]);
    expect(logs).toEqual([
      `Spooled lead ${A} was not stored: its id holds another request. It was set aside as ${A}.json.conflict.`,
      `Spooled lead ${B} cannot be read; it was set aside as ${B}.json.unreadable.`,
    ]);
  });

  it("on start, removes what a crash left half-written, for which no visitor was answered", async () => {
    const dir = spoolDir(dataDirIn("partial"));
    const spool = createLeadSpool(dir);
    await spool.keep(await outageLead(A));
    writeFileSync(path.join(dir, `${B}.json.partial-0a1b2c`), '{"lead":');
    await spool.replay(store, { start: true });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a file name that is no lead id", async () => {
    const spool = createLeadSpool(spoolDir(dataDirIn("names")));
    await expect(spool.forget("../../etc/passwd")).rejects.toThrow("is not a lead id");
  });
});
