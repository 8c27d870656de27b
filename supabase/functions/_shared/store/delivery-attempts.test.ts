import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { DELIVERY_LIFETIME_SECONDS, META_LIFETIME_SECONDS } from "./channels.ts";
import { DELIVERY_LEASE } from "./delivery-statements.ts";
import { leadFixture, openTestStore, type TestStore } from "./lead-test-kit.ts";
import { ATTEMPT_OUTCOMES, type PlannedDelivery } from "./rows.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const MIGRATIONS = path.resolve("supabase", "migrations");

let store: TestStore;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());
afterEach(() => store.reset());

/** A stored lead with one webhook delivery, claimed for its first attempt. */
async function claimedWebhook(lifetimeSeconds = 3 * 86_400) {
  const lead = leadFixture({ id: crypto.randomUUID() });
  const planned: PlannedDelivery = {
    id: crypto.randomUUID(),
    channel: "webhook",
    event: "lead.created",
    destination: "https://crm.example/hook",
    payload: {},
    lifetimeSeconds,
    onceKey: null,
    status: "pending",
    note: null,
  };
  await store.insert(lead, { deliveries: [planned] });
  await claimAgain(lead.id);
  return { leadId: lead.id, deliveryId: planned.id };
}

/** The delivery due now and claimed, as the retry run would after its wait. */
async function claimAgain(leadId: string) {
  await store.query(
    "update public.lead_deliveries set next_attempt_at = now() where lead_id = $1",
    [leadId],
  );
  const claimed = await store.claimDeliveries({ leadId, limit: 1 });
  expect(claimed).toHaveLength(1);
  return claimed[0]!.delivery.attempts;
}

describe("every attempt kept", () => {
  it("keeps two failed attempts and the sent one, with their statuses, and lists them oldest first", async () => {
    const { leadId, deliveryId } = await claimedWebhook();
    await store.recordAttempt(deliveryId, 1, {
      status: "pending",
      error: "503 from the webhook: busy",
      httpStatus: 503,
      delaySeconds: 5,
      durationMs: 120.4,
    });
    expect(await claimAgain(leadId)).toBe(2);
    await store.recordAttempt(deliveryId, 2, {
      status: "pending",
      error: "The webhook could not be reached: no answer within the timeout",
      delaySeconds: 300,
      durationMs: 15_000,
    });
    expect(await claimAgain(leadId)).toBe(3);
    expect(
      await store.recordAttempt(deliveryId, 3, { status: "sent", httpStatus: 200, durationMs: 80 }),
    ).toBe("sent");

    const attempts = await store.attempts(deliveryId);
    expect(
      attempts.map(({ attempt, outcome, http_status, duration_ms, excerpt }) => ({
        attempt,
        outcome,
        http_status,
        duration_ms,
        excerpt,
      })),
    ).toEqual([
      {
        attempt: 1,
        outcome: "pending",
        http_status: 503,
        duration_ms: 120,
        excerpt: "503 from the webhook: busy",
      },
      {
        attempt: 2,
        outcome: "pending",
        http_status: null,
        duration_ms: 15_000,
        excerpt: "The webhook could not be reached: no answer within the timeout",
      },
      { attempt: 3, outcome: "sent", http_status: 200, duration_ms: 80, excerpt: null },
    ]);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({
        id: expect.any(Number),
        delivery_id: deliveryId,
        lead_id: leadId,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    }
    // By the lead's id too; the delivery keeps only its last error, as the listing reads it.
    expect(await store.attempts(leadId.toUpperCase())).toEqual(attempts);
    const [delivery] = await store.deliveries(deliveryId);
    expect(delivery).toMatchObject({
      id: deliveryId,
      status: "sent",
      attempts: 3,
      last_status: 200,
      last_error: "The webhook could not be reached: no answer within the timeout",
    });
    expect(await store.deliveries(leadId)).toEqual([delivery]);
  });

  it("keeps the attempt that gave up as failed, saying so, and nothing for a stale record", async () => {
    // A lifetime of none: the attempt is recorded past its give-up time.
    const { deliveryId } = await claimedWebhook(0);
    expect(
      await store.recordAttempt(deliveryId, 1, {
        status: "pending",
        error: `500 from the webhook: ${"x".repeat(1200)}`,
        httpStatus: 500,
        delaySeconds: 300,
      }),
    ).toBe("failed");
    // A record of an attempt no claim holds any more changes nothing and keeps nothing.
    expect(await store.recordAttempt(deliveryId, 1, { status: "sent" })).toBeNull();
    const [kept, ...more] = await store.attempts(deliveryId);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({
      attempt: 1,
      outcome: "failed",
      http_status: 500,
      duration_ms: null,
    });
    expect(kept!.excerpt).toMatch(/^gave up after 1 attempts: 500 from the webhook: x+$/);
    expect(kept!.excerpt).toHaveLength(1000);
  });

  it("refuses to change or delete an attempt, and lets the purge take it with its lead", async () => {
    const { leadId, deliveryId } = await claimedWebhook();
    await store.recordAttempt(deliveryId, 1, { status: "skipped", error: "opted out" });
    await expect(
      store.query("update public.lead_delivery_attempts set outcome = 'sent'"),
    ).rejects.toThrow("lead_delivery_attempts is append-only: UPDATE refused");
    await expect(store.query("delete from public.lead_delivery_attempts")).rejects.toThrow(
      "lead_delivery_attempts is append-only: DELETE refused",
    );

    await store.query(
      "update public.leads set spam_reason = 'test', created_at = now() - interval '31 days' where id = $1",
      [leadId],
    );
    expect(await store.purgeExpired()).toMatchObject({ spam: 1 });
    expect(await store.query("select * from public.lead_delivery_attempts")).toEqual([]);
  });

  it("refuses an id that is not one, saying what an id looks like", async () => {
    await expect(store.attempts("12345")).rejects.toThrow(
      /"12345" is not a delivery's or a lead's id: ids look like/,
    );
  });
});

/** Standard Webhooks' schedule, as delivery/outbox.ts waits it after each failed attempt. */
const SCHEDULE_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400];

describe("the retry window", () => {
  /**
   * A delivery answered 500 forever: each attempt recorded pending with the schedule's wait,
   * then the clock moved on to its next attempt by moving the delivery's times back that far.
   * Returns when each attempt was made, in whole seconds after the delivery was planned, and
   * the status each record stored.
   */
  async function failForever(lifetimeSeconds: number) {
    const { leadId, deliveryId } = await claimedWebhook(lifetimeSeconds);
    const made: number[] = [];
    const stored: (string | null)[] = [];
    for (let attempt = 1; attempt <= 30; attempt++) {
      const [age] = await store.query(
        `select extract(epoch from now() - created_at)::float8 as seconds
         from public.lead_deliveries where id = $1`,
        [deliveryId],
      );
      made.push(Math.round(Number(age!.seconds)));
      const status = await store.recordAttempt(deliveryId, attempt, {
        status: "pending",
        error: "500 from the webhook",
        httpStatus: 500,
        delaySeconds: SCHEDULE_SECONDS[attempt - 1] ?? 86_400,
      });
      stored.push(status);
      if (status !== "pending") break;
      await store.query(
        `update public.lead_deliveries
         set created_at = created_at - (next_attempt_at - now()),
             give_up_at = give_up_at - (next_attempt_at - now()),
             next_attempt_at = now()
         where id = $1`,
        [deliveryId],
      );
      const [claimed] = await store.claimDeliveries({ leadId, limit: 1 });
      expect(claimed?.delivery.attempts).toBe(attempt + 1);
    }
    return { deliveryId, made, stored };
  }

  it("tries a delivery answered 500 forever on the whole schedule, then once more at the 3-day mark, and then gives up", async () => {
    const { deliveryId, made, stored } = await failForever(DELIVERY_LIFETIME_SECONDS);
    // The 24-hour step would pass the 3 days: the last attempt is at the end of the window.
    expect(made).toEqual([0, 5, 305, 2_105, 9_305, 27_305, 63_305, 113_705, 185_705, 3 * 86_400]);
    expect(stored).toEqual([...Array(9).fill("pending"), "failed"]);
    const [delivery] = await store.deliveries(deliveryId);
    expect(delivery).toMatchObject({
      status: "failed",
      attempts: 10,
      last_error: "gave up after 10 attempts: 500 from the webhook",
    });
    const attempts = await store.attempts(deliveryId);
    expect(attempts.map((kept) => kept.outcome)).toEqual([...Array(9).fill("pending"), "failed"]);
  });

  it("keeps trying Meta's event every 24 hours to the end of its 7 days", async () => {
    const { made, stored } = await failForever(META_LIFETIME_SECONDS);
    expect(made.slice(9)).toEqual([272_105, 358_505, 444_905, 531_305, META_LIFETIME_SECONDS]);
    expect(stored.at(-1)).toBe("failed");
    expect(stored.filter((status) => status === "pending")).toHaveLength(13);
  });
});

describe("what a claim brings", () => {
  /** The clock moved past the lease of the attempt in flight, as when its process died mid-call. */
  const leaseRunsOut = (deliveryId: string) =>
    store.query(
      `update public.lead_deliveries
       set created_at = created_at - interval '${DELIVERY_LEASE} 1 second',
           lease_until = lease_until - interval '${DELIVERY_LEASE} 1 second',
           give_up_at = give_up_at - interval '${DELIVERY_LEASE} 1 second',
           next_attempt_at = now()
       where id = $1`,
      [deliveryId],
    );

  it("says since when an attempt that recorded no outcome was in flight, by its lease or by its missing record", async () => {
    const { leadId, deliveryId } = await claimedWebhook();
    await leaseRunsOut(deliveryId);
    const [first] = await store.query(
      `select lease_until - interval '${DELIVERY_LEASE}' as claimed_at
       from public.lead_deliveries where id = $1`,
      [deliveryId],
    );
    const [second] = await store.claimDeliveries({ leadId, limit: 1 });
    expect(second!.delivery.attempts).toBe(2);
    expect(second!.unrecordedSince).toBe(new Date(first!.claimed_at as Date).toISOString());

    // The local server's restart releases the claim: the missing record still says so.
    expect(await store.releaseClaims()).toBe(1);
    const [third] = await store.claimDeliveries({ leadId, limit: 1 });
    expect(third!.delivery.attempts).toBe(3);
    expect(third!.unrecordedSince).toBe(third!.delivery.created_at);

    // An attempt recorded leaves nothing unknown for the next.
    await store.recordAttempt(deliveryId, 3, {
      status: "pending",
      error: "503 from the webhook",
      delaySeconds: 5,
    });
    expect(await claimAgain(leadId)).toBe(4);
    await leaseRunsOut(deliveryId);
    await store.recordAttempt(deliveryId, 4, { status: "pending", error: "503", delaySeconds: 0 });
    const [fifth] = await store.claimDeliveries({ leadId, limit: 1 });
    expect(fifth).toMatchObject({ delivery: { attempts: 5 }, unrecordedSince: null });
  });

  it("brings nothing unknown to a first attempt, nor after --redeliver", async () => {
    const lead = leadFixture({ id: crypto.randomUUID() });
    const planned: PlannedDelivery = {
      id: crypto.randomUUID(),
      channel: "team_sms",
      event: "lead.created",
      destination: "+16145550177",
      payload: {},
      lifetimeSeconds: 60,
      onceKey: null,
      status: "pending",
      note: null,
    };
    await store.insert(lead, { deliveries: [planned] });
    const [first] = await store.claimDeliveries({ leadId: lead.id, limit: 1 });
    expect(first).toMatchObject({ unrecordedSince: null, leadStatus: null });
    await store.recordAttempt(planned.id, 1, { status: "failed", error: "401 from Twilio" });
    expect(await store.redeliver(lead.id)).toBe(1);
    const [again] = await store.claimDeliveries({ leadId: lead.id, limit: 1 });
    expect(again).toMatchObject({ delivery: { attempts: 1 }, unrecordedSince: null });
  });

  it("brings the lead's latest status, as the escalation checks it", async () => {
    const { leadId, deliveryId } = await claimedWebhook();
    await store.recordAttempt(deliveryId, 1, { status: "pending", error: "503", delaySeconds: 0 });
    const contacted = await store.recordStatus(leadId, "contacted");
    const [claimed] = await store.claimDeliveries({ leadId, limit: 1 });
    expect(claimed!.leadStatus).toEqual({ status: "contacted", changed_at: contacted.changed_at });
  });
});

describe("the attempts migration", () => {
  it("holds the outcomes to the store's one list, with row-level security and no policy", async () => {
    const [check] = await store.query(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.lead_delivery_attempts'::regclass and contype = 'c'
         and pg_get_constraintdef(oid) like '%outcome%'`,
    );
    const listed = [...String(check?.definition).matchAll(/'([a-z]+)'/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual([...ATTEMPT_OUTCOMES].sort());
    expect(
      await store.query(
        "select relrowsecurity from pg_class where relname = 'lead_delivery_attempts'",
      ),
    ).toEqual([{ relrowsecurity: true }]);
  });

  it("carries each delivery's last attempt over, once, and none that was never tried", async () => {
    const db = await PGlite.create();
    const files = readdirSync(MIGRATIONS)
      .filter((name) => name.endsWith(".sql"))
      .sort();
    const attemptsFile = files.indexOf("20261129000000_lead_delivery_attempts.sql");
    for (const name of files.slice(0, attemptsFile)) {
      await db.exec(readFileSync(path.join(MIGRATIONS, name), "utf8"));
    }
    await db.exec(`
      insert into public.leads (id, address, condition, email)
      values ('11111111-1111-4111-8111-111111111111', '1 Elm St', 'Good', 'pat@example.com');
      insert into public.lead_deliveries
        (id, lead_id, channel, event, destination, status, attempts, give_up_at, last_error,
         last_status, sent_at, lease_until)
      select gen_random_uuid(), '11111111-1111-4111-8111-111111111111', channel, 'lead.created',
             channel, status, attempts, now() + interval '1 day', last_error, last_status,
             case when status = 'sent' then now() end,
             case when status = 'sending' then now() + interval '2 minutes' end
      from (values ('webhook', 'pending', 2, '503 from the webhook', 503),
                   ('team_email', 'sent', 1, null, 200),
                   ('meta', 'sending', 2, '502 from Meta', 502),
                   ('team_sms', 'pending', 0, null, null),
                   ('escalation', 'sending', 1, null, null))
        as carried(channel, status, attempts, last_error, last_status);`);
    const attempts = readFileSync(path.join(MIGRATIONS, files[attemptsFile]!), "utf8");
    await db.exec(attempts);
    await db.exec(attempts);
    const { rows } = await db.query(
      `select d.channel, a.attempt, a.outcome, a.http_status, a.excerpt, a.duration_ms
       from public.lead_delivery_attempts a join public.lead_deliveries d on d.id = a.delivery_id
       order by d.channel`,
    );
    await db.close();
    expect(rows).toEqual([
      {
        channel: "meta",
        attempt: 1,
        outcome: "pending",
        http_status: 502,
        excerpt: "502 from Meta",
        duration_ms: null,
      },
      {
        channel: "team_email",
        attempt: 1,
        outcome: "sent",
        http_status: 200,
        excerpt: null,
        duration_ms: null,
      },
      {
        channel: "webhook",
        attempt: 2,
        outcome: "pending",
        http_status: 503,
        excerpt: "503 from the webhook",
        duration_ms: null,
      },
    ]);
  });
});
