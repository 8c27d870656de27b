import { readLeadConfig } from "../config/lead-config.ts";
import { CHANNELS, META_LIFETIME_SECONDS } from "../store/channels.ts";
import { leadFixture } from "../store/lead-test-kit.ts";
import type { PlannedDelivery, StatusChange } from "../store/rows.ts";
import { planEscalation, planNewLead, planStatusChange } from "./plan.ts";

/** Every channel switched on, as the function's environment would have it. */
const EVERYTHING: Record<string, string> = {
  RESEND_API_KEY: "re_test_key",
  LEADS_NOTIFY_TO: "team@example.com, owner@example.com",
  LEADS_NOTIFY_FROM: "Quick Home Buyers <site@example.com>",
  LEADS_CONFIRM_FROM: "Quick Home Buyers <offers@example.com>",
  TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
  TWILIO_AUTH_TOKEN: "test_twilio_auth_token",
  TWILIO_FROM: "+16145550199",
  LEADS_ALERT_SMS_TO: "(614) 555-0177, +1 614 555 0178",
  LEADS_CONFIRM_SMS: "1",
  LEADS_WEBHOOK_URL: "https://crm.example/hooks/leads,https://automation.example/in",
  LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
  META_DATASET_ID: "123456789012345",
  META_ACCESS_TOKEN: "EAAtest_meta_token",
  LEADS_ESCALATE_TO: "owner@example.com, (614) 555-0188",
  LEADS_ESCALATE_AFTER_MINUTES: "20",
};

/** The configuration from these settings alone. */
const configFrom = (env: Record<string, string>) =>
  readLeadConfig((name) => env[name], { onSupabase: false });

/** Everything but the named settings. */
const without = (...names: string[]) =>
  configFrom(Object.fromEntries(Object.entries(EVERYTHING).filter(([n]) => !names.includes(n))));

const lead = leadFixture({
  id: "6f1d7c2a-9b0e-4c3d-8e2f-1a2b3c4d5e6f",
  email: " Pat@Example.com ",
  phone: "(614) 555-0100",
});
const texts = { texts: true };
const NOW = new Date("2026-11-23T14:03:11.201Z");

/** "channel destination" for each planned delivery, sorted. */
const summary = (plans: PlannedDelivery[]) =>
  plans.map((plan) => `${plan.channel} ${plan.destination}`).sort();

describe("planNewLead", () => {
  it("with no provider plans the team's e-mail to the log, and nothing else", async () => {
    const plans = await planNewLead(lead, texts, configFrom({}), NOW);
    expect(plans).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        channel: "team_email",
        event: "lead.created",
        destination: "log",
        payload: {},
        lifetimeSeconds: CHANNELS.team_email.lifetimeSeconds,
        onceKey: null,
        status: "pending",
        note: null,
      },
    ]);
  });

  it("with every channel on plans one delivery per destination", async () => {
    const plans = await planNewLead(lead, texts, configFrom(EVERYTHING), NOW);
    expect(summary(plans)).toEqual([
      "confirm_email pat@example.com",
      "confirm_sms +16145550100",
      "meta 123456789012345",
      "team_email team@example.com, owner@example.com",
      "team_sms +16145550177",
      "team_sms +16145550178",
      "webhook https://automation.example/in",
      "webhook https://crm.example/hooks/leads",
    ]);
    expect(new Set(plans.map((plan) => plan.event))).toEqual(new Set(["lead.created"]));
    expect(new Set(plans.map((plan) => plan.status))).toEqual(new Set(["pending"]));
    expect(new Set(plans.map((plan) => plan.id)).size).toBe(plans.length);
  });

  it("plans the same ids when planned again, and other ids for another lead", async () => {
    const config = configFrom(EVERYTHING);
    const ids = async (planned: Promise<PlannedDelivery[]>) =>
      (await planned).map((plan) => plan.id).sort();
    const first = await ids(planNewLead(lead, texts, config, NOW));
    expect(await ids(planNewLead(lead, texts, config, NOW))).toEqual(first);
    const other = await ids(
      planNewLead({ ...lead, id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }, texts, config, NOW),
    );
    expect(other.filter((id) => first.includes(id))).toEqual([]);
  });

  it("gives Meta's event Meta's 7-day lifetime and every other channel its own", async () => {
    const plans = await planNewLead(lead, texts, configFrom(EVERYTHING), NOW);
    for (const plan of plans) {
      expect(plan.lifetimeSeconds).toBe(CHANNELS[plan.channel].lifetimeSeconds);
    }
    const meta = plans.find((plan) => plan.channel === "meta")!;
    expect(meta.lifetimeSeconds).toBe(META_LIFETIME_SECONDS);
    // Meta refuses an event more than 7 days old: it is given up before then.
    expect(meta.lifetimeSeconds).toBeLessThan(7 * 86_400);
  });

  it("never plans Meta's event for a browser that sent Global Privacy Control", async () => {
    const plans = await planNewLead({ ...lead, gpc: true }, texts, configFrom(EVERYTHING), NOW);
    expect(plans.map((plan) => plan.channel)).not.toContain("meta");
    // The rest is planned as for anyone else.
    expect(plans).toHaveLength(7);
  });

  it("keys the homeowner's confirmations by channel, address and UTC day", async () => {
    const plans = await planNewLead(lead, texts, configFrom(EVERYTHING), NOW);
    const onceKeys = Object.fromEntries(plans.map((plan) => [plan.channel, plan.onceKey]));
    expect(onceKeys).toEqual({
      team_email: null,
      team_sms: null,
      webhook: null,
      meta: null,
      confirm_email: "confirm_email:pat@example.com:2026-11-23",
      confirm_sms: "confirm_sms:+16145550100:2026-11-23",
    });
    const nextDay = await planNewLead(
      lead,
      texts,
      configFrom(EVERYTHING),
      new Date("2026-11-24T00:00:01Z"),
    );
    expect(nextDay.find((plan) => plan.channel === "confirm_email")!.onceKey).toBe(
      "confirm_email:pat@example.com:2026-11-24",
    );
  });

  it("plans no confirmation e-mail without LEADS_CONFIRM_FROM", async () => {
    const plans = await planNewLead(lead, texts, without("LEADS_CONFIRM_FROM"), NOW);
    expect(plans.map((plan) => plan.channel)).not.toContain("confirm_email");
  });

  it.each<[string, Parameters<typeof planNewLead>[1], string | null]>([
    ["the box for texts was not ticked", { texts: false }, "(614) 555-0100"],
    ["there is no consent record", null, "(614) 555-0100"],
    ["there is no phone", texts, null],
    ["the phone is no number", texts, "call me"],
  ])("plans no confirmation text when %s", async (_, consent, phone) => {
    const plans = await planNewLead({ ...lead, phone }, consent, configFrom(EVERYTHING), NOW);
    expect(plans.map((plan) => plan.channel)).not.toContain("confirm_sms");
    expect(plans.map((plan) => plan.channel)).toContain("confirm_email");
  });

  it.each([
    ["a premium-rate number", "(900) 555-0199"],
    ["a toll-free number", "1-800-555-0199"],
    ["a number outside the US", "+44 20 7946 0958"],
    ["a Canadian number", "(416) 555-0123"],
    ["a desk phone's extension", "614-555-0177 ext 2"],
    ["two numbers", "(614) 555-0123 or (900) 555-0199"],
  ])("plans no confirmation text to %s, and the e-mail as ever", async (_, phone) => {
    const plans = await planNewLead({ ...lead, phone }, texts, configFrom(EVERYTHING), NOW);
    expect(plans.map((plan) => plan.channel)).not.toContain("confirm_sms");
    expect(plans.map((plan) => plan.channel)).toContain("confirm_email");
    expect(summary(plans)).toContain("team_sms +16145550177");
  });

  it.each([
    ["a US mobile-or-landline number", "614.555.0123 cell", "+16145550123"],
    ["a Puerto Rico number", "+1 (787) 555-0123", "+17875550123"],
  ])("plans the confirmation text to %s", async (_, phone, e164) => {
    const plans = await planNewLead({ ...lead, phone }, texts, configFrom(EVERYTHING), NOW);
    expect(summary(plans)).toContain(`confirm_sms ${e164}`);
  });

  it("plans neither confirmation for an e-mail whose domain imitates another's", async () => {
    // A Cyrillic "а" in "gmаil".
    const doubted = { ...lead, email: "pat@gm\u0430il.com" };
    const plans = await planNewLead(doubted, texts, configFrom(EVERYTHING), NOW);
    const channels = plans.map((plan) => plan.channel);
    expect(channels).not.toContain("confirm_email");
    expect(channels).not.toContain("confirm_sms");
    // The team still hears of the lead.
    expect(channels).toContain("team_email");
  });

  it("plans no confirmation text without LEADS_CONFIRM_SMS, though the box was ticked", async () => {
    const plans = await planNewLead(lead, texts, without("LEADS_CONFIRM_SMS"), NOW);
    expect(plans.map((plan) => plan.channel)).not.toContain("confirm_sms");
    expect(summary(plans)).toContain("team_sms +16145550177");
  });

  it("plans nothing for a lead held as spam", async () => {
    const spam = { ...lead, spam_reason: "the hidden field was filled in" };
    expect(await planNewLead(spam, texts, configFrom(EVERYTHING), NOW)).toEqual([]);
    expect(await planNewLead(spam, texts, configFrom({}), NOW)).toEqual([]);
  });
});

describe("planStatusChange", () => {
  const change: StatusChange & { previous_status: string } = {
    id: 42,
    lead_id: lead.id,
    status: "offer_made",
    previous_status: "contacted",
    value: 182_000,
    currency: "USD",
    note: "Cash offer sent",
    changed_at: "2026-11-24T10:00:00.000Z",
  };

  it("plans the change to every webhook, carrying what changed", async () => {
    const plans = await planStatusChange(change, configFrom(EVERYTHING));
    expect(summary(plans)).toEqual([
      "webhook https://automation.example/in",
      "webhook https://crm.example/hooks/leads",
    ]);
    for (const plan of plans) {
      expect(plan).toMatchObject({
        event: "lead.status_changed",
        status: "pending",
        onceKey: null,
        lifetimeSeconds: CHANNELS.webhook.lifetimeSeconds,
        payload: {
          change_id: 42,
          status: "offer_made",
          previous_status: "contacted",
          value: 182_000,
          currency: "USD",
          note: "Cash offer sent",
          changed_at: "2026-11-24T10:00:00.000Z",
        },
      });
    }
  });

  it("plans each change apart from the lead's creation and from the other changes", async () => {
    const config = configFrom(EVERYTHING);
    const created = (await planNewLead(lead, texts, config, NOW)).map((plan) => plan.id);
    const first = (await planStatusChange(change, config)).map((plan) => plan.id);
    const again = (await planStatusChange(change, config)).map((plan) => plan.id);
    const next = (await planStatusChange({ ...change, id: 43 }, config)).map((plan) => plan.id);
    expect(again).toEqual(first);
    expect(new Set([...created, ...first, ...next]).size).toBe(
      created.length + first.length + next.length,
    );
  });

  it("plans nothing without a webhook", async () => {
    expect(
      await planStatusChange(change, without("LEADS_WEBHOOK_URL", "LEADS_WEBHOOK_SECRET")),
    ).toEqual([]);
  });
});

describe("planEscalation", () => {
  it("plans one alert to each of LEADS_ESCALATE_TO, saying after how long", async () => {
    const plans = await planEscalation(lead.id, configFrom(EVERYTHING));
    expect(summary(plans)).toEqual(["escalation +16145550188", "escalation owner@example.com"]);
    for (const plan of plans) {
      expect(plan).toMatchObject({
        event: "lead.escalated",
        status: "pending",
        payload: { after_minutes: 20 },
        lifetimeSeconds: CHANNELS.escalation.lifetimeSeconds,
      });
    }
  });

  it("plans nothing without LEADS_ESCALATE_TO", async () => {
    expect(await planEscalation(lead.id, without("LEADS_ESCALATE_TO"))).toEqual([]);
  });
});
