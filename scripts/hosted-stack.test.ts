import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";

import postgres from "postgres";

import { leadRequestFixture } from "../supabase/functions/_leads/lead-test-kit.ts";
import { createPostgresLeadStore } from "../supabase/functions/_leads/postgres-lead-store.ts";
import {
  findPostgresBin,
  HOSTED_META,
  startHostedStack,
  type HostedStack,
} from "./hosted-stack.ts";

/**
 * The hosted path, for real: the function's Deno entry on a PostgreSQL cluster with
 * Supabase's roles, every migration applied, and fakes of the e-mail API and Meta's. No skip when
 * PostgreSQL is missing: startHostedStack fails saying `apt-get install postgresql`.
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
      "x-forwarded-for": `${client}, 10.0.0.1`,
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

const mailsFor = (id: string) =>
  stack.mail.requests.filter((mail) => mail.idempotencyKey === `lead-${id}`);

it("stores a valid lead in Postgres, answers 200 and e-mails the team once", async () => {
  const body = lead();
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

  const [mail] = await until("the e-mail", () =>
    mailsFor(body.id).length ? mailsFor(body.id) : undefined,
  );
  expect(mail?.body.subject).toBe(`New cash offer request: ${body.address}`);
  expect(mail?.body.text).toContain(
    "Came from: Google Ads, campaign ohio-probate, landed on /sell-house-fast-ohio; first visit: Google search, landed on /blog (2026-11-20)",
  );
  expect(mail?.authorization).toBe("Bearer re_hosted_stack");
  await until("notified_at", async () =>
    (await rowsFor(body.id))[0]?.notified_at ? true : undefined,
  );
});

it("answers the same request again 200, with still one row and one e-mail", async () => {
  const body = lead();
  expect((await post(body)).status).toBe(200);
  await until("the first e-mail", () => (mailsFor(body.id).length ? true : undefined));
  const again = await post(body);

  expect(again).toMatchObject({ status: 200, body: { success: true, id: body.id } });
  expect(await rowsFor(body.id)).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mailsFor(body.id)).toHaveLength(1);
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
    expect.stringMatching(
      /^consent\.at: was 9999-12-31T23:59:59-14:00, ahead of the server's clock/,
    ),
    expect.stringMatching(/^attribution\.last\.utm_source: /),
  ]);
});

it("stores a bot's request with the reason, answers it as a person, and never e-mails it", async () => {
  const body = lead({ website: "https://cheap-pills.example" });
  expect(await post(body)).toMatchObject({ status: 200, body: { success: true, id: body.id } });

  const [row] = await rowsFor(body.id);
  expect(row?.spam_reason).toBe('the hidden "website" field was filled in');
  const run = await fetch(stack.retryUrl, {
    method: "POST",
    headers: { authorization: `Bearer ${stack.cronSecret}` },
  });
  expect(run.status).toBe(200);
  expect(mailsFor(body.id)).toHaveLength(0);
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

it("sends a failed e-mail again from the cron endpoint, exactly once, and only with the secret", async () => {
  stack.mail.failNext(1);
  const body = lead();
  expect((await post(body)).status).toBe(200);
  await until("the failed attempt", () => (mailsFor(body.id).length === 1 ? true : undefined));
  await until("the claim to be released", async () => {
    const [row] = await rowsFor(body.id);
    return row && row.notified_at === null && row.notify_attempted_at === null ? true : undefined;
  });

  for (const authorization of [undefined, "Bearer wrong", stack.cronSecret]) {
    const refused = await fetch(stack.retryUrl, {
      method: "POST",
      headers: authorization ? { authorization } : {},
    });
    expect(refused.status).toBe(401);
  }

  const retry = () =>
    fetch(stack.retryUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${stack.cronSecret}` },
    });
  const first = await retry();
  expect(first.status).toBe(200);
  expect(await first.json()).toMatchObject({ notified: 1, failed: 0 });
  expect(await (await retry()).json()).toMatchObject({ notified: 0, failed: 0 });

  expect(mailsFor(body.id).map((mail) => mail.status)).toEqual([500, 200]);
  expect(
    stack.mail.delivered().filter((mail) => mail.idempotencyKey === `lead-${body.id}`),
  ).toHaveLength(1);
  expect((await rowsFor(body.id))[0]?.notified_at).not.toBeNull();
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
      consent: { version: "2026-11-23", at: new Date().toISOString(), calls: true },
    });
    expect((await post(body)).status).toBe(200);

    expect(await cli("--status", body.id, "closed", "--value", "205000")).toContain(
      `Lead ${body.id} is closed ($205,000)`,
    );
    expect(await cli("--opt-out", "614.555.0100", "--channel", "texts")).toContain(
      "16145550100 opted out of texts.",
    );
    const [listed] = (JSON.parse(await cli("--json")) as Record<string, unknown>[]).filter(
      (row) => row.id === body.id,
    );
    expect(listed).toMatchObject({ status: "closed", status_value: 205000 });
    expect(listed?.opt_outs).toEqual([expect.stringMatching(/^texts \d{4}-/)]);

    const consent = await cli("--consent", body.id);
    expect(consent).toContain("Wording shown (version 2026-11-23, with the phone section)");
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
    stack.meta.requests.filter((request) => request.body.data[0]?.event_id === id);
  const retry = async () =>
    (await (
      await fetch(stack.retryUrl, {
        method: "POST",
        headers: { authorization: `Bearer ${stack.cronSecret}` },
      })
    ).json()) as Record<string, number>;

  it("goes out for a real lead once, and a failed one once more when two retry runs go at once", async () => {
    stack.meta.failNext(1);
    const clickedAt = new Date(Date.now() - 3_600_000).toISOString();
    const body = lead({
      attribution: { last: { landing_page: "/", at: clickedAt, fbclid: "IwAR-hosted_1" } },
    });
    expect((await post(body)).status).toBe(200);
    await until("the failed attempt", () => (metaFor(body.id).length === 1 ? true : undefined));
    await until("the claim to be released", async () => {
      const [row] = await rowsFor(body.id);
      return row?.meta_error && row.meta_attempted_at === null ? true : undefined;
    });

    const runs = await Promise.all([retry(), retry()]);
    expect(runs.map((run) => run.metaFailed)).toEqual([0, 0]);
    expect(metaFor(body.id).map((request) => request.status)).toEqual([500, 200]);
    const [request] = metaFor(body.id).slice(-1);
    expect(request?.path).toBe(`/v26.0/${HOSTED_META.datasetId}/events`);
    expect(request?.body.access_token).toBe(HOSTED_META.accessToken);
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
    const [row] = await rowsFor(body.id);
    expect(row).toMatchObject({
      meta_attempts: 2,
      meta_error: expect.stringContaining("answered 500"),
    });
    expect(row?.meta_sent_at).not.toBeNull();
    expect(stack.functionLog.join("\n")).toContain(
      `Meta Lead event for lead ${body.id} failed, it will be retried on the next retry run`,
    );
    expect(stack.functionLog.join("\n")).not.toContain(HOSTED_META.accessToken);
  });

  it("goes out for a new lead whose row another transaction holds, once that one commits", async () => {
    // The lead's e-mail being marked sent holds its row for a moment: the new lead's own
    // claim waits for it instead of skipping the event until the next retry run.
    stack.meta.failNext(1);
    const body = lead();
    expect((await post(body)).status).toBe(200);
    await until("the claim to be released", async () => {
      const [row] = await rowsFor(body.id);
      return row?.meta_error && row.meta_attempted_at === null ? true : undefined;
    });
    const store = createPostgresLeadStore(stack.databaseUrl);
    try {
      let locked = () => {};
      let release = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const holder = sql.begin(async (tx) => {
        await tx`select id from public.leads where id = ${body.id} for update`;
        locked();
        await held;
      });
      await isLocked;
      const claim = store.claimMetaLead(body.id);
      await until("the claim to wait for the row", async () => {
        const [row] = await sql`select count(*)::int as n from pg_locks where not granted`;
        return row?.n ? true : undefined;
      });
      release();
      await holder;
      expect(await claim).toMatchObject({ id: body.id, attempts: 2 });
    } finally {
      await store.close();
    }
  });

  it("does not go out for a lead sent with Global Privacy Control or whose e-mail opted out of sharing", async () => {
    await sql`insert into public.contact_opt_outs (contact, channel) values ('opted-out@example.com', 'sharing')`;
    const gpc = lead({
      consent: { version: "2026-11-23", at: new Date().toISOString(), gpc: true },
    });
    const optedOut = lead({ email: "Opted-Out@example.com" });
    const sent = lead();
    for (const body of [gpc, optedOut, sent]) expect((await post(body)).status).toBe(200);
    await until("the other lead's event", () => (metaFor(sent.id).length ? true : undefined));
    await retry();

    for (const body of [gpc, optedOut]) {
      expect(metaFor(body.id)).toEqual([]);
      expect((await rowsFor(body.id))[0]).toMatchObject({ meta_attempts: 0, meta_sent_at: null });
    }
  });
});

describe("Supabase's API roles", () => {
  const tables = ["leads", "lead_rate_limits", "lead_settings"];

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
          `update public.${table} set ${table === "lead_settings" ? "value" : table === "leads" ? "address" : "hits"} = ${table === "lead_rate_limits" ? "1" : "'x'"}`,
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
