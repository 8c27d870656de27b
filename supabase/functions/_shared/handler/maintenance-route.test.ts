import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { post, retryRun, RETRY_URL, SECRET, withTestStore } from "./handler-test-kit.ts";
import type { MaintenanceReport } from "../maintenance/lead-maintenance.ts";
import { maintenanceRoute } from "./maintenance-route.ts";
import { MESSAGES } from "./messages.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();

describe("the retry run", () => {
  it.each([
    ["no token", {}],
    ["the wrong token", { authorization: "Bearer wrong" }],
    ["another scheme", { authorization: `Basic ${SECRET}` }],
  ])("is refused with %s", async (_case, headers) => {
    const { send } = setup();
    const result = await send(retryRun(headers));
    expect(result).toMatchObject({ status: 401, body: { error: MESSAGES.unauthorized } });
    expect(result.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("is refused every time when no secret is configured", async () => {
    const { send } = setup({ cronSecret: null });
    expect((await send(retryRun({ authorization: "Bearer " }))).status).toBe(401);
    expect((await send(retryRun({ authorization: "Bearer null" }))).status).toBe(401);
  });

  it("is taken by POST only", async () => {
    const { send } = setup();
    const result = await send(
      new Request(RETRY_URL, { headers: { authorization: `Bearer ${SECRET}` } }),
    );
    expect(result.status).toBe(405);
  });

  it("is taken at .../maintenance as at .../retry-notifications", async () => {
    const { send } = setup();
    const result = await send(
      retryRun(undefined, RETRY_URL.replace(/retry-notifications$/, "maintenance")),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ escalated: 0, announced: 0 });
  });

  it("answers with what it did", async () => {
    const { send } = setup();
    await send(post(leadRequestFixture()));
    expect((await send(retryRun())).body).toEqual({
      escalated: 0,
      announced: 0,
      deliveries: { sent: 0, retrying: 0, failed: 0, logged: 0, skipped: 0 },
      purged: { spam: 0, expired: 0, rateLimits: 0, consents: 0, outcomes: 0 },
    });
  });
});

describe("the retry run's log", () => {
  const report = (sent: number): MaintenanceReport => ({
    escalated: 0,
    announced: 0,
    deliveries: { sent, retrying: 0, failed: 0, logged: 0, skipped: 0 },
    purged: { spam: 0, expired: 0, rateLimits: 0, consents: 0, outcomes: 0 },
  });
  const run = (maintenance: { run(): Promise<MaintenanceReport> }) => {
    const logs: string[] = [];
    const answer = maintenanceRoute(retryRun(), {
      cronSecret: SECRET,
      maintenance,
      log: (line) => logs.push(line),
    });
    return { answer, logs };
  };

  it("says what a run did, and nothing for a run that did nothing", async () => {
    const busy = run({ run: async () => report(2) });
    expect((await busy.answer).status).toBe(200);
    expect(busy.logs).toEqual([
      "Retry run: 2 deliveries sent, 0 to retry, 0 failed, 0 logged, 0 skipped; 0 leads escalated, 0 status changes announced.",
    ]);
    const idle = run({ run: async () => report(0) });
    await idle.answer;
    expect(idle.logs).toEqual([]);
  });

  it("answers 503 and logs why when the run fails", async () => {
    const failing = run({
      run: async () => {
        throw new Error("connection refused");
      },
    });
    const answer = await failing.answer;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: MESSAGES.unavailable });
    expect(failing.logs).toEqual(["Retry run failed: connection refused"]);
  });
});
