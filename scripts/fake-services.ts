/**
 * Stand-ins, on loopback, for the services the offer function delivers to, each speaking its
 * service's API as documented (the sources are cited where the function calls them): Resend's
 * e-mail API, Twilio's Messages API (and Twilio's side of an inbound text), Meta's events
 * edge, and a webhook receiver that verifies Standard Webhooks signatures with the
 * `standardwebhooks` library and drops repeats by webhook-id, as a careful receiver does.
 * Tests, the hosted stack and the lead benchmark use them; none is a mock of our own code.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { Webhook } from "standardwebhooks";

const HOST = "127.0.0.1";

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** What a fake was asked, with the time it arrived and what it answered. */
export type Received<T> = T & { at: number; status: number };

export type FakeService<T> = {
  url: string;
  port: number;
  /** Every request, failed ones included, in the order they arrived. */
  requests: Received<T>[];
  /** The next `count` requests are answered `status` (500 by default), with Retry-After when given. */
  failNext(count: number, status?: number, retryAfter?: string): void;
  /** The next `count` requests are recorded (status 0) and never answered, as a hung receiver. */
  stallNext(count: number): void;
  /** Resolves once `check` holds for the requests so far (polled on each arrival). */
  waitFor(check: (requests: Received<T>[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * A request the fake takes: one to record (and to fail or stall when told), or a read
 * (`read`: Twilio's list of messages) answered as it is and kept out of `requests`.
 */
type Handler<T> = (
  req: IncomingMessage,
  body: string,
) => { record: T; reply: Reply } | { read: Reply } | null;

async function startFake<T>(
  port: number,
  handle: Handler<T>,
  answered: (record: T, status: number) => void = () => {},
): Promise<FakeService<T>> {
  const requests: Received<T>[] = [];
  const waiters = new Set<() => void>();
  let failures: { count: number; status: number; retryAfter?: string } = { count: 0, status: 500 };
  let stalls = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const handled = handle(req, body);
      if (!handled) {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
        return;
      }
      if ("read" in handled) {
        res.writeHead(handled.read.status, {
          "content-type": "application/json",
          ...handled.read.headers,
        });
        res.end(JSON.stringify(handled.read.body));
        return;
      }
      let { reply } = handled;
      if (stalls > 0) {
        stalls -= 1;
        requests.push({ ...handled.record, at: Date.now(), status: 0 });
        for (const wake of waiters) wake();
        return;
      }
      if (failures.count > 0) {
        failures.count -= 1;
        reply = {
          status: failures.status,
          body: { message: "fake outage" },
          headers: failures.retryAfter ? { "retry-after": failures.retryAfter } : {},
        };
      }
      requests.push({ ...handled.record, at: Date.now(), status: reply.status });
      answered(handled.record, reply.status);
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(JSON.stringify(reply.body));
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://${HOST}:${actual}`,
    port: actual,
    requests,
    failNext(count, status = 500, retryAfter) {
      failures = { count, status, retryAfter };
    },
    stallNext(count) {
      stalls = count;
    },
    waitFor(check, timeoutMs = 30_000) {
      if (check(requests)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `Not received within ${timeoutMs / 1000} s (${requests.length} requests so far).`,
            ),
          );
        }, timeoutMs);
        const wake = () => {
          if (!check(requests)) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/* ---------- Resend ---------- */

export type SentMail = {
  idempotencyKey: string | null;
  authorization: string | null;
  body: {
    from: string;
    to: string[];
    reply_to?: string;
    subject: string;
    html: string;
    text: string;
  };
};

/**
 * Resend's POST /emails: Bearer key, and an Idempotency-Key honoured as Resend does (a
 * repeat of a delivered key is answered the same and sends nothing). `delivered()` is what
 * would reach inboxes: answered 200, once per key.
 */
export async function startFakeResend(port = 0) {
  const fake = await startFake<SentMail>(port, (req, body) => {
    if (req.method !== "POST" || req.url !== "/emails") return null;
    const record: SentMail = {
      idempotencyKey: req.headers["idempotency-key"]?.toString() ?? null,
      authorization: req.headers.authorization ?? null,
      body: JSON.parse(body) as SentMail["body"],
    };
    if (!record.authorization?.startsWith("Bearer re_")) {
      return {
        record,
        reply: {
          status: 401,
          body: { statusCode: 401, name: "missing_api_key", message: "Missing API key" },
        },
      };
    }
    return { record, reply: { status: 200, body: { id: randomBytes(8).toString("hex") } } };
  });
  return {
    ...fake,
    delivered(): Received<SentMail>[] {
      const keys = new Set<string | null>();
      return fake.requests.filter((request) => {
        if (request.status !== 200 || keys.has(request.idempotencyKey)) return false;
        keys.add(request.idempotencyKey);
        return true;
      });
    },
  };
}
export type FakeResend = Awaited<ReturnType<typeof startFakeResend>>;

/* ---------- Twilio ---------- */

export type SentText = {
  accountSid: string;
  /** The message's SID, as the 201 answered it (the fake makes it whatever it answers). */
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
};

/** An account the fake takes: SID and token as Twilio's formats have them. */
export const FAKE_TWILIO = {
  accountSid: `AC${"0123456789abcdef".repeat(2)}`,
  authToken: "fake_twilio_auth_token_0123456789",
  from: "+16145550199",
};

/** The number a Messaging Service sends from, in the fake. */
const SERVICE_NUMBER = "+16145550198";

/** A time as Twilio's resources print it: RFC 2822, "Thu, 24 Aug 2023 05:01:45 +0000". */
const twilioDate = (at: number) => new Date(at).toUTCString().replace("GMT", "+0000");

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP
 * Basic (SID:token) and a form body; 201 with the message, or Twilio's error JSON. Every
 * message answered 201 is kept (in `requests`) and listed by GET on the same path, filtered
 * by To, From, DateSent, DateSent> (on or after) and DateSent< (on or before) a GMT date or
 * time, most recent first, PageSize at a time. The fake sends at once: a message's date_sent
 * is its date_created. `failNextLookups` fails the next lists; `lookups` keeps each query.
 */
export async function startFakeTwilio(port = 0, account = FAKE_TWILIO) {
  const path = `/2010-04-01/Accounts/${account.accountSid}/Messages.json`;
  const error = (status: number, code: number, message: string) => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  const expected = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64")}`;
  const lookups: URLSearchParams[] = [];
  let lookupFailures = { count: 0, status: 500 };
  const fake = await startFake<SentText>(port, (req, body) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === path) {
      lookups.push(url.searchParams);
      if (req.headers.authorization !== expected)
        return { read: error(401, 20003, "Authenticate") };
      if (lookupFailures.count > 0) {
        lookupFailures.count -= 1;
        return { read: error(lookupFailures.status, 20500, "Internal Server Error") };
      }
      return { read: { status: 200, body: list(url.searchParams) } };
    }
    if (req.method !== "POST" || req.url !== path) return null;
    const form = new URLSearchParams(body);
    const record: SentText = {
      accountSid: account.accountSid,
      sid: `SM${randomBytes(16).toString("hex")}`,
      to: form.get("To") ?? "",
      from: form.get("From"),
      messagingServiceSid: form.get("MessagingServiceSid"),
      body: form.get("Body") ?? "",
    };
    if (req.headers.authorization !== expected) {
      return { record, reply: error(401, 20003, "Authenticate") };
    }
    if (!record.to || !record.body || !(record.from || record.messagingServiceSid)) {
      return {
        record,
        reply: error(
          400,
          21604,
          "A 'To', 'Body' and 'From' or 'MessagingServiceSid' are required.",
        ),
      };
    }
    return {
      record,
      reply: { status: 201, body: { ...resource(record, Date.now()), status: "queued" } },
    };
  });

  function resource(text: SentText, at: number) {
    return {
      sid: text.sid,
      account_sid: text.accountSid,
      to: text.to,
      from: text.from ?? SERVICE_NUMBER,
      messaging_service_sid: text.messagingServiceSid,
      body: text.body,
      status: "sent",
      direction: "outbound-api",
      num_segments: "1",
      date_created: twilioDate(at),
      date_sent: twilioDate(at),
      date_updated: twilioDate(at),
      uri: `${path.slice(0, -".json".length)}/${text.sid}.json`,
    };
  }

  /** A GMT date (the whole day) or time, as a bound on or after (`start`) or on or before. */
  function bound(value: string, start: boolean): number {
    const day = /^\d{4}-\d\d-\d\d$/.test(value);
    const time = Date.parse(day ? `${value}T00:00:00Z` : value);
    return day && !start ? time + 86_400_000 - 1 : time;
  }

  function list(query: URLSearchParams): Record<string, unknown> {
    const to = query.get("To");
    const from = query.get("From");
    const on = query.get("DateSent");
    const after = query.get("DateSent>");
    const before = query.get("DateSent<");
    const pageSize = Math.min(1000, Math.max(1, Number(query.get("PageSize") ?? 50) || 50));
    const messages = fake.requests
      .filter((text) => text.status === 201)
      .filter((text) => !to || text.to === to)
      .filter((text) => !from || (text.from ?? SERVICE_NUMBER) === from)
      .filter((text) => !on || (text.at >= bound(on, true) && text.at <= bound(on, false)))
      .filter((text) => !after || text.at >= bound(after, true))
      .filter((text) => !before || text.at <= bound(before, false))
      .reverse()
      .map((text) => resource(text, text.at));
    const uri = `${path}?${query}`;
    return {
      messages: messages.slice(0, pageSize),
      page: 0,
      page_size: pageSize,
      start: 0,
      end: Math.max(0, Math.min(messages.length, pageSize) - 1),
      first_page_uri: uri,
      previous_page_uri: null,
      next_page_uri: messages.length > pageSize ? `${uri}&Page=1` : null,
      uri,
    };
  }

  return {
    ...fake,
    /** Every list asked for, its query as sent. */
    lookups,
    /** The next `count` lists are answered `status` (500 by default), as Twilio's error. */
    failNextLookups(count: number, status = 500) {
      lookupFailures = { count, status };
    },
    /** The messages Twilio holds: every one it answered 201. */
    created(): Received<SentText>[] {
      return fake.requests.filter((text) => text.status === 201);
    },
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

/**
 * Twilio's side of an inbound text: the form post it makes to the Messaging webhook, signed
 * as Twilio documents (base64 HMAC-SHA1 with the auth token over the URL and the sorted
 * parameters), here with node:crypto, apart from the function's Web Crypto code.
 */
export function inboundText(
  url: string,
  fields: { From: string; Body: string; OptOutType?: string },
  { authToken = FAKE_TWILIO.authToken, accountSid = FAKE_TWILIO.accountSid, signed = true } = {},
): Request {
  const params = new URLSearchParams({
    MessageSid: `SM${randomBytes(16).toString("hex")}`,
    AccountSid: accountSid,
    To: FAKE_TWILIO.from,
    NumMedia: "0",
    ...fields,
  });
  const data =
    url +
    [...params]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => k + v)
      .join("");
  const signature = createHmac("sha1", authToken).update(data).digest("base64");
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signed ? { "x-twilio-signature": signature } : {}),
    },
    body: params.toString(),
  });
}

/* ---------- A webhook receiver ---------- */

export type ReceivedWebhook = {
  id: string | null;
  /** The standardwebhooks library verified the signature and the timestamp. */
  verified: boolean;
  /** A webhook-id seen (and processed) before: dropped, answered 200. */
  repeat: boolean;
  body: { type: string; timestamp: string; schema: string; data: Record<string, unknown> } | null;
  raw: string;
};

/** A fresh Standard Webhooks secret: whsec_ and 32 random bytes in base64. */
export function webhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * A CRM's webhook endpoint: every request is verified with the standardwebhooks library
 * (401 when it fails); a webhook-id it processed before is answered 200 and dropped.
 * `processed()` is what the CRM would have stored: verified, once per webhook-id.
 */
export async function startWebhookReceiver(secret: string, port = 0) {
  const verifier = new Webhook(secret);
  const seen = new Set<string>();
  const fake = await startFake<ReceivedWebhook>(
    port,
    (req, raw) => {
      if (req.method !== "POST") return null;
      const headers = Object.fromEntries(
        ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [
          name,
          req.headers[name]?.toString() ?? "",
        ]),
      );
      let body: ReceivedWebhook["body"] = null;
      let verified = false;
      try {
        body = verifier.verify(raw, headers) as ReceivedWebhook["body"];
        verified = true;
      } catch {
        verified = false;
      }
      const id = headers["webhook-id"] || null;
      const repeat = verified && id !== null && seen.has(id);
      const record: ReceivedWebhook = { id, verified, repeat, body, raw };
      return {
        record,
        reply: verified
          ? { status: 200, body: { ok: true } }
          : { status: 401, body: { error: "bad signature" } },
      };
    },
    // Only a 2xx means the CRM has it: the id counts as seen once it was answered 200.
    (record, status) => {
      if (status === 200 && record.id) seen.add(record.id);
    },
  );
  return {
    ...fake,
    processed: () => fake.requests.filter((request) => request.status === 200 && !request.repeat),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/* ---------- Meta ---------- */

export type SentMetaEvents = {
  path: string;
  body: { data: Record<string, unknown>[]; access_token: string; test_event_code?: string };
};

/** The dataset and token the fake takes. */
export const FAKE_META = { datasetId: "123456789012345", accessToken: "EAAfake_meta_token" };

/** Meta's events edge: 200 with events_received, or a Graph API error. */
export async function startFakeMeta(port = 0) {
  return startFake<SentMetaEvents>(port, (req, body) => {
    if (req.method !== "POST" || !/^\/v\d+\.\d+\/\d+\/events$/.test(req.url ?? "")) return null;
    const record: SentMetaEvents = {
      path: req.url ?? "",
      body: JSON.parse(body) as SentMetaEvents["body"],
    };
    if (record.body.access_token !== FAKE_META.accessToken) {
      return {
        record,
        reply: {
          status: 400,
          body: {
            error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
          },
        },
      };
    }
    return {
      record,
      reply: {
        status: 200,
        body: { events_received: record.body.data.length, messages: [], fbtrace_id: "fake" },
      },
    };
  });
}
export type FakeMeta = Awaited<ReturnType<typeof startFakeMeta>>;

/** Every fake at once, and the function's settings that point at them. */
export async function startFakeServices(
  ports: { resend?: number; twilio?: number; meta?: number; webhook?: number } = {},
) {
  const secret = webhookSecret();
  const [resend, twilio, meta, webhook] = await Promise.all([
    startFakeResend(ports.resend),
    startFakeTwilio(ports.twilio),
    startFakeMeta(ports.meta),
    startWebhookReceiver(secret, ports.webhook),
  ]);
  const env: Record<string, string> = {
    RESEND_API_KEY: "re_fake_key",
    RESEND_API_URL: `${resend.url}/emails`,
    LEADS_NOTIFY_TO: "team@example.com",
    LEADS_NOTIFY_FROM: "Quick Home Buyers <site@example.com>",
    LEADS_CONFIRM_FROM: "Quick Home Buyers <offers@example.com>",
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_URL: twilio.url,
    LEADS_ALERT_SMS_TO: "+16145550177",
    LEADS_CONFIRM_SMS: "1",
    LEADS_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
    LEADS_WEBHOOK_SECRET: secret,
    META_DATASET_ID: FAKE_META.datasetId,
    META_ACCESS_TOKEN: FAKE_META.accessToken,
    META_GRAPH_URL: meta.url,
  };
  return {
    resend,
    twilio,
    meta,
    webhook,
    secret,
    env,
    /** Forgets every request and every failure or stall still planned, for the next test. */
    reset() {
      for (const fake of [resend, twilio, meta, webhook]) {
        fake.requests.length = 0;
        fake.failNext(0);
      }
      twilio.lookups.length = 0;
      twilio.failNextLookups(0);
    },
    close: () =>
      Promise.all([resend.close(), twilio.close(), meta.close(), webhook.close()]).then(() => {}),
  };
}
export type FakeServices = Awaited<ReturnType<typeof startFakeServices>>;
