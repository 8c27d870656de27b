import type { FakeServices } from "../scripts/fake-services.ts";
import { readLeadConfig } from "../supabase/functions/_shared/config/lead-config.ts";
import { createChannels } from "../supabase/functions/_shared/delivery/adapters.ts";
import { createDeliverer } from "../supabase/functions/_shared/delivery/deliver.ts";
import { planDelivery } from "../supabase/functions/_shared/delivery/outbox.ts";
import { planEscalation } from "../supabase/functions/_shared/delivery/plan.ts";
import type { DeliveryChannel } from "../supabase/functions/_shared/store/channels.ts";
import {
  fastForwardSleep,
  leadFixture,
  type TestStore,
} from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { fakesAndStoreForEachTest } from "./local-test-kit.ts";

/*
 * Two looks the deliverer takes before it speaks, against the fakes that speak Twilio's and
 * Resend's APIs: a text whose last attempt left no outcome (a crash mid-call) is looked up at
 * Twilio before it is sent again, and the "not contacted" escalation goes only while the lead
 * is still new.
 */

jest.setTimeout(120_000);

let services: FakeServices;
let store: TestStore;
const logs: string[] = [];
const waits: number[] = [];

fakesAndStoreForEachTest((started, opened) => {
  [services, store] = [started, opened];
});
beforeEach(() => {
  logs.length = 0;
  waits.length = 0;
});

const TEAM_PHONE = "+16145550177";
const HOMEOWNER_PHONE = "+16145550100";

/** The function's channels and deliverer over the test store, every provider a fake. */
function setup(env: Record<string, string> = {}) {
  const config = readLeadConfig((name) => ({ ...services.env, ...env })[name] || undefined, {
    onSupabase: false,
  });
  const log = (line: string) => logs.push(line);
  const channels = createChannels(config, { log });
  const deliverer = createDeliverer({
    store,
    channels,
    log,
    sleep: fastForwardSleep(store, waits),
  });
  return { config, channels, deliverer };
}

/** A stored lead whose team text and confirmation text are planned. */
async function leadWithTexts() {
  const lead = leadFixture({ id: crypto.randomUUID(), phone: "(614) 555-0100" });
  const planned = await Promise.all(
    (
      [
        ["team_sms", TEAM_PHONE],
        ["confirm_sms", HOMEOWNER_PHONE],
      ] as [DeliveryChannel, string][]
    ).map(([channel, destination]) =>
      planDelivery(lead.id, { channel, event: "lead.created", destination }),
    ),
  );
  await store.insert(lead, { deliveries: planned });
  return lead;
}

/**
 * A process that dies mid-attempt: it claims the lead's deliveries and, when `calls`, has
 * Twilio create each text, but records nothing.
 */
async function crashMidAttempt(
  leadId: string,
  channels: ReturnType<typeof setup>["channels"],
  calls: boolean,
) {
  const claimed = await store.claimDeliveries({ leadId, limit: 10 });
  expect(claimed).toHaveLength(2);
  if (calls) {
    for (const item of claimed) {
      expect(await channels[item.delivery.channel](item)).toMatchObject({ outcome: "sent" });
    }
  }
}

/** The lease of the dead process's attempt runs out. */
const leaseRunsOut = (leadId: string) =>
  store.query(
    `update public.lead_deliveries set lease_until = now() - interval '1 second'
     where lead_id = $1`,
    [leadId],
  );

const textsTo = (to: string) => services.twilio.created().filter((text) => text.to === to);

describe("a text whose outcome a crash left unknown", () => {
  it.each([
    ["its lease ran out", leaseRunsOut],
    ["the local server's restart released it", () => store.releaseClaims()],
  ])("is not sent a second time when Twilio created it (%s)", async (_, release) => {
    const { channels, deliverer } = setup();
    const lead = await leadWithTexts();
    await crashMidAttempt(lead.id, channels, true);
    expect(services.twilio.created()).toHaveLength(2);
    await release(lead.id);

    expect(await deliverer.deliverDue()).toMatchObject({ sent: 2, retrying: 0 });
    // One text each, as before the crash: Twilio was asked, not told again.
    expect(textsTo(TEAM_PHONE)).toHaveLength(1);
    expect(textsTo(HOMEOWNER_PHONE)).toHaveLength(1);
    expect(services.twilio.requests).toHaveLength(2);

    // Asked with the documented filters: To, From, DateSent> (a GMT date) and PageSize.
    const asked = services.twilio.lookups.map((query) => Object.fromEntries(query));
    expect(asked.map((query) => query.To).sort()).toEqual([HOMEOWNER_PHONE, TEAM_PHONE]);
    for (const query of asked) {
      expect(query).toEqual({
        To: expect.any(String),
        From: services.env.TWILIO_FROM,
        "DateSent>": expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        PageSize: "20",
      });
    }

    for (const row of await store.deliveries(lead.id)) {
      const sid = textsTo(row.destination)[0]!.sid;
      expect(row).toMatchObject({ status: "sent", attempts: 2, last_status: 200 });
      expect(row.last_error).toMatch(
        new RegExp(
          `^not sent again: the attempt before recorded no outcome, and Twilio lists the text \\(${sid}, sent, created `,
        ),
      );
      const kept = await store.attempts(row.id);
      expect(kept.map(({ attempt, outcome }) => [attempt, outcome])).toEqual([[2, "sent"]]);
      expect(kept[0]!.excerpt).toBe(row.last_error);
    }
  });

  it("is sent when the crash came before Twilio created it, and says it looked", async () => {
    const { channels, deliverer } = setup();
    const lead = await leadWithTexts();
    await crashMidAttempt(lead.id, channels, false);
    await leaseRunsOut(lead.id);

    expect(await deliverer.deliverDue()).toMatchObject({ sent: 2 });
    expect(services.twilio.lookups).toHaveLength(2);
    expect(textsTo(TEAM_PHONE)).toHaveLength(1);
    expect(textsTo(HOMEOWNER_PHONE)).toHaveLength(1);
    for (const row of await store.deliveries(lead.id)) {
      expect(row.last_error).toMatch(
        /^sent: the attempt before recorded no outcome, and Twilio lists no such text since \d{4}-/,
      );
    }
  });

  it("does not count a different text to the same number from the same sender", async () => {
    const { channels, deliverer } = setup();
    const earlier = await leadWithTexts();
    await deliverer.deliverLead(earlier.id);
    const lead = await leadWithTexts();
    await store.query("update public.leads set address = '9 Other St' where id = $1", [lead.id]);
    await crashMidAttempt(lead.id, channels, false);
    await leaseRunsOut(lead.id);

    expect(await deliverer.deliverDue()).toMatchObject({ sent: 2 });
    expect(services.twilio.lookups).toHaveLength(2);
    expect(textsTo(TEAM_PHONE).map((text) => text.body)).toEqual([
      expect.stringContaining("1 Elm St"),
      expect.stringContaining("9 Other St"),
    ]);
  });

  it("is sent again when Twilio's list cannot be read, and says so", async () => {
    const { channels, deliverer } = setup();
    const lead = await leadWithTexts();
    await crashMidAttempt(lead.id, channels, true);
    await leaseRunsOut(lead.id);
    services.twilio.failNextLookups(2);

    expect(await deliverer.deliverDue()).toMatchObject({ sent: 2 });
    // A second text is better than none.
    expect(textsTo(TEAM_PHONE)).toHaveLength(2);
    for (const row of await store.deliveries(lead.id)) {
      expect(row.last_error).toBe(
        "sent again: the attempt before recorded no outcome, and Twilio's list could not be read (500 from Twilio's list of messages: Internal Server Error (code 20500))",
      );
    }
  });

  it("is found by its Messaging Service when that is the sender, whose numbers are its own", async () => {
    const service = `MG${"0123456789abcdef".repeat(2)}`;
    const { channels, deliverer } = setup({ TWILIO_FROM: service });
    const lead = await leadWithTexts();
    await crashMidAttempt(lead.id, channels, true);
    await leaseRunsOut(lead.id);

    expect(await deliverer.deliverDue()).toMatchObject({ sent: 2 });
    expect(services.twilio.requests).toHaveLength(2);
    expect(services.twilio.requests.every((text) => text.messagingServiceSid === service)).toBe(
      true,
    );
    for (const query of services.twilio.lookups) expect(query.has("From")).toBe(false);
    for (const row of await store.deliveries(lead.id)) {
      expect(row.last_error).toMatch(/^not sent again: /);
    }
  });

  it("is sent without a look when the attempt before recorded its outcome", async () => {
    const { deliverer } = setup();
    const lead = await leadWithTexts();
    services.twilio.failNext(2, 503);
    await deliverer.deliverLead(lead.id);

    expect(services.twilio.lookups).toEqual([]);
    expect(textsTo(TEAM_PHONE)).toHaveLength(1);
    expect((await store.deliveries(lead.id)).map((row) => row.last_error)).toEqual([
      expect.stringMatching(/^503 from Twilio/),
      expect.stringMatching(/^503 from Twilio/),
    ]);
  });
});

describe("the escalation", () => {
  const ESCALATE_TO = "owner@example.com, (614) 555-0188";

  /** A lead with its escalation planned (an e-mail and a text), as the maintenance run plans it. */
  async function escalated(config: ReturnType<typeof setup>["config"]) {
    const lead = leadFixture({ id: crypto.randomUUID() });
    await store.insert(lead);
    expect(await store.addDeliveries(lead.id, await planEscalation(lead.id, config))).toBe(2);
    return lead;
  }

  it("is skipped when the lead was marked contacted after it was planned, and nothing reaches Resend or Twilio", async () => {
    const { config, deliverer } = setup({ LEADS_ESCALATE_TO: ESCALATE_TO });
    const lead = await escalated(config);
    const contacted = await store.recordStatus(lead.id, "contacted");

    expect(await deliverer.deliverDue()).toMatchObject({ skipped: 2, sent: 0 });
    expect(services.resend.requests).toEqual([]);
    expect(services.twilio.requests).toEqual([]);
    for (const row of await store.deliveries(lead.id)) {
      expect(row).toMatchObject({
        channel: "escalation",
        status: "skipped",
        last_error: `the lead was marked contacted at ${contacted.changed_at}`,
      });
    }
  });

  it("is skipped on a retry and after --redeliver once the lead was contacted, and sent while it is new", async () => {
    const { config, deliverer } = setup({ LEADS_ESCALATE_TO: ESCALATE_TO });
    const lead = await escalated(config);
    // The e-mail answered 500 twice (it waits 5 minutes now); the text refused for good.
    services.resend.failNext(2, 500);
    services.twilio.failNext(1, 401);
    await deliverer.deliverLead(lead.id);
    const tried = services.resend.requests.length + services.twilio.requests.length;
    expect(tried).toBe(3);
    const byDestination = async () =>
      Object.fromEntries(
        (await store.deliveries(lead.id)).map((row) => [row.destination, row.status]),
      );
    expect(await byDestination()).toEqual({
      "owner@example.com": "pending",
      "+16145550188": "failed",
    });

    await store.recordStatus(lead.id, "contacted");
    expect(await store.redeliver(lead.id)).toBe(1);
    await store.query(
      "update public.lead_deliveries set next_attempt_at = now() where lead_id = $1",
      [lead.id],
    );
    expect(await deliverer.deliverDue()).toMatchObject({ skipped: 2 });
    expect(services.resend.requests.length + services.twilio.requests.length).toBe(tried);
    expect(await byDestination()).toEqual({
      "owner@example.com": "skipped",
      "+16145550188": "skipped",
    });

    // Marked new again (a status taken back): the alert is due once more, and goes.
    await store.recordStatus(lead.id, "new");
    await store.query(
      "update public.lead_deliveries set status = 'pending', next_attempt_at = now() where lead_id = $1",
      [lead.id],
    );
    expect(await deliverer.deliverDue()).toMatchObject({ sent: 2 });
  });
});
