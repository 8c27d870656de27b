import http from "node:http";

import type { ConnectionInfo } from "../supabase/functions/_shared/handler/lead-handler.ts";
import { LEAD_LIMITS } from "../supabase/functions/_shared/contract/lead-rules.ts";
import { twilioSignature } from "../supabase/functions/_shared/delivery/providers/twilio.ts";
import { createLocalFunction, type LocalFunction } from "./local-function.ts";
import { FUNCTION_PATH, handleLocalRequest, SMS_INBOUND_PATH } from "./local-routes.ts";
import { listenOnLoopback, memoryLocalFunction, rawRequest } from "./local-test-kit.ts";

jest.setTimeout(120_000);

const seenInfo: (ConnectionInfo | undefined)[] = [];
let local: LocalFunction;

const BODY_TIMEOUT_MS = 400;
const server = http.createServer(async (req, res) => {
  if (await handleLocalRequest(req, res, local, { bodyTimeoutMs: BODY_TIMEOUT_MS })) return;
  res.writeHead(404).end("static file");
});
let port = 0;
let close: () => Promise<void>;
beforeAll(async () => {
  local = await memoryLocalFunction({ seen: seenInfo });
  ({ port, close } = await listenOnLoopback(server));
});
afterAll(async () => {
  await close();
  await local.close();
});

const request = (options: Parameters<typeof rawRequest>[1]) => rawRequest(port, options);

const lead = (id: string) => ({
  id,
  address: "1 Elm St",
  condition: "Good",
  email: "pat@example.com",
  source: "/",
  elapsedMs: 5000,
});

describe(FUNCTION_PATH, () => {
  it("passes the request and the socket's address to the function, and its answer back", async () => {
    const id = crypto.randomUUID();
    const result = await request({
      method: "POST",
      path: FUNCTION_PATH,
      headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
      body: JSON.stringify(lead(id)),
    });

    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ success: true, id });
    expect(result.headers["access-control-allow-origin"]).toBe(`http://localhost:${port}`);
    expect((await local.listLeads()).map((row) => row.id)).toContain(id);
    expect(seenInfo.at(-1)).toEqual({ remoteAddr: { hostname: "127.0.0.1" } });
  });

  it("answers 413 at once when Content-Length is over the limit, without waiting for the body", async () => {
    const started = Date.now();
    const result = await request({
      method: "POST",
      path: FUNCTION_PATH,
      headers: { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) },
      body: Buffer.alloc(1024, "a"),
      hold: true,
    });
    expect(result.status).toBe(413);
    expect(result.headers.connection).toBe("close");
    expect(Date.now() - started).toBeLessThan(BODY_TIMEOUT_MS);
  });

  it("answers 413 as soon as a streamed body passes the limit, without reading the rest", async () => {
    const result = await request({
      method: "POST",
      path: FUNCTION_PATH,
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: Buffer.alloc(LEAD_LIMITS.bodyMax + 1024, "a"),
      hold: true,
    });
    expect(result.status).toBe(413);
    expect(result.headers.connection).toBe("close");
  });

  it("answers 408 to a body that is still trickling in after the timeout", async () => {
    const result = await request({
      method: "POST",
      path: FUNCTION_PATH,
      headers: { "content-type": "application/json", "content-length": "500" },
      body: '{"id": "',
      hold: true,
    });
    expect(result.status).toBe(408);
    expect(JSON.parse(result.body)).toEqual({ error: "The request body took too long to arrive." });
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

  it("tells other methods which ones it takes", async () => {
    const result = await request({ method: "DELETE", path: FUNCTION_PATH });
    expect(result.status).toBe(405);
    expect(result.headers.allow).toBe("POST, OPTIONS");
  });
});

describe(SMS_INBOUND_PATH, () => {
  // The address Twilio is given, through a tunnel to the local server.
  const publicUrl = `https://tunnel.example${SMS_INBOUND_PATH}`;
  const twilio = {
    TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "twilio-auth-token",
    TWILIO_FROM: "+16145550142",
    TWILIO_INBOUND_URL: publicUrl,
  };
  let texts: LocalFunction;
  let textsPort = 0;
  let closeTexts: () => Promise<void>;
  beforeAll(async () => {
    texts = await createLocalFunction({
      dataDir: "memory://",
      env: { LEADS_RATE_LIMIT: "off", LEADS_RETRY_INTERVAL_MS: "off", ...twilio },
      log: () => {},
    });
    const textsServer = http.createServer(async (req, res) => {
      if (await handleLocalRequest(req, res, texts)) return;
      res.writeHead(404).end("static file");
    });
    ({ port: textsPort, close: closeTexts } = await listenOnLoopback(textsServer));
  });
  afterAll(async () => {
    await closeTexts();
    await texts.close();
  });

  /** Twilio's post of a text, signed for the public address. */
  async function inbound(body: string, signed = true) {
    const params = new URLSearchParams({
      MessageSid: "SM0123456789abcdef0123456789abcdef",
      AccountSid: twilio.TWILIO_ACCOUNT_SID,
      From: "+16145550100",
      To: twilio.TWILIO_FROM,
      Body: body,
    });
    const signature = await twilioSignature(twilio.TWILIO_AUTH_TOKEN, publicUrl, params);
    return rawRequest(textsPort, {
      method: "POST",
      path: SMS_INBOUND_PATH,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signed ? { "x-twilio-signature": signature } : {}),
      },
      body: params.toString(),
    });
  }

  it("takes Twilio's signed post through the function, as Supabase does, and knows a replay", async () => {
    expect(await inbound("stop please", false)).toMatchObject({ status: 403 });

    const first = await inbound("stop please");
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/xml; charset=utf-8");
    expect(first.body).toMatch(/<Message>.*no more texts.*<\/Message>/);

    const replay = await inbound("stop please");
    expect(replay).toMatchObject({
      status: 200,
      body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    });
  });

  it("leaves the periodic run to the server's own timer", async () => {
    const result = await rawRequest(textsPort, {
      method: "POST",
      path: `${FUNCTION_PATH}/maintenance`,
    });
    expect(result).toMatchObject({ status: 404, body: "static file" });
  });
});

it("serves no lead over HTTP, whatever Host and address the request claims", async () => {
  for (const host of ["127.0.0.1", "localhost", "attacker.example"]) {
    const result = await request({ path: "/__leads", headers: { host } });
    expect(result).toMatchObject({ status: 404, body: "static file" });
  }
});

it("leaves other paths to the static files", async () => {
  const result = await request({ path: "/sell-house-fast-ohio" });
  expect(result).toMatchObject({ status: 404, body: "static file" });
});
