import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import type { AttemptResult } from "./outbox.ts";
import { sendMetaLead } from "./providers/meta.ts";
import { sendEmail } from "./providers/resend.ts";
import { sendText } from "./providers/twilio.ts";
import { sendWebhook } from "./providers/webhooks.ts";
import { answerOutcome, callProvider, retryAfterSeconds } from "./transport.ts";

/** A server on loopback that records each request's path and body, answering with `answer`. */
type Loopback = { url: string; requests: { path: string; body: string }[] };

const servers: Server[] = [];

async function listen(
  answer: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<Loopback> {
  const requests: Loopback["requests"] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ path: request.url ?? "", body });
      answer(request, response, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

const API_KEY = "re_live_9f8e7d6c5b4a39281706";
const AUTH_TOKEN = "twilio0auth1token2secret3";
const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const BASIC = btoa(`${ACCOUNT_SID}:${AUTH_TOKEN}`);
const ACCESS_TOKEN = "EAABmeta4access5token6secret";
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const SECRETS = [API_KEY, AUTH_TOKEN, BASIC, `${ACCOUNT_SID}:${AUTH_TOKEN}`, ACCESS_TOKEN];

const META_LEAD = {
  id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  email: "pat@example.com",
  phone: null,
  fbclid: null,
  fbclidAt: null,
  createdAt: "2026-11-21T19:00:00.900Z",
  eventSourceUrl: null,
  userAgent: null,
  clientIp: null,
};

/** A request with nothing to hide, for what does not depend on the provider. */
const plain = (url: string) => ({ name: "Resend", url, headers: {}, body: "", secrets: {} });

/** Each provider's real sender, pointed at `base`. */
const PROVIDERS: [name: string, send: (base: string) => Promise<AttemptResult>][] = [
  [
    "Resend",
    (base) =>
      sendEmail(
        { apiKey: API_KEY, url: `${base}/emails` },
        { from: "site@example.com", to: ["team@example.com"], subject: "s", html: "h", text: "t" },
        "3a8016d6-66a1-86c2-9cc5-326cac6d9c99",
      ),
  ],
  [
    "Twilio",
    (base) =>
      sendText(
        {
          accountSid: ACCOUNT_SID,
          authToken: AUTH_TOKEN,
          from: "+16145550199",
          url: base,
          inboundUrl: null,
        },
        "+16145550100",
        "New lead",
      ),
  ],
  [
    "the webhook",
    (base) => sendWebhook({ url: `${base}/hook`, secrets: [WEBHOOK_SECRET] }, "msg_1", { a: 1 }),
  ],
  [
    "Meta",
    (base) =>
      sendMetaLead(
        { datasetId: "123456789012345", accessToken: ACCESS_TOKEN, apiVersion: "v26.0", url: base },
        META_LEAD,
        fetch,
      ),
  ],
];

describe("a redirect", () => {
  it.each(PROVIDERS)(
    "from %s fails the attempt, and the other host hears nothing",
    async (name, send) => {
      const elsewhere = await listen((_, response) => response.end("ok"));
      const provider = await listen((request, response) => {
        const auth = encodeURIComponent(request.headers.authorization ?? "");
        response.writeHead(307, { location: `${elsewhere.url}/next?auth=${auth}` }).end();
      });

      const result = await send(provider.url);

      expect(result).toMatchObject({ outcome: "failed", status: 307 });
      expect("error" in result && result.error).toContain(
        `307 from ${name}: it redirects to ${elsewhere.url}/next?auth=`,
      );
      for (const secret of SECRETS) expect(JSON.stringify(result)).not.toContain(secret);
      expect(provider.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    },
  );

  it("says what to change for a webhook", async () => {
    const provider = await listen((_, response) =>
      response.writeHead(308, { location: "https://crm.example/new-hook" }).end(),
    );
    expect(await PROVIDERS[2]![1](provider.url)).toEqual({
      outcome: "failed",
      status: 308,
      error:
        "308 from the webhook: it redirects to https://crm.example/new-hook; set LEADS_WEBHOOK_URL to the final address",
    });
  });

  it("is refused too as a browser's opaque redirect, which has no status or Location", async () => {
    // A browser's fetch answers redirect: "manual" so; Node's and Deno's give the 3xx itself.
    const opaque = (async () =>
      Object.defineProperty(Response.error(), "type", { value: "opaqueredirect" })) as typeof fetch;
    expect(await callProvider(plain("https://api.resend.com/emails"), opaque)).toEqual({
      outcome: "failed",
      error: "An answer from Resend: it redirects",
    });
  });
});

describe("an answer's body", () => {
  const TOTAL = 200 * 1024 * 1024;

  async function streaming(status: number) {
    let written = 0;
    const provider = await listen((_, response) => {
      const chunk = Buffer.alloc(64 * 1024, "x");
      response.writeHead(status, { "content-type": "text/plain" });
      const pump = () => {
        while (written < TOTAL && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      pump();
    });
    return { provider, written: () => written };
  }

  it.each<[number, Partial<AttemptResult>]>([
    [200, { outcome: "sent", status: 200 }],
    [
      500,
      {
        outcome: "retry",
        status: 500,
        error: "500 from Resend: (an answer of more than 64 KB, not read)",
      },
    ],
  ])(
    "of 200 MB answering %i is cut at the bound, never held in memory",
    async (status, expected) => {
      const { provider, written } = await streaming(status);
      const before = process.memoryUsage().rss;

      const result = await callProvider(plain(provider.url));

      expect(result).toEqual(expected);
      expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
      expect(written()).toBeLessThan(TOTAL / 4);
    },
  );
});

describe("an answer that quotes the request", () => {
  it.each<[string, string[]]>([
    ["Resend", ["[authorization]"]],
    ["Twilio", ["[authorization]", "[credentials]"]],
    ["Meta", ["[access token]"]],
  ])("from %s keeps no secret in the error", async (name, labels) => {
    const provider = await listen((request, response, body) => {
      const auth = request.headers.authorization ?? "";
      const decoded = auth.startsWith("Basic ") ? atob(auth.slice(6)) : "";
      // The body's end: where Meta's token is, inside the 300 characters an error keeps.
      response
        .writeHead(500)
        .end(`auth ${auth}; decoded ${decoded}; body ends ${body.slice(-100)}`);
    });
    const send = PROVIDERS.find(([provider]) => provider === name)![1];

    const result = await send(provider.url);

    expect(result).toMatchObject({ outcome: "retry", status: 500 });
    const error = "error" in result ? result.error : "";
    expect(error).toMatch(new RegExp(`^500 from ${name}: auth `));
    for (const label of labels) expect(error).toContain(label);
    for (const secret of SECRETS) {
      expect(error).not.toContain(secret);
      expect(error).not.toContain(encodeURIComponent(secret));
    }
  });
});

describe("a provider that does not answer", () => {
  it("is tried again when the timeout passes", async () => {
    const silent = await listen(() => {});
    const request = { ...plain(silent.url), name: "the webhook", timeoutMs: 200 };
    expect(await callProvider(request)).toEqual({
      outcome: "retry",
      error: "The webhook could not be reached: no answer within the timeout",
    });
  });

  it("is tried again when nothing listens, saying why", async () => {
    const gone = await listen(() => {});
    const server = servers.pop()!;
    await new Promise((resolve) => server.close(resolve));
    expect(await callProvider(plain(gone.url))).toMatchObject({
      outcome: "retry",
      error: expect.stringMatching(
        /^Resend could not be reached: TypeError: fetch failed \(.*ECONNREFUSED/,
      ),
    });
  });
});

describe("a busy provider", () => {
  it("is tried again after its Retry-After", async () => {
    const busy = await listen((_, response) =>
      response
        .writeHead(429, { "retry-after": "120", "content-type": "application/json" })
        .end('{"code":20429,"message":"Too Many Requests","status":429}'),
    );
    expect(await PROVIDERS[1]![1](busy.url)).toEqual({
      outcome: "retry",
      status: 429,
      error: "429 from Twilio: Too Many Requests (code 20429)",
      retryAfterSeconds: 120,
    });
  });
});

describe("answerOutcome", () => {
  const describe_ = (status: number) => `${status} from the webhook`;

  const OUTCOMES = {
    sent: [200, 204],
    retry: [408, 429, 500, 502, 503],
    failed: [400, 401, 404, 410, 422],
  };

  it.each(Object.entries(OUTCOMES))("takes as %s: %j", (outcome, statuses) => {
    for (const status of statuses) {
      expect(answerOutcome(status, null, describe_).outcome).toBe(outcome);
    }
  });

  it("keeps Retry-After, in seconds or as a date", () => {
    expect(answerOutcome(429, "30", describe_)).toEqual({
      outcome: "retry",
      status: 429,
      error: "429 from the webhook",
      retryAfterSeconds: 30,
    });
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(retryAfterSeconds("Fri, 27 Nov 2026 12:02:00 GMT", now)).toBe(120);
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });
});
