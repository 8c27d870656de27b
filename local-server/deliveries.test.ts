import { readFileSync } from "node:fs";
import path from "node:path";

import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

import { FAKE_TWILIO, inboundText, type FakeServices } from "../scripts/fake-services.ts";
import type { DeliveryRow } from "../supabase/functions/_shared/store/rows.ts";
import { readLeadConfig } from "../supabase/functions/_shared/config/lead-config.ts";
import { createLeadHandler } from "../supabase/functions/_shared/handler/lead-handler.ts";
import {
  fastForwardSleep,
  leadRequestFixture,
  type TestStore,
} from "../supabase/functions/_shared/store/lead-test-kit.ts";
import {
  formPost,
  FUNCTION_URL,
  SITE,
} from "../supabase/functions/_shared/handler/handler-test-kit.ts";
import { fakesAndStoreForEachTest } from "./local-test-kit.ts";

jest.setTimeout(120_000);

const schema = JSON.parse(
  readFileSync(
    path.resolve("supabase/functions/_shared/delivery/providers/lead-event.v2.schema.json"),
    "utf8",
  ),
) as object;
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validEvent = ajv.compile(schema);

let services: FakeServices;
let store: TestStore;
const logs: string[] = [];
/** Each wait the deliverer asked for, in milliseconds. */
const waits: number[] = [];

/** The deliverer's clock (store/lead-test-kit.ts): each wait moves the due times instead. */
const sleep = (ms: number) => fastForwardSleep(store, waits)(ms);

fakesAndStoreForEachTest((started, opened) => {
  [services, store] = [started, opened];
});
beforeEach(() => {
  logs.length = 0;
  waits.length = 0;
});

/** The function over the test store, every channel pointed at the fakes; `env` adds or unsets settings. */
function setup(env: Record<string, string> = {}) {
  const deferred: Promise<unknown>[] = [];
  const config = readLeadConfig((name) => ({ ...services.env, ...env })[name] || undefined, {
    onSupabase: false,
  });
  const fn = createLeadHandler({
    config: { ...config, rateLimit: null, allowedOrigins: [SITE] },
    store,
    defer: (work) => deferred.push(work),
    log: (line) => logs.push(line),
    sleep,
  });
  return {
    ...fn,
    /** Waits for what the function does after answering (a lead kept while the store is down). */
    settle: () => Promise.all(deferred),
    /** Posts the request and waits for what the function does after answering. */
    async send(body: unknown, headers: Record<string, string> = {}) {
      const response = await fn.handle(
        new Request(FUNCTION_URL, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        }),
        { remoteAddr: { hostname: "203.0.113.7" } },
      );
      await Promise.all(deferred);
      return response;
    },
  };
}

/** A request from a homeowner who asked for a call and ticked the box for texts. */
function request(overrides: Record<string, unknown> = {}) {
  return leadRequestFixture({
    id: crypto.randomUUID(),
    consent: {
      version: "2026-11-25",
      at: new Date().toISOString(),
      calls: true,
      texts: true,
    },
    ...overrides,
  });
}

const deliveries = (leadId?: string): Promise<DeliveryRow[]> => store.deliveries(leadId ?? null);

describe("one lead", () => {
  it("produces each configured delivery once, right after the answer", async () => {
    const { send } = setup();
    const body = request();
    expect((await send(body)).status).toBe(200);

    const rows = await deliveries(body.id);
    expect(rows.map((row) => `${row.channel} ${row.status}`).sort()).toEqual([
      "confirm_email sent",
      "confirm_sms sent",
      "meta sent",
      "team_email sent",
      "team_sms sent",
      "webhook sent",
    ]);
    // Two e-mails: the team's and the homeowner's confirmation, each keyed by its delivery.
    const mails = services.resend.delivered();
    expect(mails.map((mail) => mail.body.to).sort()).toEqual([
      ["pat@example.com"],
      ["team@example.com"],
    ]);
    expect(new Set(mails.map((mail) => mail.idempotencyKey))).toEqual(
      new Set(rows.filter((row) => row.channel.endsWith("email")).map((row) => row.id)),
    );
    const confirmation = mails.find((mail) => mail.body.to[0] === "pat@example.com")!.body;
    expect(confirmation.subject).toBe(
      "We received your request for 123 Main St, Columbus, OH 43004",
    );
    expect(confirmation.text).toContain("Call requested: yes, at (614) 555-0100");
    expect(confirmation.text).toContain(
      "We will call you at (614) 555-0100 within 24 hours with a cash offer",
    );
    expect(confirmation.text).toContain(
      "To correct a detail, reply to this e-mail or call us at (614) 555-0142.",
    );
    expect(confirmation.reply_to).toBe("offers@quickhomebuyers.com");

    // Two texts: the team's alert, and the homeowner's with the brand and how to stop.
    const texts = services.twilio.requests;
    expect(texts.map((text) => [text.to, text.status])).toEqual(
      expect.arrayContaining([
        ["+16145550177", 201],
        ["+16145550100", 201],
      ]),
    );
    expect(texts).toHaveLength(2);
    const alert = texts.find((text) => text.to === "+16145550177")!.body;
    expect(alert).toBe(
      "New lead: 123 Main St, Columbus, OH 43004 (Needs Work) Ohio Call requested: (614) 555-0100. Email pat@example.com. From Google Ads, ohio-probate.",
    );
    const homeowner = texts.find((text) => text.to === "+16145550100")!.body;
    expect(homeowner).toMatch(/^Quick Home Buyers: /);
    expect(homeowner).toMatch(/Reply STOP to opt out\.$/);

    // The CRM got one signed event whose body the published schema accepts.
    const [hook] = services.webhook.processed();
    expect(services.webhook.requests).toHaveLength(1);
    expect(hook).toMatchObject({
      verified: true,
      id: rows.find((row) => row.channel === "webhook")!.id,
    });
    expect(validEvent(hook!.body)).toBe(true);
    expect(hook!.body).toMatchObject({
      type: "lead.created",
      data: {
        lead_id: body.id,
        call_requested: true,
        texts_agreed: true,
        phone_e164: "+16145550100",
        channel: "Google Ads",
        campaign: "ohio-probate",
        first_landing_page: "/blog",
        status: "new",
      },
    });
    expect(services.meta.requests.map((event) => event.body.data[0]!.event_id)).toEqual([body.id]);
  });

  it("held as spam produces none", async () => {
    const { send } = setup();
    const body = request({ website: "https://spam.example" });
    expect((await send(body)).status).toBe(200);
    expect(await deliveries(body.id)).toEqual([]);
    for (const fake of [services.resend, services.twilio, services.meta, services.webhook]) {
      expect(fake.requests).toHaveLength(0);
    }
  });

  it("without any provider is logged once, and listed as logged only, never as sent", async () => {
    const { send } = setup({
      RESEND_API_KEY: "",
      LEADS_CONFIRM_FROM: "",
      TWILIO_ACCOUNT_SID: "",
      TWILIO_AUTH_TOKEN: "",
      TWILIO_FROM: "",
      LEADS_ALERT_SMS_TO: "",
      LEADS_CONFIRM_SMS: "",
      LEADS_WEBHOOK_URL: "",
      LEADS_WEBHOOK_SECRET: "",
      META_DATASET_ID: "",
      META_ACCESS_TOKEN: "",
    });
    const body = request();
    await send(body);
    expect(
      (await deliveries(body.id)).map((row) => [row.channel, row.destination, row.status]),
    ).toEqual([["team_email", "log", "logged"]]);
    expect(logs.filter((line) => line.startsWith("New lead "))).toHaveLength(1);
  });
});

describe("retries", () => {
  it("sends a webhook the receiver answered 500 again within seconds, with the same webhook-id", async () => {
    const { send } = setup();
    services.webhook.failNext(1, 500);
    const body = request();
    await send(body);

    const attempts = services.webhook.requests;
    expect(attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
    expect(attempts[0]!.id).toBe(attempts[1]!.id);
    expect(services.webhook.processed()).toHaveLength(1);
    // The first retry is waited out after the answer, as Standard Webhooks' schedule has it
    // (5 s), not left to the retry runs: the second attempt came before send() returned.
    expect(waits).toEqual([5_000]);
    const [row] = (await deliveries(body.id)).filter((delivery) => delivery.channel === "webhook");
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_status: 200 });
  });

  it("keeps a delivery whose receiver is busy for the retry runs, after its Retry-After, and then sends it once", async () => {
    const { send, runMaintenance } = setup();
    services.webhook.failNext(1, 503, "600");
    const body = request();
    await send(body);
    const [row] = (await deliveries(body.id)).filter((delivery) => delivery.channel === "webhook");
    // Not waited out in place: the receiver asked for 10 minutes, later than the schedule's 5 s.
    expect(waits).toEqual([]);
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_status: 503 });
    expect(row!.last_error).toBe('503 from the webhook: {"message":"fake outage"}');
    const wait = (Date.parse(row!.next_attempt_at) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(590);

    // A retry run before then leaves it alone.
    expect((await runMaintenance()).deliveries).toMatchObject({ sent: 0, retrying: 0 });
    expect(services.webhook.requests).toHaveLength(1);
    await store.query("update public.lead_deliveries set next_attempt_at = now() where id = $1", [
      row!.id,
    ]);
    expect((await runMaintenance()).deliveries).toMatchObject({ sent: 1 });
    expect(services.webhook.processed()).toHaveLength(1);
    expect((await runMaintenance()).deliveries.sent).toBe(0);
  });

  it("ends a delivery refused for good (401, 410) with its error, and gives up when its time is up", async () => {
    const { send, runMaintenance } = setup();
    services.webhook.failNext(1, 410);
    services.twilio.failNext(2, 401);
    const body = request();
    await send(body);
    const byChannel = Object.fromEntries(
      (await deliveries(body.id)).map((row) => [`${row.channel}:${row.destination}`, row]),
    );
    expect(byChannel[`webhook:${services.env.LEADS_WEBHOOK_URL}`]).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: '410 from the webhook: {"message":"fake outage"}',
    });
    expect(byChannel["team_sms:+16145550177"]).toMatchObject({ status: "failed", attempts: 1 });
    expect(byChannel["team_sms:+16145550177"]!.last_error).toMatch(/^401 from Twilio: /);

    const meta = byChannel[`meta:${services.env.META_DATASET_ID}`]!;
    services.meta.failNext(1, 500);
    await store.query(
      "update public.lead_deliveries set status = 'pending', give_up_at = now() where id = $1",
      [meta.id],
    );
    await runMaintenance();
    expect((await deliveries(body.id)).find((row) => row.id === meta.id)).toMatchObject({
      status: "failed",
      last_error: expect.stringMatching(/^gave up after 2 attempts: 500 from Meta/),
    });
  });
});

describe("the homeowner's confirmation", () => {
  it("goes once a day to one address: a second lead the same day gets none", async () => {
    const { send } = setup();
    const first = request();
    const second = request({ address: "9 Lake Rd", email: "PAT@example.com " });
    await send(first);
    await send(second);
    const confirmations = services.resend
      .delivered()
      .filter((mail) => mail.body.to[0] !== "team@example.com");
    expect(confirmations).toHaveLength(1);
    const [row] = (await deliveries(second.id)).filter(
      (delivery) => delivery.channel === "confirm_email",
    );
    expect(row).toMatchObject({
      status: "skipped",
      last_error: "a confirmation already went to this address in the last 24 hours",
    });
    // The team hears of both.
    expect(
      services.resend.delivered().filter((mail) => mail.body.to[0] === "team@example.com"),
    ).toHaveLength(2);
  });

  it("never goes to an address or a phone that opted out", async () => {
    const { send } = setup();
    await store.recordOptOut("pat@example.com", "email");
    await store.recordOptOut("614.555.0100 cell", "texts");
    const body = request();
    await send(body);
    const rows = await deliveries(body.id);
    expect(rows.find((row) => row.channel === "confirm_email")).toMatchObject({
      status: "skipped",
      last_error: expect.stringMatching(/^opted out of e-mail on \d{4}-\d\d-\d\d$/),
    });
    expect(rows.find((row) => row.channel === "confirm_sms")).toMatchObject({ status: "skipped" });
    expect(services.resend.delivered().map((mail) => mail.body.to)).toEqual([["team@example.com"]]);
    expect(services.twilio.requests.map((text) => text.to)).toEqual(["+16145550177"]);
  });

  it("is texted only when the box for texts was ticked in a wording that had it", async () => {
    const { send } = setup();
    const older = request({
      consent: { version: "2026-11-23", at: new Date().toISOString(), calls: true, texts: true },
    });
    const unticked = request({
      email: "lee@example.com",
      consent: { version: "2026-11-25", at: new Date().toISOString(), calls: true },
    });
    await send(older);
    await send(unticked);
    expect(services.twilio.requests.map((text) => text.to)).toEqual([
      "+16145550177",
      "+16145550177",
    ]);
    const [olderLead] = (await store.list()).filter((lead) => lead.id === older.id);
    expect(olderLead!.intake_notes).toContain(
      'consent.texts: not recorded as agreed: wording version "2026-11-23" had no box for texts.',
    );
  });
});

describe("texts people send back", () => {
  const inboundUrl = `${FUNCTION_URL}/sms-inbound`;

  it("records a signed STOP as an opt-out of texts, refuses an unsigned one, and answers HELP", async () => {
    const { handle, send } = setup();
    const unsigned = await handle(
      inboundText(inboundUrl, { From: "+16145550100", Body: "STOP" }, { signed: false }),
    );
    expect(unsigned.status).toBe(403);
    const forged = await handle(
      inboundText(
        inboundUrl,
        { From: "+16145550100", Body: "STOP" },
        { authToken: "not-the-token" },
      ),
    );
    expect(forged.status).toBe(403);
    expect(await store.optOuts()).toEqual([]);

    const stop = await handle(inboundText(inboundUrl, { From: "+16145550100", Body: " stop " }));
    expect(stop.status).toBe(200);
    expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await store.optOuts()).toMatchObject([
      { contact: "+16145550100", channel: "texts", action: "opt_out" },
    ]);

    // The homeowner's confirmation text is not sent to that number now; the e-mail still is.
    const body = request();
    await send(body);
    expect((await deliveries(body.id)).find((row) => row.channel === "confirm_sms")).toMatchObject({
      status: "skipped",
    });

    const help = await handle(inboundText(inboundUrl, { From: "+16145550100", Body: "HELP" }));
    expect(await help.text()).toContain(
      "<Message>Quick Home Buyers: texts about your cash offer request. Help: call (614) 555-0142 or e-mail offers@quickhomebuyers.com. Msg &amp; data rates may apply. Reply STOP to opt out.</Message>",
    );

    await handle(inboundText(inboundUrl, { From: "+16145550100", Body: "START" }));
    expect((await store.optOuts()).map((row) => row.action)).toEqual(["opt_out", "opt_in"]);
    const again = request({ email: "pat2@example.com" });
    await send(again);
    expect((await deliveries(again.id)).find((row) => row.channel === "confirm_sms")).toMatchObject(
      {
        status: "sent",
      },
    );
  });

  it("refuses a text signed for another account", async () => {
    const { handle } = setup();
    const response = await handle(
      inboundText(
        `${FUNCTION_URL}/sms-inbound`,
        { From: "+16145550100", Body: "STOP" },
        {
          accountSid: `AC${"f".repeat(32)}`,
        },
      ),
    );
    expect(response.status).toBe(403);
    expect(FAKE_TWILIO.accountSid).not.toBe(`AC${"f".repeat(32)}`);
  });
});

describe("a status the operator records", () => {
  it("goes to the webhooks as lead.status_changed, once", async () => {
    const { send, runMaintenance } = setup();
    const body = request();
    await send(body);
    await store.recordStatus(body.id, "contacted", { note: "Left a voicemail" });
    expect((await runMaintenance()).announced).toBe(1);
    expect((await runMaintenance()).announced).toBe(0);
    const events = services.webhook.processed().map((hook) => hook.body!);
    expect(events.map((event) => event.type)).toEqual(["lead.created", "lead.status_changed"]);
    expect(events[1]!.data).toMatchObject({
      status: "contacted",
      previous_status: "new",
      status_note: "Left a voicemail",
    });
    expect(validEvent(events[1])).toBe(true);
  });
});

describe("a lead nobody contacts", () => {
  it("is escalated once, LEADS_ESCALATE_AFTER_MINUTES after it arrived, and not once it was contacted", async () => {
    const { send, runMaintenance } = setup({
      LEADS_ESCALATE_TO: "owner@example.com, (614) 555-0188",
      LEADS_ESCALATE_AFTER_MINUTES: "15",
    });
    const waiting = request();
    const called = request({ email: "called@example.com" });
    await send(waiting);
    await send(called);
    await store.recordStatus(called.id, "contacted");
    expect((await runMaintenance()).escalated).toBe(0);

    await store.query("update public.leads set created_at = now() - interval '16 minutes'");
    expect((await runMaintenance()).escalated).toBe(1);
    expect((await runMaintenance()).escalated).toBe(0);
    const escalations = (await deliveries()).filter((row) => row.channel === "escalation");
    expect(escalations.map((row) => [row.lead_id, row.destination, row.status])).toEqual(
      expect.arrayContaining([
        [waiting.id, "owner@example.com", "sent"],
        [waiting.id, "+16145550188", "sent"],
      ]),
    );
    expect(escalations).toHaveLength(2);
    expect(services.twilio.requests.filter((text) => text.to === "+16145550188")[0]!.body).toMatch(
      /^Not contacted after 15 min: 123 Main St/,
    );
  });
});

describe("while the store is down", () => {
  const fields = {
    address: "5 Down St",
    condition: "Fair",
    email: "down@example.com",
    source: "/",
  };

  afterEach(() => {
    store.failing = false;
  });

  it("a form post no team channel took lands on the not-sent page: a log line does not count", async () => {
    const { handle } = setup({
      RESEND_API_KEY: "",
      LEADS_CONFIRM_FROM: "",
      LEADS_WEBHOOK_URL: "",
      LEADS_WEBHOOK_SECRET: "",
      LEADS_ALERT_SMS_TO: "",
    });
    store.failing = true;
    const response = await handle(formPost(fields));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/offer-not-sent/unavailable`);
    expect(logs.some((line) => line.startsWith("New lead "))).toBe(true);
  });

  it("a form post the team's e-mail took is received; with the webhook down too, still received", async () => {
    const { handle, settle } = setup();
    services.webhook.failNext(1, 500);
    store.failing = true;
    const response = await handle(formPost(fields));
    await settle();
    expect(response.headers.get("location")).toBe(`${SITE}/offer-received`);
    expect(services.resend.delivered().map((mail) => mail.body.to)).toEqual([["team@example.com"]]);
    // Nothing for the homeowner or Meta without a stored lead to check rules against.
    expect(services.meta.requests).toHaveLength(0);
  });

  it("tells the page which deliveries went out, and they are stored as sent, not sent twice", async () => {
    const { send } = setup();
    services.webhook.failNext(1, 500);
    store.failing = true;
    const body = request();
    const down = await send(body);
    expect(down.status).toBe(503);
    const { notified } = (await down.json()) as { notified: { ids: string[]; sig: string } };
    expect(notified.ids).toHaveLength(2); // the team's e-mail and text; the webhook failed

    store.failing = false;
    expect((await send({ ...body, notified })).status).toBe(200);
    const rows = await deliveries(body.id);
    expect(
      rows
        .filter((row) => notified.ids.includes(row.id))
        .map((row) => [row.channel, row.status, row.last_error]),
    ).toEqual(
      expect.arrayContaining([
        ["team_email", "sent", "sent while the store was down, before the lead was stored"],
        ["team_sms", "sent", "sent while the store was down, before the lead was stored"],
      ]),
    );
    expect(
      services.resend.delivered().filter((mail) => mail.body.to[0] === "team@example.com"),
    ).toHaveLength(1);
    expect(services.twilio.requests.filter((text) => text.to === "+16145550177")).toHaveLength(1);
    // The webhook that failed during the outage went out once the lead was stored.
    expect(services.webhook.processed()).toHaveLength(1);
  });
});
