import { attributionToColumns } from "./attribution.ts";
import { corsHeaders } from "./cors.ts";
import type { RateLimit } from "./lead-config.ts";
import { createLeadMaintenance, deliverNotification, errorText } from "./lead-maintenance.ts";
import type { LeadNotifier } from "./lead-notifier.ts";
import { describeLead } from "./lead-notifier.ts";
import { HONEYPOT_FIELD, LEAD_LIMITS } from "./lead-rules.ts";
import { describeLeadError, leadSchema, type LeadSubmission } from "./lead-schema.ts";
import type { Lead, LeadStore } from "./lead-store.ts";

export type LeadHandlerDeps = {
  store: LeadStore;
  notifier: LeadNotifier;
  /** Origins whose pages may post here; "http://localhost:*" allows any port. */
  allowedOrigins: readonly string[];
  /** Null: no limit (the benchmark, the e2e servers). */
  rateLimit: RateLimit | null;
  /** Take the client's address from X-Forwarded-For (behind Supabase's gateway). */
  trustForwardedFor: boolean;
  /** The bearer token of the retry run; null turns the endpoint off. */
  cronSecret: string | null;
  /** Runs work after the response is sent (EdgeRuntime.waitUntil on Supabase). */
  defer: (work: Promise<unknown>) => void;
  log: (line: string) => void;
  /** The clock of the rate limit's windows; tests move it. */
  now?: () => number;
};

/** What Deno.serve passes as its second argument; the local server passes the same shape. */
export type ConnectionInfo = { remoteAddr?: { hostname?: string } };

/** Supabase Cron posts here (supabase/cron/retry-notifications.sql). */
export const RETRY_PATH = "/retry-notifications";

export const MESSAGES = {
  method: "Use POST to send an offer request.",
  tooLarge: `The request is too large: at most ${LEAD_LIMITS.bodyMax / 1024} KB.`,
  contentType: "Send the offer request as JSON (Content-Type: application/json).",
  brokenJson: "The request body is not valid JSON.",
  unavailable: "We could not save your request just now. Please try again in a minute.",
  conflict:
    "id: This request id was already used for a request with different content. Send it with a new id.",
  unauthorized: "Send the retry run's secret as Authorization: Bearer <LEADS_CRON_SECRET>.",
} as const;

export const tooManyMessage = (seconds: number) =>
  `Too many offer requests from your network. Please try again in ${seconds} seconds.`;

/**
 * The send-contact-email function as a plain Request -> Response handler,
 * shared by the Supabase Edge entry and the local Node server. Every request
 * that passes validation is stored before the answer, suspected spam with its
 * reason; the team's e-mail goes out after the answer, and a failed one is sent
 * again by the periodic run (POST .../retry-notifications).
 */
export function createLeadHandler(
  deps: LeadHandlerDeps,
): (request: Request, info?: ConnectionInfo) => Promise<Response> {
  const { store, notifier, allowedOrigins, defer, log, now = Date.now } = deps;
  const maintenance = createLeadMaintenance({ store, notifier, log });

  return async function handle(request, info) {
    const origin = request.headers.get("origin");
    const reply = (status: number, body: object, headers: Record<string, string> = {}) =>
      Response.json(body, {
        status,
        headers: { ...corsHeaders(origin, allowedOrigins), ...headers },
      });

    if (new URL(request.url).pathname.endsWith(RETRY_PATH)) {
      return handleRetryRun(request, deps.cronSecret, maintenance, log);
    }
    if (request.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: corsHeaders(origin, allowedOrigins, true),
      });
    }
    if (request.method !== "POST") {
      return reply(405, { error: MESSAGES.method }, { allow: "POST, OPTIONS" });
    }
    if (Number(request.headers.get("content-length")) > LEAD_LIMITS.bodyMax) {
      return reply(413, { error: MESSAGES.tooLarge });
    }
    const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "application/json") {
      return reply(415, { error: MESSAGES.contentType });
    }

    let body: unknown;
    try {
      const text = await readText(request, LEAD_LIMITS.bodyMax);
      if (text === null) return reply(413, { error: MESSAGES.tooLarge });
      body = JSON.parse(text);
    } catch {
      return reply(400, { error: MESSAGES.brokenJson });
    }

    const parsed = leadSchema.safeParse(body);
    if (!parsed.success) return reply(400, describeLeadError(parsed.error));
    const lead = toLead(parsed.data, await fingerprintOf(parsed.data));
    // Bots get the answer a person gets, so they learn nothing to adapt to.
    const ok = { success: true, id: lead.id };
    const sameRequest = (stored: string | null) =>
      // Rows from before fingerprints cannot be compared: a replay is the likely case.
      stored === null || stored === lead.fingerprint
        ? reply(200, ok)
        : reply(409, { error: MESSAGES.conflict });

    try {
      // A replay is answered before the limit counts it: retrying costs a person nothing.
      const stored = await store.findFingerprint(lead.id);
      if (stored !== undefined) return sameRequest(stored);

      if (deps.rateLimit) {
        const client = clientAddress(request, info, deps.trustForwardedFor);
        const { windowStart, retryAfter } = rateWindow(now(), deps.rateLimit.windowSeconds);
        const hits = await store.countRequest(client, windowStart);
        if (hits > deps.rateLimit.max) {
          return reply(
            429,
            { error: tooManyMessage(retryAfter) },
            { "retry-after": String(retryAfter) },
          );
        }
      }

      const result = await store.insert(lead);
      if (!result.inserted) return sameRequest(result.fingerprint);
    } catch (error) {
      // The visitor's page keeps the request and sends it again; the log and inbox keep it too.
      log(`Could not store lead ${describeLead(lead)}: ${errorText(error)}`);
      if (!lead.spam_reason) {
        defer(
          notifier
            .notify(lead)
            .catch((mail: unknown) => log(`E-mail for lead ${lead.id} failed: ${errorText(mail)}`)),
        );
      }
      return reply(503, { error: MESSAGES.unavailable });
    }

    if (lead.spam_reason) {
      log(`Held as suspected spam (${lead.spam_reason}): ${lead.id}`);
    } else {
      // The insert counted this first attempt.
      defer(deliverNotification({ store, notifier, log }, lead, 1));
    }
    return reply(200, ok);
  };
}

/** The row to store: the submission's fields, its fingerprint, and why it looks like spam. */
function toLead(submission: LeadSubmission, fingerprint: string): Lead {
  const { [HONEYPOT_FIELD]: honeypot, elapsedMs, consent, attribution, ...fields } = submission;
  return {
    ...fields,
    consent_version: consent?.version ?? null,
    consent_at: consent?.at ?? null,
    fill_ms: elapsedMs ?? null,
    spam_reason: findBotSign(honeypot, elapsedMs),
    fingerprint,
    ...attributionToColumns(attribution ?? undefined),
  };
}

function findBotSign(honeypot: string | undefined, elapsedMs: number | undefined): string | null {
  if (honeypot?.trim()) return `the hidden "${HONEYPOT_FIELD}" field was filled in`;
  if (elapsedMs === undefined) return "no fill time was sent";
  if (elapsedMs < LEAD_LIMITS.minFillMs) return `the form was filled in ${elapsedMs} ms`;
  return null;
}

/**
 * SHA-256 (hex) of the validated request with its keys sorted: the same request
 * sent again, however its JSON was spelled, has the same fingerprint.
 */
export async function fingerprintOf(submission: LeadSubmission): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(submission));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The socket's address, or behind a trusted proxy the first X-Forwarded-For entry
 * (the one the gateway saw connect). "unknown" shares one budget, which errs towards
 * limiting rather than letting a missing address through unlimited.
 */
export function clientAddress(
  request: Request,
  info: ConnectionInfo | undefined,
  trustForwardedFor: boolean,
): string {
  if (trustForwardedFor) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return info?.remoteAddr?.hostname || "unknown";
}

/** Fixed windows aligned to the epoch: every instance agrees on where one starts. */
export function rateWindow(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return {
    windowStart: new Date(start),
    retryAfter: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)),
  };
}

async function handleRetryRun(
  request: Request,
  cronSecret: string | null,
  maintenance: ReturnType<typeof createLeadMaintenance>,
  log: (line: string) => void,
): Promise<Response> {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { allow: "POST" } });
  }
  const token = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!cronSecret || !(await sameSecret(token, cronSecret))) {
    return Response.json(
      { error: MESSAGES.unauthorized },
      { status: 401, headers: { "www-authenticate": "Bearer" } },
    );
  }
  try {
    const report = await maintenance.run();
    if (report.notified || report.failed) {
      log(`Retry run: ${report.notified} lead e-mails sent, ${report.failed} failed.`);
    }
    return Response.json(report);
  } catch (error) {
    log(`Retry run failed: ${errorText(error)}`);
    return Response.json({ error: MESSAGES.unavailable }, { status: 503 });
  }
}

/** Compares digests, so the time taken says nothing about how much of the secret matched. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return a.every((byte, index) => byte === b[index]);
}

/** The body as text, or null once it passes maxBytes, whatever Content-Length said. */
async function readText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
