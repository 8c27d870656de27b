import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { readLeadConfig } from "../config/lead-config.ts";
import { mailboxKey } from "../contract/mailbox.ts";
import { FUNCTION_PATH, PRODUCTION_URL } from "../contract/site-facts.ts";
import { leadRequestFixture, openTestStore, type TestStore } from "../store/lead-test-kit.ts";
import { createLeadHandler } from "./lead-handler.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

/**
 * One identity per mailbox (issue 41), through the function: leads from every spelling of one
 * Gmail box, an opt-out and a look-alike domain, with the homeowner's confirmation going to a
 * loopback Resend; then the migration that re-keys what was stored before.
 */

/** Every spelling of one Gmail box that reached it more than once a day before issue 41. */
const ONE_GMAIL_BOX = [
  "victim@gmail.com",
  "victim@ｇｍａｉｌ.com",
  "victim@gｍail.com",
  "victim@gma\u034fil.com",
  "victim@gmail.co\u034fm",
  "victim+a@gmail.com",
  "victim+b@gmail.com",
  "v.ictim@gmail.com",
  "vic.tim@gmail.com",
  "victim@googlemail.com",
];

type SentMail = { to: string[]; from: string; subject: string };

/** Resend's POST /emails on a loopback port: records each e-mail and answers with an id. */
async function startFakeResend() {
  const sent: SentMail[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      sent.push(JSON.parse(body) as SentMail);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ id: randomUUID() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/emails`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let resend: Awaited<ReturnType<typeof startFakeResend>>;
let store: TestStore;

beforeAll(async () => {
  [resend, store] = await Promise.all([startFakeResend(), openTestStore()]);
});
afterAll(async () => {
  await Promise.all([resend.close(), store.close()]);
});
beforeEach(async () => {
  await store.reset();
  resend.sent.length = 0;
});

/** The function over the test store, Resend pointed at the fake; the team's e-mail goes to the log. */
function setup() {
  const deferred: Promise<unknown>[] = [];
  const env: Record<string, string> = {
    RESEND_API_KEY: "re_fake_key",
    RESEND_API_URL: resend.url,
    LEADS_CONFIRM_FROM: "Quick Home Buyers <offers@example.com>",
  };
  const config = readLeadConfig((name) => env[name], { onSupabase: false });
  const { handle } = createLeadHandler({
    config: { ...config, rateLimit: null, allowedOrigins: [PRODUCTION_URL] },
    store,
    defer: (work) => deferred.push(work),
    log: () => {},
  });
  /** Posts a lead from `email` and waits for what the function does after answering. */
  return async (email: string) => {
    const body = leadRequestFixture({ id: randomUUID(), email });
    const response = await handle(
      new Request(`https://project.supabase.co${FUNCTION_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { remoteAddr: { hostname: "203.0.113.7" } },
    );
    expect(response.status).toBe(200);
    await Promise.all(deferred);
    return body.id;
  };
}

const confirmations = async (leadId: string) =>
  (await store.deliveries(leadId)).filter((row) => row.channel === "confirm_email");

describe("one Gmail box", () => {
  it("gets one confirmation a day, however its address is spelled", async () => {
    const send = setup();
    const ids: string[] = [];
    for (const email of ONE_GMAIL_BOX) ids.push(await send(email));

    expect(resend.sent.map((mail) => mail.to)).toEqual([["victim@gmail.com"]]);
    const rows = (await Promise.all(ids.map(confirmations))).flat();
    expect(rows.map((row) => row.destination)).toEqual(ONE_GMAIL_BOX.map(() => "victim@gmail.com"));
    expect(rows.map((row) => row.status)).toEqual([
      "sent",
      ...ONE_GMAIL_BOX.slice(1).map(() => "skipped"),
    ]);
    // Every lead is kept, as it was typed.
    expect((await store.query("select email from public.leads order by created_at")).length).toBe(
      ONE_GMAIL_BOX.length,
    );
  });

  it("opted out as optedout@gmail.com gets no confirmation at optedout@ｇmail.com", async () => {
    await store.recordOptOut("optedout@gmail.com", "email");
    const send = setup();
    const id = await send("optedout@ｇmail.com");

    expect(resend.sent).toEqual([]);
    const [row] = await confirmations(id);
    expect(row).toMatchObject({ destination: "optedout@gmail.com", status: "skipped" });
    expect(row!.last_error).toMatch(/^opted out of e-mail on /);
  });

  it("keeps a lead from a look-alike domain and sends it no confirmation", async () => {
    const send = setup();
    const id = await send("victim@gmаil.com");

    expect(resend.sent).toEqual([]);
    expect(await confirmations(id)).toEqual([]);
    expect(await store.query("select email from public.leads where id = $1", [id])).toEqual([
      { email: "victim@gmаil.com" },
    ]);
  });
});

describe("the migration to mailbox keys", () => {
  const dir = path.resolve("supabase", "migrations");
  const MIGRATION = "20261129000100_mailbox_keys.sql";
  const before = readdirSync(dir)
    .filter((file) => file.endsWith(".sql") && file < MIGRATION)
    .sort();
  const migration = readFileSync(path.join(dir, MIGRATION), "utf8");
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    for (const file of before) await db.exec(readFileSync(path.join(dir, file), "utf8"));
  });
  afterAll(() => db.close());

  const rows = async <T>(text: string) => (await db.query<T>(text)).rows;

  it("keys each old opt-out as the function does, in a copy that names its original", async () => {
    const contacts = [
      "optedout@gmail.com",
      "opted.out+x@googlemail.com",
      "optedout@ｇmail.com",
      "opt\u034fedout@gmail.com",
      "pat+quotes@outlook.com",
      "pat-a-b@yahoo.com",
      "pat+x@mac.com",
      "pat@ya.ru",
      "+tag@gmail.com",
      "a.b+c@example.com",
      "owner@bücher.de",
      "+16145550142",
    ];
    await db.query(
      `insert into public.contact_opt_outs (contact, channel, note)
       select contact, 'email', 'asked by phone' from unnest($1::text[]) as contact`,
      [contacts],
    );
    // Applied on every start of the local server: a second run changes nothing.
    await db.exec(migration);
    await db.exec(migration);

    const all = await rows<{ id: number; contact: string; note: string }>(
      "select id, contact, note from public.contact_opt_outs order by id",
    );
    expect(all.slice(0, contacts.length).map((row) => row.contact)).toEqual(contacts);
    const copies = all.slice(contacts.length);
    const rekeyed = contacts.filter(
      (contact) =>
        contact.includes("@") && !contact.includes("bücher") && mailboxKey(contact) !== contact,
    );
    expect(copies.map((row) => row.contact)).toEqual(rekeyed.map(mailboxKey));
    const first = all.find((row) => row.contact === "opted.out+x@googlemail.com")!;
    expect(copies.find((row) => row.note.includes(`opt-out ${first.id} `))?.note).toBe(
      `Re-keyed from opt-out ${first.id} (opted.out+x@googlemail.com) to its mailbox key by migration 20261129000100. asked by phone`,
    );
    // The originals are as they were recorded: the table stays append-only.
    await expect(
      db.query("update public.contact_opt_outs set note = 'x' where id = $1", [first.id]),
    ).rejects.toThrow(/append-only/);
  });

  it("re-keys confirmations, the earliest of one mailbox's day taking the once key", async () => {
    const lead = randomUUID();
    await db.query(
      "insert into public.leads (id, address, condition, email) values ($1, 'x', 'Needs Work', 'x@example.com')",
      [lead],
    );
    const planned = [
      ["v.ictim@gmail.com", "2026-11-28T10:00:00Z"],
      ["victim+a@googlemail.com", "2026-11-28T11:00:00Z"],
      ["pat+x@outlook.com", "2026-11-28T12:00:00Z"],
    ];
    for (const [destination, at] of planned) {
      await db.query(
        `insert into public.lead_deliveries
           (id, lead_id, channel, event, destination, status, created_at, give_up_at, once_key)
         values ($1, $2, 'confirm_email', 'lead.created', $3, 'sent', $4, $4, $5)`,
        [randomUUID(), lead, destination, at, `confirm_email:${destination}:2026-11-28`],
      );
    }
    await db.exec(migration);
    await db.exec(migration);

    expect(
      await rows("select destination, once_key from public.lead_deliveries order by created_at"),
    ).toEqual([
      { destination: "victim@gmail.com", once_key: "confirm_email:victim@gmail.com:2026-11-28" },
      {
        destination: "victim@gmail.com",
        once_key: "confirm_email:victim+a@googlemail.com:2026-11-28",
      },
      { destination: "pat@outlook.com", once_key: "confirm_email:pat@outlook.com:2026-11-28" },
    ]);
  });
});
