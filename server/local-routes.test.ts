import http from "node:http";
import type { AddressInfo } from "node:net";

import { createLeadHandler } from "../supabase/functions/_shared/lead-handler.ts";
import { LEAD_LIMITS } from "../supabase/functions/_shared/lead-rules.ts";
import type { Lead, LeadRow } from "../supabase/functions/_shared/lead-store.ts";
import type { LocalFunction } from "./local-function.ts";
import { FUNCTION_PATH, handleLocalRequest, LEADS_PATH } from "./local-routes.ts";

const stored: Lead[] = [];
const listed: LeadRow[] = [
  {
    ...leadOf("0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b"),
    created_at: "2026-11-21T19:08:23.759Z",
    notified_at: null,
  },
];

const local: LocalFunction = {
  handle: createLeadHandler({
    store: {
      async insert(lead) {
        stored.push(lead);
        return { inserted: true };
      },
      async markNotified() {},
    },
    notifier: { async notify() {} },
    allowedOrigins: ["http://localhost:*"],
    defer: () => {},
    log: () => {},
  }),
  listLeads: async () => listed,
  close: async () => {},
};

const server = http.createServer(async (req, res) => {
  if (await handleLocalRequest(req, res, local)) return;
  res.writeHead(404).end("static file");
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** node:http rather than fetch, which will not send a Host of our choosing. */
function request(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: options.method ?? "GET",
          path: options.path,
          headers: options.headers,
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    },
  );
}

function leadOf(id: string): Lead {
  return {
    id,
    address: "1 Elm St",
    condition: "Good",
    email: "pat@example.com",
    phone: null,
    state: null,
    source: "/",
  };
}

describe(FUNCTION_PATH, () => {
  it("passes the request to the function and its answer back", async () => {
    const id = crypto.randomUUID();
    const result = await request({
      method: "POST",
      path: FUNCTION_PATH,
      headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify({ ...leadOf(id), elapsedMs: 5000 }),
    });

    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ success: true, id });
    expect(result.headers["access-control-allow-origin"]).toBe(`http://localhost:${port}`);
    expect(stored.map((lead) => lead.id)).toContain(id);
  });

  it("answers 413 to a body over the limit, even without a Content-Length", async () => {
    const result = await request({
      method: "POST",
      path: FUNCTION_PATH,
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: Buffer.alloc(LEAD_LIMITS.bodyMax * 3, "a"),
    });
    expect(result.status).toBe(413);
  });

  it("answers a preflight", async () => {
    const result = await request({
      method: "OPTIONS",
      path: FUNCTION_PATH,
      headers: { origin: "http://localhost:3000" },
    });
    expect(result.status).toBe(204);
    expect(result.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
  });
});

describe(LEADS_PATH, () => {
  it("lists the leads as JSON to this machine", async () => {
    const result = await request({ path: LEADS_PATH, headers: { host: `127.0.0.1:${port}` } });
    expect(result.status).toBe(200);
    expect(result.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(result.body)).toEqual(listed);
  });

  it("refuses a page of another site that rebinds its name to this machine", async () => {
    const result = await request({
      path: LEADS_PATH,
      headers: { host: `attacker.example:${port}` },
    });
    expect(result.status).toBe(403);
    expect(JSON.parse(result.body)).toEqual({
      error: "The lead list is only served to this machine.",
    });
  });

  it("takes only GET", async () => {
    const result = await request({
      method: "POST",
      path: LEADS_PATH,
      headers: { host: "localhost" },
    });
    expect(result.status).toBe(405);
    expect(result.headers.allow).toBe("GET");
  });
});

it("leaves other paths to the static files", async () => {
  const result = await request({ path: "/sell-house-fast-ohio" });
  expect(result).toMatchObject({ status: 404, body: "static file" });
});
