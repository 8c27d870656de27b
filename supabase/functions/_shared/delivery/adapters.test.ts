import http from "node:http";
import type { AddressInfo } from "node:net";

import { readLeadConfig } from "../config/lead-config.ts";
import type { DeliveryChannel } from "../store/channels.ts";
import type { ClaimedDelivery } from "../store/lead-store.ts";
import { leadRowFixture, openTestStore, type TestStore } from "../store/lead-test-kit.ts";
import type { LeadRow, OptOut } from "../store/rows.ts";
import { createChannels } from "./adapters.ts";
import { planDelivery, type AttemptResult } from "./outbox.ts";

// The store's part boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

type Service = "resend" | "twilio" | "meta" | "webhook";
type Received = { service: Service; headers: http.IncomingHttpHeaders; body: string };

/** What each provider answers when it takes a request. */
const TAKEN: Record<Service, { status: number; body: object }> = {
  resend: { status: 200, body: { id: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" } },
  twilio: { status: 201, body: { sid: `SM${"0".repeat(32)}`, status: "queued" } },
  meta: { status: 200, body: { events_received: 1, messages: [], fbtrace_id: "test" } },
  webhook: { status: 200, body: { ok: true } },
};

/** The provider a path belongs to, as each one's API names its paths. */
function serviceOf(path: string): Service | null {
  if (path === "/emails") return "resend";
  if (/^\/2010-04-01\/Accounts\/AC\w+\/Messages\.json$/.test(path)) return "twilio";
  if (/^\/v\d+\.\d+\/\d+\/events$/.test(path)) return "meta";
  if (path === "/hooks/leads") return "webhook";
  return null;
}

/**
 * One loopback server in place of every provider, told apart by path (the function's
 * folder may import nothing from outside it, so not scripts/fake-services.ts): it keeps
 * what it was sent and takes it, unless a status was queued for the next request.
 */
const received: Received[] = [];
const nextStatuses: number[] = [];
const server = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (body += chunk));
  req.on("end", () => {
    const service = serviceOf(req.url ?? "");
    if (!service) {
      res.writeHead(404).end();
      return;
    }
    received.push({ service, headers: req.headers, body });
    const status = nextStatuses.shift() ?? TAKEN[service].status;
    const answer = status === TAKEN[service].status ? TAKEN[service].body : { message: "outage" };
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
  });
});

/** The requests one provider was sent. */
const sentTo = (service: Service) => received.filter((request) => request.service === service);
/** Who each text went to. */
const textedTo = () => sentTo("twilio").map(({ body }) => new URLSearchParams(body).get("To"));
/** Who each e-mail went to. */
const mailedTo = () =>
  sentTo("resend").map(({ body }) => (JSON.parse(body) as { to: string[] }).to);

/** Every channel on, each provider at the loopback server. */
let settings: Record<string, string>;
const logs: string[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  settings = {
    RESEND_API_KEY: "re_test_key",
    RESEND_API_URL: `${url}/emails`,
    LEADS_NOTIFY_TO: "team@example.com",
    LEADS_NOTIFY_FROM: "Quick Home Buyers <site@example.com>",
    LEADS_CONFIRM_FROM: "Quick Home Buyers <offers@example.com>",
    TWILIO_ACCOUNT_SID: `AC${"0123456789abcdef".repeat(2)}`,
    TWILIO_AUTH_TOKEN: "test_twilio_auth_token",
    TWILIO_FROM: "+16145550199",
    TWILIO_API_URL: url,
    LEADS_ALERT_SMS_TO: "+16145550177",
    LEADS_CONFIRM_SMS: "1",
    LEADS_WEBHOOK_URL: `${url}/hooks/leads`,
    LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
    META_DATASET_ID: "123456789012345",
    META_ACCESS_TOKEN: "EAAtest_meta_token",
    META_GRAPH_URL: url,
  };
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  nextStatuses.length = 0;
  logs.length = 0;
});

/** The adapters over these settings; `env` adds settings or unsets them (""). */
function channels(env: Record<string, string> = {}) {
  const config = readLeadConfig((name) => ({ ...settings, ...env })[name] || undefined, {
    onSupabase: false,
  });
  return createChannels(config, { log: (line) => logs.push(line) });
}

/** The settings of a provider, unset; and of what needs it. */
const NO_TWILIO = {
  TWILIO_ACCOUNT_SID: "",
  TWILIO_AUTH_TOKEN: "",
  TWILIO_FROM: "",
  LEADS_ALERT_SMS_TO: "",
  LEADS_CONFIRM_SMS: "",
};
const NO_RESEND = { RESEND_API_KEY: "", LEADS_CONFIRM_FROM: "" };

const lead = (overrides: Partial<LeadRow> = {}) =>
  leadRowFixture({
    id: "6f1d7c2a-9b0e-4c3d-8e2f-1a2b3c4d5e6f",
    email: "pat@example.com",
    phone: "(614) 555-0100",
    created_at: new Date().toISOString(),
    ...overrides,
  });

/** Where each channel's delivery goes, as the plan writes it for these settings. */
const destination = (channel: DeliveryChannel): string =>
  ({
    team_email: "team@example.com",
    team_sms: "+16145550177",
    webhook: settings.LEADS_WEBHOOK_URL!,
    meta: settings.META_DATASET_ID!,
    confirm_email: "pat@example.com",
    confirm_sms: "+16145550100",
    escalation: "owner@example.com",
  })[channel];

/** A claimed delivery of the lead on `channel`, as the store hands it to the adapter. */
async function claim(
  channel: DeliveryChannel,
  options: { lead?: LeadRow; optOuts?: OptOut[]; destination?: string } = {},
): Promise<ClaimedDelivery> {
  const row = options.lead ?? lead();
  const planned = await planDelivery(row.id, {
    channel,
    event: channel === "escalation" ? "lead.escalated" : "lead.created",
    destination: options.destination ?? destination(channel),
    ...(channel === "escalation" ? { payload: { after_minutes: 15 } } : {}),
  });
  const now = new Date().toISOString();
  return {
    delivery: {
      ...planned,
      lead_id: row.id,
      status: "sending",
      attempts: 1,
      created_at: now,
      next_attempt_at: now,
      lease_until: now,
      give_up_at: now,
      last_error: null,
      last_status: null,
      sent_at: null,
      once_key: planned.onceKey,
    },
    lead: row,
    consent: null,
    optOuts: options.optOuts ?? [],
  };
}

let optOutId = 0;
const optOut = (
  contact: string,
  channel: OptOut["channel"],
  recorded_at = "2026-11-20T10:00:00.000Z",
  action: OptOut["action"] = "opt_out",
): OptOut => ({ id: ++optOutId, contact, channel, action, recorded_at, note: null });

/** Sends the claim through its channel's adapter. */
async function send(claimed: ClaimedDelivery, env: Record<string, string> = {}) {
  return channels(env)[claimed.delivery.channel](claimed);
}

describe("each channel reaches its provider", () => {
  it.each<[DeliveryChannel, Service]>([
    ["team_email", "resend"],
    ["team_sms", "twilio"],
    ["webhook", "webhook"],
    ["meta", "meta"],
    ["confirm_email", "resend"],
    ["confirm_sms", "twilio"],
  ])("%s is sent to %s", async (channel, service) => {
    expect(await send(await claim(channel))).toEqual({
      outcome: "sent",
      status: TAKEN[service].status,
    });
    expect(received.map((request) => request.service)).toEqual([service]);
  });

  it("each message goes where its delivery says", async () => {
    await send(await claim("team_email"));
    await send(await claim("confirm_email"));
    await send(await claim("team_sms"));
    await send(await claim("confirm_sms"));
    expect(mailedTo()).toEqual([["team@example.com"], ["pat@example.com"]]);
    expect(textedTo()).toEqual(["+16145550177", "+16145550100"]);
  });

  it("an escalation goes to a phone by text and to an address by e-mail", async () => {
    const config = { LEADS_ESCALATE_TO: "owner@example.com, (614) 555-0188" };
    expect(await send(await claim("escalation", { destination: "+16145550188" }), config)).toEqual({
      outcome: "sent",
      status: 201,
    });
    expect(await send(await claim("escalation"), config)).toMatchObject({ outcome: "sent" });
    expect(textedTo()).toEqual(["+16145550188"]);
    expect(mailedTo()).toEqual([["owner@example.com"]]);
  });

  it("the e-mails and the webhook carry the delivery's id, so a receiver knows a repeat", async () => {
    const mail = await claim("team_email");
    const hook = await claim("webhook");
    await send(mail);
    await send(mail);
    await send(hook);
    await send(hook);
    expect(sentTo("resend").map(({ headers }) => headers["idempotency-key"])).toEqual([
      mail.delivery.id,
      mail.delivery.id,
    ]);
    expect(sentTo("webhook").map(({ headers }) => headers["webhook-id"])).toEqual([
      hook.delivery.id,
      hook.delivery.id,
    ]);
  });

  it("the team's e-mail with no e-mail provider goes to the log", async () => {
    expect(await send(await claim("team_email"), NO_RESEND)).toEqual({ outcome: "logged" });
    expect(logs).toEqual([expect.stringMatching(/^New lead /)]);
    expect(received).toEqual([]);
  });

  it("a busy provider is tried again, and one that refuses for good is not", async () => {
    nextStatuses.push(503);
    expect(await send(await claim("webhook"))).toMatchObject({ outcome: "retry", status: 503 });
    nextStatuses.push(410);
    expect(await send(await claim("webhook"))).toMatchObject({ outcome: "failed", status: 410 });
  });
});

describe("opt-outs, checked at the moment of sending", () => {
  it.each<[string, DeliveryChannel, OptOut, string]>([
    [
      "Meta's event, by the e-mail's opt-out of sharing",
      "meta",
      optOut("pat@example.com", "sharing"),
      "pat@example.com opted out of sharing on 2026-11-20",
    ],
    [
      "Meta's event, by the phone's opt-out of everything",
      "meta",
      optOut("+16145550100", "all"),
      "+16145550100 opted out of everything on 2026-11-20",
    ],
    [
      "the confirmation e-mail, by the address's opt-out of e-mail",
      "confirm_email",
      optOut("pat@example.com", "email"),
      "opted out of e-mail on 2026-11-20",
    ],
    [
      "the confirmation text, by the phone's opt-out of texts",
      "confirm_sms",
      optOut("+16145550100", "texts"),
      "opted out of texts on 2026-11-20",
    ],
    [
      "the confirmation text, by the phone's opt-out of everything",
      "confirm_sms",
      optOut("+16145550100", "all"),
      "opted out of texts on 2026-11-20",
    ],
  ])("stop %s", async (_, channel, stop, reason) => {
    expect(await send(await claim(channel, { optOuts: [stop] }))).toEqual<AttemptResult>({
      outcome: "skipped",
      reason,
    });
    expect(received).toEqual([]);
  });

  it("an opt-out taken back later (START after STOP) no longer stops it", async () => {
    const optOuts = [
      optOut("+16145550100", "texts", "2026-11-20T10:00:00.000Z"),
      optOut("+16145550100", "texts", "2026-11-21T10:00:00.000Z", "opt_in"),
    ];
    expect(await send(await claim("confirm_sms", { optOuts }))).toMatchObject({
      outcome: "sent",
    });
    expect(textedTo()).toEqual(["+16145550100"]);
  });

  it("an opt-out of one channel stops no other", async () => {
    const optOuts = [optOut("pat@example.com", "texts"), optOut("+16145550100", "calls")];
    for (const channel of ["meta", "confirm_email"] as const) {
      expect(await send(await claim(channel, { optOuts }))).toMatchObject({ outcome: "sent" });
    }
  });

  it("the team's own channels are not the homeowner's to stop", async () => {
    const optOuts = [optOut("pat@example.com", "all"), optOut("+16145550100", "all")];
    for (const channel of ["team_email", "team_sms", "webhook"] as const) {
      expect(await send(await claim(channel, { optOuts }))).toMatchObject({ outcome: "sent" });
    }
  });

  describe("with the store's claims", () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await openTestStore();
    });
    afterAll(() => store.close());

    it("a stop recorded after the lead was stored holds for its deliveries not yet sent", async () => {
      const stored = lead({ id: crypto.randomUUID() });
      const deliveries = await Promise.all(
        (["meta", "confirm_email", "confirm_sms", "team_email"] as const).map((channel) =>
          planDelivery(stored.id, {
            channel,
            event: "lead.created",
            destination: destination(channel),
          }),
        ),
      );
      await store.insert(stored, { deliveries });
      await store.recordOptOut("PAT@example.com", "sharing");
      await store.recordOptOut("pat@example.com", "email");
      await store.recordOptOut("(614) 555-0100", "texts");

      const adapters = channels();
      const outcomes: Record<string, AttemptResult> = {};
      for (const claimed of await store.claimDeliveries({ leadId: stored.id, limit: 10 })) {
        outcomes[claimed.delivery.channel] = await adapters[claimed.delivery.channel](claimed);
      }
      expect(outcomes).toEqual({
        meta: { outcome: "skipped", reason: expect.stringMatching(/opted out of sharing on /) },
        confirm_email: {
          outcome: "skipped",
          reason: expect.stringMatching(/^opted out of e-mail/),
        },
        confirm_sms: { outcome: "skipped", reason: expect.stringMatching(/^opted out of texts/) },
        team_email: { outcome: "sent", status: 200 },
      });
      expect(received.map((request) => request.service)).toEqual(["resend"]);
      expect(mailedTo()).toEqual([["team@example.com"]]);
    });
  });
});

describe("Global Privacy Control", () => {
  it("skips Meta's event for a browser that sent it, and nothing else", async () => {
    const gpc = lead({ gpc: true });
    expect(await send(await claim("meta", { lead: gpc }))).toEqual({
      outcome: "skipped",
      reason: "the browser sent Global Privacy Control",
    });
    expect(sentTo("meta")).toEqual([]);
    expect(await send(await claim("webhook", { lead: gpc }))).toMatchObject({ outcome: "sent" });
  });
});

describe("a setting removed after the delivery was planned", () => {
  it.each<[string, DeliveryChannel, string | undefined, Record<string, string>, string]>([
    ["the team's text without Twilio", "team_sms", undefined, NO_TWILIO, "TWILIO_ACCOUNT_SID"],
    [
      "a webhook to an endpoint taken out of the list",
      "webhook",
      "https://old-crm.example/hooks/leads",
      {},
      "this endpoint in LEADS_WEBHOOK_URL",
    ],
    [
      "Meta's event without Meta's settings",
      "meta",
      undefined,
      { META_DATASET_ID: "", META_ACCESS_TOKEN: "" },
      "META_DATASET_ID",
    ],
    [
      "the confirmation e-mail without its sender",
      "confirm_email",
      undefined,
      { LEADS_CONFIRM_FROM: "" },
      "LEADS_CONFIRM_FROM",
    ],
    [
      "the confirmation text switched off",
      "confirm_sms",
      undefined,
      { LEADS_CONFIRM_SMS: "" },
      "LEADS_CONFIRM_SMS",
    ],
    [
      "an escalation to a phone without Twilio",
      "escalation",
      "+16145550188",
      NO_TWILIO,
      "TWILIO_ACCOUNT_SID",
    ],
    [
      "an escalation to an address without Resend",
      "escalation",
      "owner@example.com",
      NO_RESEND,
      "RESEND_API_KEY",
    ],
  ])("%s fails, naming the setting", async (_, channel, to, env, setting) => {
    expect(await send(await claim(channel, { destination: to }), env)).toEqual({
      outcome: "failed",
      error: `not sent: ${setting} is no longer set`,
    });
    expect(received).toEqual([]);
  });
});
