import { DELIVERY_CHANNELS, type DeliveryChannel } from "../store/channels.ts";
import type { ClaimedDelivery } from "../store/lead-store.ts";
import {
  fastForwardSleep,
  leadFixture,
  openTestStore,
  type TestStore,
} from "../store/lead-test-kit.ts";
import type { DeliveryRow, PlannedDelivery } from "../store/rows.ts";
import type { Channels } from "./adapters.ts";
import { createDeliverer } from "./deliver.ts";
import { planDelivery, type AttemptResult } from "./outbox.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

let store: TestStore;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

const logs: string[] = [];
/** Each wait the deliverer asked for, in milliseconds. */
const waits: number[] = [];
/** Every attempt an adapter was given, in order. */
const calls: ClaimedDelivery[] = [];

beforeEach(async () => {
  store.failing = false;
  await store.reset();
  logs.length = 0;
  waits.length = 0;
  calls.length = 0;
});

/** The deliverer's clock (store/lead-test-kit.ts): each wait moves the due times instead. */
const sleep = (ms: number) => fastForwardSleep(store, waits)(ms);

/** What an adapter answers for a claimed delivery. */
type Answer = (claimed: ClaimedDelivery) => AttemptResult | Promise<AttemptResult>;

/** The answers in turn, one per attempt; the last one again after that. */
const inTurn =
  (...answers: AttemptResult[]): Answer =>
  () =>
    answers.length > 1 ? answers.shift()! : answers[0]!;

/** A channel's adapter for each answer given; a channel without one was not to be sent. */
function channelsAnswering(answers: Partial<Record<DeliveryChannel, Answer>>): Channels {
  return Object.fromEntries(
    DELIVERY_CHANNELS.map((channel) => [
      channel,
      async (claimed: ClaimedDelivery) => {
        calls.push(claimed);
        const answer = answers[channel];
        if (!answer) throw new Error(`${channel} was sent, and no test expects it`);
        return answer(claimed);
      },
    ]),
  ) as Channels;
}

function deliverer(answers: Partial<Record<DeliveryChannel, Answer>>) {
  return createDeliverer({
    store,
    channels: channelsAnswering(answers),
    log: (line) => logs.push(line),
    sleep,
  });
}

const DESTINATIONS: Record<DeliveryChannel, string> = {
  team_email: "team@example.com",
  team_sms: "+16145550177",
  webhook: "https://crm.example/hooks/leads",
  meta: "123456789012345",
  confirm_email: "pat@example.com",
  confirm_sms: "+16145550100",
  escalation: "owner@example.com",
};

/** A delivery of a new lead on `channel`, to that channel's usual destination unless given. */
const plan = (
  leadId: string,
  channel: DeliveryChannel,
  options: { destination?: string; lifetimeSeconds?: number } = {},
) =>
  planDelivery(leadId, {
    channel,
    event: "lead.created",
    destination: options.destination ?? DESTINATIONS[channel],
    ...(options.lifetimeSeconds ? { lifetimeSeconds: options.lifetimeSeconds } : {}),
  });

/** A lead stored with deliveries planned on these channels. */
async function storeLead(...channels: DeliveryChannel[]) {
  const lead = leadFixture({ id: crypto.randomUUID() });
  const deliveries = await Promise.all(channels.map((channel) => plan(lead.id, channel)));
  await store.insert(lead, { deliveries });
  return { lead, deliveries };
}

/** The lead's deliveries by channel. */
async function rowsOf(leadId: string): Promise<Partial<Record<DeliveryChannel, DeliveryRow>>> {
  return Object.fromEntries((await store.deliveries(leadId)).map((row) => [row.channel, row]));
}

const secondsUntil = (time: string) => (Date.parse(time) - Date.now()) / 1000;

describe("deliverLead", () => {
  it("sends each of the lead's deliveries through its channel's adapter once, and records it sent", async () => {
    const { lead, deliveries } = await storeLead("team_email", "webhook");
    await deliverer({
      team_email: inTurn({ outcome: "sent", status: 200 }),
      webhook: inTurn({ outcome: "sent", status: 204 }),
    }).deliverLead(lead.id);

    expect(calls.map((call) => call.delivery.channel).sort()).toEqual(["team_email", "webhook"]);
    for (const call of calls) {
      expect(call.lead).toMatchObject({ id: lead.id, email: lead.email });
      expect(call.delivery).toMatchObject({ lead_id: lead.id, attempts: 1 });
      expect(call.optOuts).toEqual([]);
    }
    expect(calls.map((call) => call.delivery.id).sort()).toEqual(
      deliveries.map((delivery) => delivery.id).sort(),
    );
    const rows = await rowsOf(lead.id);
    expect(rows.team_email).toMatchObject({ status: "sent", attempts: 1, last_status: 200 });
    expect(rows.webhook).toMatchObject({ status: "sent", attempts: 1, last_status: 204 });
    expect(rows.webhook!.sent_at).not.toBeNull();
    expect(waits).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("waits out a retry due in 5 s in place, once, and sends the same delivery again", async () => {
    const { lead } = await storeLead("team_email", "webhook");
    await deliverer({
      team_email: inTurn({ outcome: "sent", status: 200 }),
      webhook: inTurn(
        { outcome: "retry", error: "500 from the webhook", status: 500 },
        { outcome: "sent", status: 200 },
      ),
    }).deliverLead(lead.id);

    // Standard Webhooks' schedule: the first retry 5 seconds on.
    expect(waits).toEqual([5_000]);
    const webhookCalls = calls.filter((call) => call.delivery.channel === "webhook");
    expect(webhookCalls.map((call) => call.delivery.attempts)).toEqual([1, 2]);
    expect(webhookCalls[0]!.delivery.id).toBe(webhookCalls[1]!.delivery.id);
    // What was sent is not sent again.
    expect(calls.filter((call) => call.delivery.channel === "team_email")).toHaveLength(1);
    expect((await rowsOf(lead.id)).webhook).toMatchObject({
      status: "sent",
      attempts: 2,
      last_status: 200,
    });
    expect(logs).toEqual([
      `The webhook for lead ${lead.id} (lead.created, attempt 1) failed; tried again in 5 s: 500 from the webhook`,
    ]);
  });

  it("waits in place only once: a delivery still failing is left to the retry runs, 5 minutes on", async () => {
    const { lead } = await storeLead("webhook");
    const { deliverLead, deliverDue } = deliverer({
      webhook: inTurn(
        { outcome: "retry", error: "503 from the webhook", status: 503 },
        { outcome: "retry", error: "503 from the webhook", status: 503 },
        { outcome: "sent", status: 200 },
      ),
    });
    await deliverLead(lead.id);

    expect(waits).toEqual([5_000]);
    const row = (await rowsOf(lead.id)).webhook!;
    expect(row).toMatchObject({ status: "pending", attempts: 2, last_status: 503 });
    expect(secondsUntil(row.next_attempt_at)).toBeGreaterThan(290);
    expect(logs.at(-1)).toMatch(/attempt 2\) failed; tried again in 300 s: 503 from the webhook$/);

    // A retry run before then leaves it alone; once due, it is sent.
    expect(await deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0, logged: 0, skipped: 0 });
    await store.query(
      "update public.lead_deliveries set next_attempt_at = now() where lead_id = $1",
      [lead.id],
    );
    expect((await deliverDue()).sent).toBe(1);
    expect((await rowsOf(lead.id)).webhook).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("does not wait in place for a receiver that asked for longer, with Retry-After", async () => {
    const { lead } = await storeLead("webhook");
    await deliverer({
      webhook: inTurn({ outcome: "retry", error: "busy", status: 429, retryAfterSeconds: 600 }),
    }).deliverLead(lead.id);

    expect(waits).toEqual([]);
    const row = (await rowsOf(lead.id)).webhook!;
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_status: 429 });
    expect(secondsUntil(row.next_attempt_at)).toBeGreaterThan(590);
  });

  it("records a delivery refused for good as failed, with the error, and never tries it again", async () => {
    const { lead } = await storeLead("team_sms");
    const { deliverLead, deliverDue } = deliverer({
      team_sms: inTurn({ outcome: "failed", error: "401 from Twilio: Authenticate", status: 401 }),
    });
    await deliverLead(lead.id);

    expect((await rowsOf(lead.id)).team_sms).toMatchObject({
      status: "failed",
      attempts: 1,
      last_status: 401,
      last_error: "401 from Twilio: Authenticate",
    });
    expect(logs).toEqual([
      `The team's text for lead ${lead.id} (lead.created, attempt 1) was refused and will not be tried again: 401 from Twilio: Authenticate`,
    ]);
    await store.query(
      "update public.lead_deliveries set next_attempt_at = now() - interval '1 day'",
    );
    expect((await deliverDue()).failed).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it("records a skipped delivery with its reason, and a logged one as logged", async () => {
    const { lead } = await storeLead("team_email", "confirm_email");
    await deliverer({
      team_email: inTurn({ outcome: "logged" }),
      confirm_email: inTurn({ outcome: "skipped", reason: "opted out of e-mail on 2026-11-20" }),
    }).deliverLead(lead.id);

    const rows = await rowsOf(lead.id);
    expect(rows.team_email).toMatchObject({ status: "logged", attempts: 1, last_error: null });
    expect(rows.confirm_email).toMatchObject({
      status: "skipped",
      last_error: "opted out of e-mail on 2026-11-20",
    });
    expect(waits).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("tries again a delivery whose adapter threw: the fault is ours, not the receiver's", async () => {
    const { lead } = await storeLead("meta");
    let thrown = false;
    await deliverer({
      meta: () => {
        if (thrown) return { outcome: "sent", status: 200 };
        thrown = true;
        throw new TypeError("Cannot read properties of undefined (reading 'fbclid')");
      },
    }).deliverLead(lead.id);

    expect(waits).toEqual([5_000]);
    expect(logs).toEqual([
      `Meta's Lead event for lead ${lead.id} (lead.created, attempt 1) failed; tried again in 5 s: Cannot read properties of undefined (reading 'fbclid')`,
    ]);
    expect((await rowsOf(lead.id)).meta).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends only the lead's own deliveries", async () => {
    const mine = await storeLead("team_email");
    const other = await storeLead("team_email");
    await deliverer({ team_email: inTurn({ outcome: "sent", status: 200 }) }).deliverLead(
      mine.lead.id,
    );
    expect(calls.map((call) => call.lead.id)).toEqual([mine.lead.id]);
    expect((await rowsOf(other.lead.id)).team_email).toMatchObject({
      status: "pending",
      attempts: 0,
    });
  });

  it("never rejects while the store is down: the retry run sends it later", async () => {
    const { lead } = await storeLead("team_email");
    store.failing = true;
    await expect(deliverer({}).deliverLead(lead.id)).resolves.toBeUndefined();
    expect(logs).toEqual([
      `Deliveries of lead ${lead.id} are left to the retry run: connection refused`,
    ]);
    expect(calls).toEqual([]);
  });
});

describe("deliverDue", () => {
  it("sends every due delivery of every lead and counts what came of each", async () => {
    const first = await storeLead("team_email", "team_sms", "webhook");
    const second = await storeLead("team_email", "confirm_email", "meta");
    const { deliverDue } = deliverer({
      team_email: (claimed) =>
        claimed.lead.id === first.lead.id
          ? { outcome: "sent", status: 200 }
          : { outcome: "logged" },
      team_sms: inTurn({ outcome: "failed", error: "400 from Twilio", status: 400 }),
      webhook: inTurn({ outcome: "retry", error: "502 from the webhook", status: 502 }),
      confirm_email: inTurn({ outcome: "skipped", reason: "opted out of e-mail on 2026-11-20" }),
      meta: inTurn({ outcome: "sent", status: 200 }),
    });

    expect(await deliverDue()).toEqual({ sent: 2, retrying: 1, failed: 1, logged: 1, skipped: 1 });
    const status = async (leadId: string) =>
      Object.fromEntries(
        Object.entries(await rowsOf(leadId)).map(([channel, row]) => [channel, row.status]),
      );
    expect(await status(first.lead.id)).toEqual({
      team_email: "sent",
      team_sms: "failed",
      webhook: "pending",
    });
    expect(await status(second.lead.id)).toEqual({
      team_email: "logged",
      confirm_email: "skipped",
      meta: "sent",
    });
    // A retry run waits for nothing: the next run sends what is due then.
    expect(waits).toEqual([]);
    expect(await deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0, logged: 0, skipped: 0 });
    expect(calls).toHaveLength(6);
  });

  it("tries a delivery still failing once more at the end of its lifetime, then gives up and says so", async () => {
    const lead = leadFixture({ id: crypto.randomUUID() });
    await store.insert(lead, {
      deliveries: [await plan(lead.id, "meta", { lifetimeSeconds: 3600 })],
    });
    const { deliverDue } = deliverer({
      meta: inTurn({ outcome: "retry", error: "500 from Meta", status: 500 }),
    });

    expect(await deliverDue()).toMatchObject({ failed: 0, retrying: 1 });
    // A minute left: the next wait (5 minutes) would pass it, so the attempt comes at its end.
    await store.query(
      `update public.lead_deliveries
       set next_attempt_at = now(), give_up_at = now() + interval '1 minute' where lead_id = $1`,
      [lead.id],
    );
    expect(await deliverDue()).toMatchObject({ failed: 0, retrying: 1 });
    const row = (await rowsOf(lead.id)).meta!;
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row.next_attempt_at).toBe(row.give_up_at);

    // The last attempt, at the end of its window.
    await store.query(
      `update public.lead_deliveries
       set next_attempt_at = now(), give_up_at = now() where lead_id = $1`,
      [lead.id],
    );
    expect(await deliverDue()).toMatchObject({ failed: 1, retrying: 0 });
    expect((await rowsOf(lead.id)).meta).toMatchObject({
      status: "failed",
      attempts: 3,
      last_error: "gave up after 3 attempts: 500 from Meta",
    });
    expect(logs.at(-1)).toBe(
      `Meta's Lead event for lead ${lead.id} (lead.created, attempt 3) failed and its time is up; it will not be tried again (npm run leads -- --deliveries): 500 from Meta`,
    );
  });
});

describe("sendWithoutStore", () => {
  /** A new lead's plan with every channel, two team phones among them. */
  async function fullPlan(leadId: string): Promise<PlannedDelivery[]> {
    return Promise.all([
      plan(leadId, "team_email"),
      plan(leadId, "team_sms", { destination: "+16145550177" }),
      plan(leadId, "team_sms", { destination: "+16145550178" }),
      plan(leadId, "webhook"),
      plan(leadId, "meta"),
      plan(leadId, "confirm_email"),
      plan(leadId, "confirm_sms"),
    ]);
  }

  it("sends the team's deliveries without the store and returns the ids a provider took with a 2xx", async () => {
    const lead = leadFixture({ id: crypto.randomUUID() });
    const planned = await fullPlan(lead.id);
    store.failing = true;
    const ids = await deliverer({
      team_email: inTurn({ outcome: "sent", status: 200 }),
      team_sms: ({ delivery }) =>
        delivery.destination === "+16145550177"
          ? { outcome: "sent", status: 201 }
          : { outcome: "retry", error: "500 from Twilio", status: 500 },
      webhook: () => {
        throw new Error("socket hang up");
      },
    }).sendWithoutStore(lead, null, planned);

    const id = (channel: DeliveryChannel, destination = DESTINATIONS[channel]) =>
      planned.find((row) => row.channel === channel && row.destination === destination)!.id;
    expect(ids.sort()).toEqual([id("team_email"), id("team_sms", "+16145550177")].sort());
    // Nothing for the homeowner or Meta without a stored lead to check opt-outs against.
    expect(calls.map((call) => call.delivery.channel).sort()).toEqual([
      "team_email",
      "team_sms",
      "team_sms",
      "webhook",
    ]);
    expect(calls.every((call) => call.lead.id === lead.id && call.optOuts.length === 0)).toBe(true);
    expect(logs.sort()).toEqual([
      `The team's text for lead ${lead.id} failed while the store is down: 500 from Twilio`,
      `The webhook for lead ${lead.id} failed while the store is down: socket hang up`,
    ]);
  });

  it("does not count a log line as the team having heard", async () => {
    const lead = leadFixture({ id: crypto.randomUUID() });
    const planned = [await plan(lead.id, "team_email", { destination: "log" })];
    store.failing = true;
    const ids = await deliverer({ team_email: inTurn({ outcome: "logged" }) }).sendWithoutStore(
      lead,
      null,
      planned,
    );
    expect(ids).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe("the hourly cap on homeowners' messages", () => {
  const TEAM_PHONE = "+16145550177";
  const sent: Answer = () => ({ outcome: "sent", status: 200 });

  /** The deliverer with a cap of 2 an hour, the team on e-mail and one phone. */
  const capped = (answers: Partial<Record<DeliveryChannel, Answer>>) =>
    createDeliverer({
      store,
      channels: channelsAnswering(answers),
      log: (line) => logs.push(line),
      sleep,
      config: {
        homeownerMessagesPerHour: 2,
        teamEmail: { to: [DESTINATIONS.team_email], from: "site@example.com" },
        alertSmsTo: [TEAM_PHONE],
      },
    });

  /** The pause alerts planned so far, on any lead. */
  const alerts = async () =>
    (await store.deliveries()).filter((row) => row.payload.alert === "homeowner_messages_paused");

  /** Every homeowner message recorded sent, an hour earlier: the hour has rolled over. */
  async function anHourLater() {
    await store.query(
      `update public.lead_deliveries set sent_at = sent_at - interval '1 hour'
       where channel in ('confirm_email', 'confirm_sms') and status = 'sent'`,
    );
    await store.query(
      "update public.lead_deliveries set next_attempt_at = now() where status = 'pending'",
    );
  }

  it("holds the third confirmation until the hour rolls over, tells the team once, and sends it then", async () => {
    const { deliverLead, deliverDue } = capped({
      team_email: sent,
      team_sms: sent,
      confirm_email: sent,
      confirm_sms: sent,
    });
    for (let lead = 0; lead < 2; lead++) {
      await deliverLead((await storeLead("team_email", "confirm_email")).lead.id);
    }
    expect(logs).toEqual([]);

    const third = await storeLead("team_email", "confirm_email");
    await deliverLead(third.lead.id);
    const held = (await store.deliveries(third.lead.id)).find(
      (row) => row.channel === "confirm_email",
    )!;
    expect(held).toMatchObject({ status: "pending", attempts: 1, sent_at: null });
    expect(held.last_error).toMatch(
      /^paused: 2 homeowner messages went out in the last hour \(LEADS_HOMEOWNER_MESSAGES_PER_HOUR\)/,
    );
    // Tried again when the first confirmation leaves the hour, not before.
    expect(secondsUntil(held.next_attempt_at)).toBeGreaterThan(3_500);
    expect(secondsUntil(held.next_attempt_at)).toBeLessThanOrEqual(3_601);
    // The lead is stored and the team heard of it as usual.
    expect(
      (await store.deliveries(third.lead.id)).filter(
        (row) => row.channel === "team_email" && row.payload.alert === undefined,
      ),
    ).toMatchObject([{ status: "sent" }]);

    // The team is told once, on its e-mail and its phone, and the log says so once.
    expect(await alerts()).toMatchObject([
      { lead_id: third.lead.id, status: "sent", event: "lead.created" },
      { lead_id: third.lead.id, status: "sent", event: "lead.created" },
    ]);
    expect((await alerts()).map((row) => row.channel).sort()).toEqual(["team_email", "team_sms"]);
    expect((await alerts()).map((row) => row.destination).sort()).toEqual([
      TEAM_PHONE,
      DESTINATIONS.team_email,
    ]);
    expect((await alerts())[0]!.payload).toMatchObject({
      per_hour: 2,
      paused_until: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      text: expect.stringContaining("Homeowner messages are paused: 2 went out in the last hour"),
    });
    expect(logs).toEqual([
      expect.stringMatching(
        /^Homeowner messages are paused: 2 went out in the last hour.*The team is told on lead /,
      ),
    ]);

    // A second message held back in the same pause, another lead's text: no second alert.
    const fourth = await storeLead("team_sms", "confirm_sms");
    await deliverLead(fourth.lead.id);
    expect((await rowsOf(fourth.lead.id)).confirm_sms).toMatchObject({ status: "pending" });
    expect((await rowsOf(fourth.lead.id)).team_sms).toMatchObject({ status: "sent" });
    expect(await alerts()).toHaveLength(2);
    expect(logs).toHaveLength(1);

    // A retry run within the hour sends nothing to homeowners.
    await store.query(
      `update public.lead_deliveries set next_attempt_at = now()
       where status = 'pending' and channel in ('confirm_email', 'confirm_sms')`,
    );
    expect(await deliverDue()).toMatchObject({ sent: 0, retrying: 2 });
    expect(await alerts()).toHaveLength(2);

    await anHourLater();
    expect(await deliverDue()).toMatchObject({ sent: 2, retrying: 0 });
    expect((await rowsOf(third.lead.id)).confirm_email).toMatchObject({ status: "sent" });
    expect((await rowsOf(fourth.lead.id)).confirm_sms).toMatchObject({ status: "sent" });
    expect(await alerts()).toHaveLength(2);
  });

  it("lets a backlog out no faster than the cap, however many are due at once", async () => {
    const leads = [];
    for (let lead = 0; lead < 5; lead++) leads.push((await storeLead("confirm_email")).lead.id);
    const { deliverDue } = capped({ team_email: sent, team_sms: sent, confirm_email: sent });

    expect(await deliverDue()).toMatchObject({ sent: 2, retrying: 3 });
    expect(calls.filter((call) => call.delivery.channel === "confirm_email")).toHaveLength(2);
    expect(await alerts()).toHaveLength(2);

    await anHourLater();
    expect(await deliverDue()).toMatchObject({ sent: 2, retrying: 1 });
    await anHourLater();
    expect(await deliverDue()).toMatchObject({ sent: 1, retrying: 0 });
    const statuses = await Promise.all(
      leads.map(async (id) => (await rowsOf(id)).confirm_email!.status),
    );
    expect(statuses).toEqual(["sent", "sent", "sent", "sent", "sent"]);
  });

  it("sends no homeowner message it could not count, and tries it again on the retry schedule", async () => {
    const { lead } = await storeLead("team_email", "confirm_email");
    await createDeliverer({
      store: {
        ...store,
        sentInLastHour: () => Promise.reject(new Error("canceling statement due to timeout")),
      },
      channels: channelsAnswering({ team_email: sent, confirm_email: sent }),
      log: (line) => logs.push(line),
      sleep: async () => {},
      config: { homeownerMessagesPerHour: 2, teamEmail: null, alertSmsTo: [] },
    }).deliverLead(lead.id);

    expect(calls.map((call) => call.delivery.channel)).toEqual(["team_email"]);
    const row = (await rowsOf(lead.id)).confirm_email!;
    expect(row).toMatchObject({ status: "pending", sent_at: null });
    expect(row.last_error).toMatch(
      /^not sent: the homeowner messages of the last hour could not be counted/,
    );
    expect(logs[0]).toMatch(/^1 homeowner message\(s\) wait: not sent/);
  });

  it("counts nothing without a cap (LEADS_HOMEOWNER_MESSAGES_PER_HOUR=0)", async () => {
    for (let lead = 0; lead < 3; lead++) await storeLead("confirm_email");
    const { deliverDue } = createDeliverer({
      store,
      channels: channelsAnswering({ confirm_email: sent }),
      log: (line) => logs.push(line),
      sleep,
      config: { homeownerMessagesPerHour: null, teamEmail: null, alertSmsTo: [] },
    });
    expect(await deliverDue()).toMatchObject({ sent: 3, retrying: 0 });
    expect(await alerts()).toEqual([]);
  });
});
