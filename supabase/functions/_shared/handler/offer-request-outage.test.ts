import { readLeadConfig } from "../config/lead-config.ts";
import { mailboxKey } from "../contract/mailbox.ts";
import { createChannels } from "../delivery/adapters.ts";
import { createDeliverer } from "../delivery/deliver.ts";
import { planDelivery } from "../delivery/outbox.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { formPost, ID, post, SITE, withTestStore, type Harness } from "./handler-test-kit.ts";
import { createOfferRequest } from "./offer-request.ts";
import { STORE_RETRY_WAITS_MS } from "./outage-leads.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();

const RESEND_URL = "https://resend.test/emails";
const WEBHOOK_URL = "https://crm.example/hooks/leads";
const ENV: Record<string, string> = {
  RESEND_API_KEY: "re_test_key_0123456789",
  RESEND_API_URL: RESEND_URL,
  LEADS_NOTIFY_TO: "team@example.com",
  LEADS_NOTIFY_FROM: "Quick Home Buyers <site@example.com>",
  LEADS_CONFIRM_FROM: "Quick Home Buyers <offers@example.com>",
  LEADS_WEBHOOK_URL: WEBHOOK_URL,
  LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
};

/**
 * The offer request over the test store, with Resend and a webhook receiver faked by `fetch`:
 * while the store is down Resend answers 500 and the webhook 200, so the webhook alone took
 * the lead. What is delivered after a lead is stored is only noted (`deliveredLater`), so the
 * stored deliveries stay as the insert left them. The background tries wait on `sleep`, which
 * waits for `hold`, counts the waits and brings the store back after `storeBackAfter` of them.
 */
function outage(
  harness: Harness,
  {
    storeBackAfter = Infinity,
    webhookStatus = 200,
    hold = Promise.resolve(),
  }: { storeBackAfter?: number; webhookStatus?: number; hold?: Promise<void> } = {},
) {
  const { store } = harness;
  const logs: string[] = [];
  const deferred: Promise<unknown>[] = [];
  const waits: number[] = [];
  const deliveredLater: string[] = [];
  const calls: string[] = [];
  const config = {
    ...readLeadConfig((name) => ENV[name], { onSupabase: false }),
    allowedOrigins: [SITE],
    rateLimit: null,
  };
  const fakeFetch: typeof fetch = async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(url);
    if (url === WEBHOOK_URL) return new Response(null, { status: webhookStatus });
    return store.failing
      ? Response.json({ message: "down too" }, { status: 500 })
      : Response.json({ id: "email-1" });
  };
  const log = (line: string) => logs.push(line);
  const channels = createChannels(config, { log, fetch: fakeFetch });
  const real = createDeliverer({ store, channels, log, sleep: async () => {} });
  const offerRequest = createOfferRequest({
    store,
    config,
    deliverer: {
      sendWithoutStore: real.sendWithoutStore,
      deliverLead: async (id) => {
        deliveredLater.push(id);
      },
    },
    defer: (work) => deferred.push(work),
    log,
    now: () => Date.parse("2026-11-23T14:03:12.000Z"),
    sleep: async (ms) => {
      await hold;
      waits.push(ms);
      if (waits.length >= storeBackAfter) store.failing = false;
    },
  });
  return {
    logs,
    waits,
    deliveredLater,
    /** The webhook receiver's requests. */
    webhookCalls: () => calls.filter((url) => url === WEBHOOK_URL).length,
    /** Sends the request; the work after the answer goes on. */
    answer: (request: Request) =>
      offerRequest(request, { remoteAddr: { hostname: "203.0.113.7" } }),
    /** Lets the work after the answers finish. */
    settle: () => Promise.all(deferred),
    /** Sends the request and lets the work after the answer finish. */
    async send(request: Request) {
      const response = await offerRequest(request, { remoteAddr: { hostname: "203.0.113.7" } });
      await Promise.all(deferred);
      return response;
    },
    /** Each stored delivery of the lead as [channel, status]. */
    async deliveries(leadId: string) {
      const rows = await store.deliveries(leadId);
      return Object.fromEntries(rows.map((row) => [row.channel, row.status]));
    },
  };
}

const fields = {
  address: "5 Down St, Columbus, OH",
  condition: "Fair",
  email: "down@example.com",
  source: "/",
  website: "",
  consent_version: "2026-11-25",
};

/** The id of the homeowner's confirmation e-mail the plan gives a request (delivery/outbox.ts). */
async function confirmationId(leadId: string, email = "pat@example.com"): Promise<string> {
  const planned = await planDelivery(leadId, {
    channel: "confirm_email",
    event: "lead.created",
    destination: mailboxKey(email),
  });
  return planned.id;
}

describe("a request a team channel took while the store was down", () => {
  it("is received, and once the store is back stored with its consent record, the webhook marked sent and the rest pending", async () => {
    const harness = setup();
    const run = outage(harness, { storeBackAfter: 3 });
    harness.store.failing = true;

    const answer = await run.send(formPost(fields));

    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${SITE}/offer-received`);
    expect(run.waits).toEqual([1000, 2000, 4000]);
    const [row] = await harness.rows();
    expect(row).toMatchObject({ address: "5 Down St, Columbus, OH", email: "down@example.com" });
    expect(row!.intake_notes).toContain(
      "Received 2026-11-23T14:03:12.000Z while the store was down: a team channel took it, and it was stored once the store was back.",
    );
    expect(await harness.consentOf(row!.id)).toMatchObject({
      via: "form",
      brand: expect.any(String),
    });
    expect(await run.deliveries(row!.id)).toEqual({
      webhook: "sent",
      team_email: "pending",
      confirm_email: "pending",
    });
    // Its deliveries go out now; the webhook it already had goes no second time.
    expect(run.deliveredLater).toEqual([row!.id]);
    expect(run.webhookCalls()).toBe(1);
    expect(run.logs).toContain(
      `Lead ${row!.id}, received while the store was down, is stored now.`,
    );
  });

  it("stored by the background first, is found stored by the page's retry", async () => {
    const harness = setup();
    const run = outage(harness, { storeBackAfter: 1 });
    harness.store.failing = true;
    const down = await run.send(post(leadRequestFixture()));
    expect(down.status).toBe(503);
    expect(await harness.rowCount()).toBe(1);

    const { notified } = (await down.json()) as { notified: object };
    expect((await run.send(post({ ...leadRequestFixture(), notified }))).status).toBe(200);
    expect(await harness.rowCount()).toBe(1);
    expect(run.deliveredLater).toEqual([ID]);
  });

  it("stored by the page's retry first, is left as it is by the background", async () => {
    const harness = setup();
    let release = () => {};
    const run = outage(harness, { hold: new Promise((resolve) => (release = resolve)) });
    harness.store.failing = true;
    const down = await run.answer(post(leadRequestFixture()));
    const { notified } = (await down.json()) as { notified: object };
    harness.store.failing = false;
    expect((await run.answer(post({ ...leadRequestFixture(), notified }))).status).toBe(200);

    release();
    await run.settle();
    expect(run.waits).toEqual([1000]);
    expect(await harness.rowCount()).toBe(1);
    // Its deliveries went out once, after the page's request stored it.
    expect(run.deliveredLater).toEqual([ID]);
    expect(run.logs.filter((line) => line.includes("is stored now"))).toEqual([]);
    expect(await run.deliveries(ID)).toEqual({
      webhook: "sent",
      team_email: "pending",
      confirm_email: "pending",
    });
  });

  it("when the store stays down past the tries, says the team's copy is all there is", async () => {
    const harness = setup();
    const run = outage(harness);
    harness.store.failing = true;

    expect((await run.send(formPost(fields))).headers.get("location")).toBe(
      `${SITE}/offer-received`,
    );

    expect(run.waits).toEqual(STORE_RETRY_WAITS_MS);
    harness.store.failing = false;
    expect(await harness.rowCount()).toBe(0);
    expect(run.logs.at(-1)).toMatch(
      /^Lead [0-9a-f-]{36}, received while the store was down, could not be stored within 480 s \(connection refused\); the team's e-mail and webhook carry it whole: enter it from there\.$/,
    );
  });

  it("that no team channel took is not kept: the form lands on the not-sent page", async () => {
    const harness = setup();
    const run = outage(harness, { webhookStatus: 500 });
    harness.store.failing = true;
    const answer = await run.send(formPost(fields));
    expect(answer.headers.get("location")).toBe(`${SITE}/offer-not-sent/unavailable`);
    expect(run.waits).toEqual([]);
  });
});

describe("the list of deliveries a 503 hands to the page", () => {
  /** The 503's list for leadRequestFixture(), with the tries in the background left to fail. */
  async function signedList(run: ReturnType<typeof outage>, harness: Harness, body = {}) {
    harness.store.failing = true;
    const down = await run.send(post(leadRequestFixture(body)));
    harness.store.failing = false;
    expect(down.status).toBe(503);
    const { notified } = (await down.json()) as { notified: { ids: string[]; sig: string } };
    return notified;
  }

  it("is signed, and sent back marks exactly the deliveries it names sent", async () => {
    const harness = setup();
    const run = outage(harness);
    const notified = await signedList(run, harness);
    const webhook = await planDelivery(ID, {
      channel: "webhook",
      event: "lead.created",
      destination: WEBHOOK_URL,
    });
    expect(notified).toEqual({ ids: [webhook.id], sig: expect.stringMatching(/^[\w-]{43}$/) });

    expect((await run.send(post({ ...leadRequestFixture(), notified }))).status).toBe(200);
    expect(await run.deliveries(ID)).toEqual({
      webhook: "sent",
      team_email: "pending",
      confirm_email: "pending",
    });
    expect((await harness.row(ID))?.intake_notes).not.toContainEqual(
      expect.stringMatching(/^notified:/),
    );
  });

  it("sent back while the store is still down, sends those no second time and is handed back again", async () => {
    const harness = setup();
    let release = () => {};
    const run = outage(harness, { hold: new Promise((resolve) => (release = resolve)) });
    harness.store.failing = true;
    const first = await run.answer(post(leadRequestFixture()));
    const { notified } = (await first.json()) as { notified: { ids: string[]; sig: string } };

    const again = await run.answer(post({ ...leadRequestFixture(), notified }));
    expect(again.status).toBe(503);
    expect(await again.json()).toMatchObject({ notified });
    expect(run.webhookCalls()).toBe(1);

    // One lead, tried once in the background.
    harness.store.failing = false;
    release();
    await run.settle();
    expect(run.waits).toEqual([1000]);
    expect(await run.deliveries(ID)).toMatchObject({ webhook: "sent" });
  });

  const other = "9d2c7a51-0b1e-4c3f-8d4e-5f6a7b8c9d0e";
  it.each<[string, (genuine: { ids: string[]; sig: string }) => Promise<unknown>]>([
    ["an older page's list without a signature", async () => [await confirmationId(other)]],
    [
      "a list with a made-up signature",
      async () => ({ ids: [await confirmationId(other)], sig: "A".repeat(43) }),
    ],
    [
      "another request's genuine signature over this one's confirmation",
      async (genuine) => ({ ids: [await confirmationId(other)], sig: genuine.sig }),
    ],
    ["another request's genuine list as it was", async (genuine) => genuine],
    ["a signature that is no base64", async () => ({ ids: [ID], sig: "!".repeat(43) })],
  ])("changes nothing while the store is up: %s", async (_case, forge) => {
    const harness = setup();
    const run = outage(harness);
    const genuine = await signedList(run, harness);

    const answer = await run.send(
      post({ ...leadRequestFixture(), id: other, notified: await forge(genuine) }),
    );

    expect(answer.status).toBe(200);
    // Nothing is marked sent: the homeowner's one confirmation a day is still to go.
    expect(await run.deliveries(other)).toEqual({
      webhook: "pending",
      team_email: "pending",
      confirm_email: "pending",
    });
    expect((await harness.row(other))?.intake_notes).toContainEqual(
      expect.stringMatching(
        /^notified: the list of deliveries sent while the store was down (carries no signature of this function|was not signed by this function for this request); it was ignored/,
      ),
    );
  });
});
