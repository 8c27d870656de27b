import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import type { LeadRow } from "../supabase/functions/_shared/store/rows.ts";
import { startWebhookReceiver, webhookSecret } from "../scripts/fake-services.ts";
import { loadLead, runLoad, sendLead, startLocalServer } from "../scripts/lead-load.ts";
import { askHolder, storeSocketPath } from "./store-lock.ts";

// Real servers, each booting PGlite: seconds apiece on a small machine.
jest.setTimeout(180_000);

const root = mkdtempSync(path.join(tmpdir(), "restart-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

it("refuses a second server on a store another one holds, naming it, and never listens", async () => {
  const dataDir = path.join(root, "two", "leads");
  const [portA, portB] = [await freePort(), await freePort()];
  const first = startLocalServer({ port: portA, dataDir });
  await first.ready;
  try {
    const second = startLocalServer({
      port: portB,
      dataDir,
      env: { LEADS_LOCK_WAIT_MS: "1500" },
    });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(
      `The lead store ${dataDir} is held by a local server (pid ${first.child.pid}, http://127.0.0.1:${portA}) and was not released within 2 s.`,
    );
    expect(await listening(portB)).toBe(false);
  } finally {
    await first.stop();
  }
});

it("loses no answered lead when a new server is started while the old one drains under load", async () => {
  const dataDir = path.join(root, "restart", "leads");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const old = startLocalServer({ port, dataDir });
  await old.ready;
  let next = null as ReturnType<typeof startLocalServer> | null;

  const leads = Array.from({ length: 600 }, (_, index) => loadLead(index));
  let answered = 0;
  const load = runLoad(base, leads, {
    concurrency: 50,
    // As the browser does: a request that got no 200 is sent again with its id.
    untilAnswered: true,
    onOutcome(outcome) {
      if (outcome.status === 200) answered += 1;
      if (answered === 150 && !next) {
        // A deploy starts the new server first, then stops the old one while it is busy.
        next = startLocalServer({ port, dataDir });
        setTimeout(() => void old.stop("SIGTERM"), 500);
      }
      return false;
    },
  });
  const outcomes = await load;
  await old.exited;
  try {
    expect(next).not.toBeNull();
    await next!.ready;
    const ok = new Set(outcomes.filter((o) => o.status === 200).map((o) => o.id));
    expect(ok.size).toBe(leads.length);
    // Some requests met the gap between the two servers and were sent again.
    expect(outcomes.length).toBeGreaterThanOrEqual(leads.length);

    const socket = storeSocketPath(dataDir);
    const rows = (await askHolder(socket, { method: "list" })) as LeadRow[];
    const stored = rows.map((row) => row.id);
    expect(new Set(stored).size).toBe(stored.length);
    expect(leads.every((lead) => stored.includes(lead.id))).toBe(true);
    expect(await askHolder(socket, { method: "checkIntegrity" })).toEqual({
      indexes: expect.any(Number),
      problems: [],
    });
  } finally {
    await next?.stop();
  }
});

it("loses no delivery to a kill -9 in the middle of it: the restarted server sends it again, with the same webhook-id", async () => {
  const secret = webhookSecret();
  const receiver = await startWebhookReceiver(secret);
  const dataDir = path.join(root, "killed", "leads");
  const port = await freePort();
  const env = {
    LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
    LEADS_WEBHOOK_SECRET: secret,
    LEADS_RETRY_INTERVAL_MS: "1000",
  };
  let server = startLocalServer({ port, dataDir, env });
  try {
    await server.ready;
    // The receiver takes the request and never answers: the server dies mid-delivery.
    receiver.stallNext(1);
    const lead = loadLead(0);
    expect((await sendLead(`http://127.0.0.1:${port}`, lead)).status).toBe(200);
    await receiver.waitFor((requests) => requests.length === 1);
    await server.stop("SIGKILL");

    server = startLocalServer({ port, dataDir, env });
    await server.ready;
    // Its store held the delivery "sending" for the dead process: due again at once, sent by the timer.
    await receiver.waitFor((requests) => requests.some((request) => request.status === 200));
    const [stalled, sent] = receiver.requests;
    expect(stalled?.status).toBe(0);
    expect(sent?.id).toBe(stalled?.id);
    expect(receiver.processed()).toHaveLength(1);
    expect(sent?.body?.data.lead_id).toBe(lead.id);

    const socket = storeSocketPath(dataDir);
    const rows = (await askHolder(socket, { method: "deliveries", params: [lead.id] })) as {
      channel: string;
      status: string;
      attempts: number;
    }[];
    expect(rows.find((row) => row.channel === "webhook")).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  } finally {
    await server.stop();
    await receiver.close();
  }
});
