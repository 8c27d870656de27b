import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { TEXT_REPLY_KINDS } from "../contract/text-replies.ts";
import { createSqlInboundTexts } from "./inbound-texts.ts";
import { createSqlLeadRecords } from "./lead-records.ts";
import type { Query } from "./sql.ts";

jest.setTimeout(60_000);

const MIGRATIONS = path.resolve("supabase", "migrations");
const MIGRATION = "20261129000200_inbound_texts.sql";
const OLD_SID = "SM99999999999999999999999999999999";

let db: PGlite;
let query: Query;
beforeAll(async () => {
  db = await PGlite.create();
  query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
  for (const name of readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith(".sql") && file < MIGRATION)
    .sort()) {
    await db.exec(readFileSync(path.join(MIGRATIONS, name), "utf8"));
  }
  // A START recorded before the table, as sms-inbound.ts wrote its note then.
  await query(
    `insert into public.contact_opt_outs (contact, channel, action, note)
     values ('+16145550100', 'texts', 'opt_in', $1)`,
    [`texted "START" to +16145550142 (Twilio ${OLD_SID})`],
  );
  const migration = readFileSync(path.join(MIGRATIONS, MIGRATION), "utf8");
  await db.exec(migration);
  // Every local start applies it again to a store that has it.
  await db.exec(migration);
  for (const name of readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith(".sql") && file > MIGRATION)
    .sort()) {
    await db.exec(readFileSync(path.join(MIGRATIONS, name), "utf8"));
  }
});
afterAll(() => db.close());

describe("migration 20261129000200_inbound_texts", () => {
  it("keeps the texts earlier opt-outs name, once, so a replay of one is known", async () => {
    const texts = createSqlInboundTexts(query);
    expect(await texts.inboundTexts()).toMatchObject([
      { message_sid: OLD_SID, from_number: "+16145550100", classification: "start" },
    ]);
    const receipt = await texts.recordInboundText({
      messageSid: OLD_SID,
      from: "+16145550100",
      body: "START",
      kind: "start",
      change: { action: "opt_in", note: "replayed" },
    });
    expect(receipt).toEqual({ replay: true });
    expect(await createSqlLeadRecords(query).optOuts()).toHaveLength(1);
  });

  it("checks the classification against the reader's one list", async () => {
    const [row] = await query(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.inbound_texts'::regclass and conname like '%classification%'`,
    );
    const allowed = [...String(row!.definition).matchAll(/'([a-z_]+)'/g)].map((match) => match[1]);
    expect(allowed).toEqual([...TEXT_REPLY_KINDS]);
  });

  it("refuses a change, and a delete before 5 years", async () => {
    await expect(query("update public.inbound_texts set body_excerpt = 'x'")).rejects.toThrow(
      "inbound_texts is append-only: UPDATE refused",
    );
    await expect(query("delete from public.inbound_texts")).rejects.toThrow(
      "inbound_texts is append-only: DELETE refused",
    );
  });

  it("keeps an excerpt of what was sent, with what does not print written out", async () => {
    const texts = createSqlInboundTexts(query);
    const receipt = await texts.recordInboundText({
      messageSid: "SM00000000000000000000000000000abc",
      from: "+16145550111",
      body: `\u0000${"é".repeat(300)}`,
      kind: "other",
      change: null,
    });
    expect(receipt).toEqual({ replay: false, optOut: null, unclearBefore: 0, language: null });
    const kept = (await texts.inboundTexts()).at(-1)!;
    expect(kept.body_excerpt).toBe(`\\u{0}${"é".repeat(159)}`);
  });

  it("names the language of the number's latest lead, the phone read as it was typed", async () => {
    const texts = createSqlInboundTexts(query);
    const lead = (id: string, phone: string, language: string, at: string, spam: string | null) =>
      query(
        `insert into public.leads (id, address, condition, email, phone, language, created_at, spam_reason)
         values ($1::uuid, '1 Elm St', 'Good', 'pat@example.com', $2, $3, $4::timestamptz, $5)`,
        [id, phone, language, at, spam],
      );
    await lead(
      "00000000-0000-4000-8000-0000000000a1",
      "614.555.0122",
      "en",
      "2026-11-20T00:00:00Z",
      null,
    );
    await lead(
      "00000000-0000-4000-8000-0000000000a2",
      "(614) 555-0122 cel",
      "es",
      "2026-11-21T00:00:00Z",
      null,
    );
    await lead(
      "00000000-0000-4000-8000-0000000000a3",
      "+1 614 555 0122",
      "en",
      "2026-11-22T00:00:00Z",
      "a bot",
    );
    const receipt = (sid: string, from: string) =>
      texts.recordInboundText({ messageSid: sid, from, body: "AYUDA", kind: "help", change: null });
    // The latest lead that is not held as spam is the Spanish one.
    expect(await receipt("SM000000000000000000000000000000a1", "+16145550122")).toMatchObject({
      language: "es",
    });
    expect(await receipt("SM000000000000000000000000000000a2", "+16145550123")).toMatchObject({
      language: null,
    });
  });
});
