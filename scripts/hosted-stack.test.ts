import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";

import postgres from "postgres";

import { sha256Hex, shownDisclosure } from "../supabase/functions/_shared/contract/disclosures.ts";
import { leadRequestFixture } from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { createPostgresLeadStore } from "../supabase/functions/_shared/store/postgres-lead-store.ts";
import { FAKE_META } from "./fake-services.ts";
import { findPostgresBin, startHostedStack, type HostedStack } from "./hosted-stack.ts";

/**
 * The hosted path, for real: the function's Deno entry on a PostgreSQL cluster with
 * Supabase's roles, every migration applied, and loopback fakes of every service it delivers
 * to. No skip when PostgreSQL is missing: startHostedStack fails saying `apt-get install postgresql`.
 */
jest.setTimeout(240_000);

const run = promisify(execFile);
let stack: HostedStack;
let sql: postgres.Sql;

beforeAll(async () => {
  stack = await startHostedStack({ rateLimit: "3/600", trustForwardedFor: true });
  sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await stack?.stop();
});

/** Each test posts from addresses of its own, so the rate limit counts them apart. */
let clients = 0;
const newClient = () => `198.51.100.${++clients}`;

const lead = (overrides: Record<string, unknown> = {}) =>
  leadRequestFixture({ id: crypto.randomUUID(), ...overrides });

async function post(body: unknown, client = newClient()) {
  const response = await fetch(stack.functionUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: "http://127.0.0.1:3000",
      "x-forwarded-for": `10.0.0.1, ${client}`,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function rowsFor(id: string) {
  return sql`select * from public.leads where id = ${id}`;
}

async function deliveriesFor(id: string) {
  return sql`select * from public.lead_deliveries where lead_id = ${id} order by channel, destination`;
}

/** Waits until no delivery of the lead is queued or under way. */
const settled = (id: string) =>
  until("the lead's deliveries", async () => {
    const rows = await deliveriesFor(id);
    return rows.length > 0 &&
      rows.every(
        (row) =>
          !["sending"].includes(row.status as string) &&
          !(row.status === "pending" && row.attempts === 0),
      )
      ? rows
      : undefined;
  });

const retry = async () =>
  (await (
    await fetch(stack.retryUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${stack.cronSecret}` },
    })
  ).json()) as { deliveries: Record<string, number>; announced: number; escalated: number };

/** The e-mail goes out after the answer: wait for it. */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("says how to install PostgreSQL when its binaries are missing", () => {
  expect(() => findPostgresBin("/nonexistent/postgresql")).toThrow(
    "PostgreSQL's server binaries were not found in /usr/lib/postgresql/*/bin: apt-get install postgresql",
  );
});

const teamMailsFor = (address: string) =>
  stack.services.resend.requests.filter(
    (mail) => mail.body.to[0] === "team@example.com" && mail.body.subject.endsWith(address),
  );

it("stores a valid lead in Postgres, answers 200 and delivers each configured channel once", async () => {
  const body = lead({ address: `${crypto.randomUUID().slice(0, 8)} Main St` });
  const result = await post(body);

  expect(result.status).toBe(200);
  expect(result.body).toEqual({ success: true, id: body.id });
  expect(result.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:3000");
  const [row] = await rowsFor(body.id);
  expect(row).toMatchObject({
    address: body.address,
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    fill_ms: 42_000,
    spam_reason: null,
    consent_version: "2026-11-23",
    gclid: "Cj0KCQiA-abc_123.x~y",
    utm_campaign: "ohio-probate",
    landing_page: "/sell-house-fast-ohio",
    first_referrer: "https://www.google.com",
    first_landing_page: "/blog",
  });
  expect(row?.fingerprint).toMatch(/^[0-9a-f]{64}$/);

  const deliveries = await settled(body.id);
  // The 2026-11-23 wording had no box for texts: no confirmation text.
  expect(deliveries.map((delivery) => `${delivery.channel} ${delivery.status}`)).toEqual([
    "confirm_email sent",
    "meta sent",
    "team_email sent",
    "team_sms sent",
    "webhook sent",
  ]);
  const [mail] = teamMailsFor(body.address);
  expect(mail?.body.text).toContain(
    "Came from: Google Ads, campaign ohio-probate, landed on /sell-house-fast-ohio; first visit: Google search, landed on /blog (2026-11-20)",
  );
  expect(mail?.authorization).toBe("Bearer re_fake_key");
  const hook = stack.services.webhook
    .processed()
    .find((event) => event.body?.data.lead_id === body.id);
  expect(hook).toMatchObject({ verified: true, body: { type: "lead.created" } });
});

it("answers the same request again 200, with still one row and one of each delivery", async () => {
  const body = lead({ address: `${crypto.randomUUID().slice(0, 8)} Replay Rd` });
  expect((await post(body)).status).toBe(200);
  await settled(body.id);
  const again = await post(body);

  expect(again).toMatchObject({ status: 200, body: { success: true, id: body.id } });
  expect(await rowsFor(body.id)).toHaveLength(1);
  expect(await deliveriesFor(body.id)).toHaveLength(5);
  expect(teamMailsFor(body.address)).toHaveLength(1);
});

it("answers 409 to the same id with other content, and keeps the first", async () => {
  const body = lead();
  expect((await post(body)).status).toBe(200);
  const other = await post({ ...body, address: "1 Other Rd" });

  expect(other.status).toBe(409);
  expect(other.body.error).toMatch(/^id: /);
  expect((await rowsFor(body.id))[0]?.address).toBe(body.address);
});

it("answers 400 naming a bad field the visitor typed, storing nothing", async () => {
  const body = lead({
    email: "pat@gmail",
    attribution: { last: { landing_page: "/blog?x=1", at: "2026-11-23T14:00:00.000Z" } },
  });
  const result = await post(body);

  expect(result.status).toBe(400);
  expect(result.body.fields).toEqual(["email"]);
  expect(await rowsFor(body.id)).toHaveLength(0);
});

it("answers 400, not 503, to a NUL the visitor typed, which Postgres could not store", async () => {
  const inAddress = lead({ address: "77 High\u0000 St" });
  expect(await post(inAddress)).toMatchObject({
    status: 400,
    body: {
      error: "address: Remove the invisible control character (U+0000).",
      fields: ["address"],
    },
  });
});

it("keeps a lead whose unseen fields are broken, and stores them as the local store does", async () => {
  const body = lead({
    source: `/${"a".repeat(3000)}`,
    consent: { version: "2026-11-23", at: "9999-12-31T23:59:59-14:00" },
    attribution: {
      last: { landing_page: "/", at: "2026-11-23T14:00:00.000Z", utm_source: "x\u0000" },
    },
  });
  const before = Date.now();
  expect(await post(body)).toMatchObject({ status: 200, body: { success: true, id: body.id } });

  const [row] = await rowsFor(body.id);
  expect(row?.source).toHaveLength(200);
  expect(row?.utm_source).toBeNull();
  expect((row?.consent_at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(row?.intake_notes).toEqual([
    "source: 3001 characters long; cut to 200.",
    'consent.at: was "9999-12-31T23:59:59-14:00", outside the years 1 to 9999; the server\'s receive time stands for it.',
    expect.stringMatching(/^attribution\.last\.utm_source: /),
    "consent.shown: the page sent no hash of the wording it showed; recorded as not verified.",
  ]);
});

it("stores a bot's request with the reason, answers it as a person, and delivers nothing for it", async () => {
  const body = lead({ website: "https://cheap-pills.example" });
  expect(await post(body)).toMatchObject({ status: 200, body: { success: true, id: body.id } });

  const [row] = await rowsFor(body.id);
  expect(row?.spam_reason).toBe('the hidden "website" field was filled in');
  expect((await retry()).deliveries).toBeDefined();
  expect(await deliveriesFor(body.id)).toHaveLength(0);
  expect(stack.functionLog.join("\n")).toContain(
    `Held as suspected spam (the hidden "website" field was filled in): ${body.id}`,
  );
});

it("answers 429 with Retry-After past the limit, storing no more", async () => {
  const client = newClient();
  const bodies = Array.from({ length: 4 }, () => lead());
  const results = [];
  for (const body of bodies) results.push(await post(body, client));

  expect(results.map((result) => result.status)).toEqual([200, 200, 200, 429]);
  const retryAfter = Number(results[3]?.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(results[3]?.body.error).toMatch(/Too many offer requests/);
  expect(await rowsFor(bodies[3]!.id)).toHaveLength(0);
  // A retry of a stored request is not counted.
  expect((await post(bodies[0], client)).status).toBe(200);
});

it("sends a webhook the receiver refused twice again from the cron endpoint, exactly once, with one webhook-id, and only with the secret", async () => {
  const { webhook } = stack.services;
  webhook.failNext(2, 500);
  const body = lead();
  expect((await post(body)).status).toBe(200);
  // At once, then again 5 seconds later, still after the answer; then it waits for the schedule.
  const hook = await until("the second refusal", async () => {
    const [row] = (await deliveriesFor(body.id)).filter(
      (delivery) => delivery.channel === "webhook",
    );
    return row?.status === "pending" && row.attempts === 2 ? row : undefined;
  });
  expect(hook.last_error).toBe('500 from the webhook: {"message":"fake outage"}');

  for (const authorization of [undefined, "Bearer wrong", stack.cronSecret]) {
    const refused = await fetch(stack.retryUrl, {
      method: "POST",
      headers: authorization ? { authorization } : {},
    });
    expect(refused.status).toBe(401);
  }

  // Not due yet: a run leaves it alone. As if its 5 minutes had passed: two runs at once.
  expect((await retry()).deliveries.sent).toBe(0);
  await sql`update public.lead_deliveries set next_attempt_at = now() where id = ${hook.id as string}`;
  const runs = await Promise.all([retry(), retry()]);
  expect(runs.map((run) => run.deliveries.sent).sort()).toEqual([0, 1]);

  const attempts = webhook.requests.filter((request) => request.id === hook.id);
  expect(attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
  expect(webhook.processed().filter((request) => request.id === hook.id)).toHaveLength(1);
  expect((await deliveriesFor(body.id)).find((row) => row.id === hook.id)).toMatchObject({
    status: "sent",
    attempts: 3,
  });
});

it("waits for a lead's delivery another transaction holds, instead of leaving it to the next run", async () => {
  const store = createPostgresLeadStore(stack.databaseUrl);
  try {
    stack.services.webhook.failNext(2, 500);
    const body = lead();
    expect((await post(body)).status).toBe(200);
    const [hook] = await until("the webhook to wait for its schedule", async () => {
      const rows = (await deliveriesFor(body.id)).filter((row) => row.channel === "webhook");
      return rows[0]?.status === "pending" && rows[0].attempts === 2 ? rows : undefined;
    });
    await sql`update public.lead_deliveries set next_attempt_at = now() where id = ${hook!.id as string}`;
    let locked = () => {};
    let release = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = sql.begin(async (tx) => {
      await tx`select id from public.lead_deliveries where id = ${hook!.id as string} for update`;
      locked();
      await held;
    });
    await isLocked;
    const claim = store.claimDeliveries({ leadId: body.id, limit: 10 });
    await until("the claim to wait for the row", async () => {
      const [row] = await sql`select count(*)::int as n from pg_locks where not granted`;
      return row?.n ? true : undefined;
    });
    release();
    await holder;
    expect((await claim).map(({ delivery }) => [delivery.id, delivery.attempts])).toEqual([
      [hook!.id, 3],
    ]);
    await store.releaseClaims();
  } finally {
    await store.close();
  }
});

describe("npm run leads -- --db: the operator's CLI on the hosted database", () => {
  const cli = async (...args: string[]) =>
    (
      await run(path.resolve("node_modules", ".bin", "tsx"), [
        "leads-cli/leads.ts",
        "--db",
        stack.databaseUrl,
        ...args,
      ])
    ).stdout;

  it("records outcomes and opt-outs, prints the consent record and exports the closed deal", async () => {
    const body = lead({
      email: `db-${Date.now()}@example.com`,
      consent: {
        version: "2026-11-23",
        at: new Date().toISOString(),
        calls: true,
        // The hash the page sends of the wording it showed.
        shown: await sha256Hex(
          shownDisclosure("2026-11-23", "Quick Home Buyers", { phoneSection: true })!,
        ),
      },
    });
    expect((await post(body)).status).toBe(200);

    expect(await cli("--status", body.id, "closed", "--value", "205000")).toContain(
      `Lead ${body.id} is closed ($205,000)`,
    );
    expect(await cli("--opt-out", "614.555.0100 cell", "--channel", "texts")).toContain(
      "+16145550100 opted out of texts.",
    );
    const [listed] = (JSON.parse(await cli("--json")) as Record<string, unknown>[]).filter(
      (row) => row.id === body.id,
    );
    expect(listed).toMatchObject({ status: "closed", status_value: 205000 });
    expect(listed?.opt_outs).toEqual([expect.stringMatching(/^texts \d{4}-/)]);
    expect(listed?.deliveries).toEqual(
      expect.arrayContaining([expect.stringMatching(/^team e-mail: sent \d\d:\d\d:\d\d$/)]),
    );

    // The status goes to the CRM with the function's next run.
    const announced = await retry();
    expect(announced.announced).toBeGreaterThanOrEqual(1);
    const changed = stack.services.webhook
      .processed()
      .find(
        (event) =>
          event.body?.type === "lead.status_changed" && event.body.data.lead_id === body.id,
      );
    expect(changed?.body?.data).toMatchObject({
      status: "closed",
      previous_status: "new",
      status_value: 205000,
    });
    expect(await cli("--deliveries", body.id)).toMatch(
      /webhook to 127\.0\.0\.1:\d+ \(closed\)\s+1\s+sent /,
    );

    const consent = await cli("--consent", body.id);
    expect(consent).toContain(
      "Wording shown (version 2026-11-23, in English, with the phone section)",
    );
    expect(consent).toContain("may call and text you at this number about your property and offer");
    expect(consent).toMatch(/Client address\s+198\.51\.100\.\d+/);

    const csv = await cli(
      "--export",
      "google-ads",
      "--conversion",
      "Closed deal",
      "--time-zone",
      "UTC",
    );
    expect(csv).toMatch(
      /\r\nCj0KCQiA-abc_123\.x~y,,,Closed deal,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,205000,USD\r\n/,
    );
    await expect(
      sql`update public.lead_status_changes set value = 1 where lead_id = ${body.id}`,
    ).rejects.toThrow(/append-only/);
  });
});

describe("Meta's Lead event", () => {
  const metaFor = (id: string) =>
    stack.services.meta.requests.filter((request) => request.body.data[0]?.event_id === id);

  it("goes out for a real lead once, hashed, the token in the body and never in the log", async () => {
    const clickedAt = new Date(Date.now() - 3_600_000).toISOString();
    const body = lead({
      attribution: { last: { landing_page: "/", at: clickedAt, fbclid: "IwAR-hosted_1" } },
    });
    expect((await post(body)).status).toBe(200);
    await settled(body.id);
    const [request] = metaFor(body.id);
    expect(metaFor(body.id)).toHaveLength(1);
    expect(request?.path).toBe(`/v26.0/${FAKE_META.datasetId}/events`);
    expect(request?.body.access_token).toBe(FAKE_META.accessToken);
    expect(request?.body.data).toEqual([
      expect.objectContaining({
        event_name: "Lead",
        event_id: body.id,
        action_source: "website",
        user_data: expect.objectContaining({
          em: [createHash("sha256").update("pat@example.com").digest("hex")],
          ph: [createHash("sha256").update("16145550100").digest("hex")],
          fbc: `fb.1.${Date.parse(clickedAt)}.IwAR-hosted_1`,
        }),
      }),
    ]);
    expect(stack.functionLog.join("\n")).not.toContain(FAKE_META.accessToken);
  });

  it("does not go out for a lead sent with Global Privacy Control or whose phone opted out of sharing, however it was typed", async () => {
    await sql`insert into public.contact_opt_outs (contact, channel) values ('+16145550133', 'sharing')`;
    const gpc = lead({
      consent: { version: "2026-11-23", at: new Date().toISOString(), gpc: true },
    });
    const optedOut = lead({ email: "other@example.com", phone: "614-555-0133 ext 2" });
    const sent = lead();
    for (const body of [gpc, optedOut, sent]) expect((await post(body)).status).toBe(200);
    await settled(sent.id);
    await settled(optedOut.id);

    expect(metaFor(sent.id)).toHaveLength(1);
    expect(metaFor(gpc.id)).toEqual([]);
    expect((await deliveriesFor(gpc.id)).map((row) => row.channel)).not.toContain("meta");
    expect(metaFor(optedOut.id)).toEqual([]);
    expect((await deliveriesFor(optedOut.id)).find((row) => row.channel === "meta")).toMatchObject({
      status: "skipped",
      last_error: expect.stringMatching(/^\+16145550133 opted out of sharing on /),
    });
  });
});

describe("Supabase's API roles", () => {
  const tables = ["leads", "lead_rate_limits", "lead_settings", "lead_deliveries"];

  /** Runs one statement as the role, in a transaction that is rolled back. */
  async function as(role: string, statement: string): Promise<unknown> {
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${role}`);
        await tx.unsafe(statement);
        throw new Error("rollback");
      });
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  }

  it("would reach a table in public by Supabase's default grants (so the migrations are what keep them out)", async () => {
    await sql`create table public.grant_probe (x int)`;
    try {
      expect(await as("anon", "select * from public.grant_probe")).toBe("rollback");
      expect(await as("authenticated", "insert into public.grant_probe values (1)")).toBe(
        "rollback",
      );
    } finally {
      await sql`drop table public.grant_probe`;
    }
  });

  it.each(["anon", "authenticated"])(
    "%s can neither read nor change the lead tables",
    async (role) => {
      for (const table of tables) {
        for (const statement of [
          `select * from public.${table}`,
          `insert into public.${table} default values`,
          `update public.${table} set ${{ lead_settings: "value", leads: "address", lead_rate_limits: "hits", lead_deliveries: "status" }[table]} = ${table === "lead_rate_limits" ? "1" : "'x'"}`,
          `delete from public.${table}`,
        ]) {
          expect(`${statement}: ${String(await as(role, statement))}`).toMatch(
            /permission denied for table/,
          );
        }
      }
    },
  );
});
