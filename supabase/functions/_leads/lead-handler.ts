import { attributionToColumns } from "./attribution.ts";
import {
  clientAddress,
  rateLimitKey,
  type AddressSource,
  type ConnectionInfo,
} from "./client-address.ts";
import { corsHeaders, isAllowedOrigin } from "./cors.ts";
import type { RateLimit } from "./lead-config.ts";
import {
  formToRequest,
  FORM_MEDIA_TYPE,
  FormEncodingError,
  formRedirect,
  type FormOutcome,
} from "./lead-form.ts";
import { normalizeUnseenFields } from "./lead-intake.ts";
import {
  createLeadMaintenance,
  deliverNotification,
  errorText,
  sendNewMetaLead,
} from "./lead-maintenance.ts";
import type { LeadNotifier } from "./lead-notifier.ts";
import { describeLead } from "./lead-notifier.ts";
import { HONEYPOT_FIELD, LEAD_LIMITS } from "./lead-rules.ts";
import { describeLeadError, leadSchema, type LeadSubmission } from "./lead-schema.ts";
import type { ConsentRecord, Lead, LeadStore } from "./lead-store.ts";
import type { MetaConfig } from "./meta-conversions.ts";
import { sha256Hex, shownDisclosure } from "./disclosures.ts";
import { DEFAULT_COMPANY_NAME } from "./site-facts.ts";

export type { ConnectionInfo };

export type LeadHandlerDeps = {
  store: LeadStore;
  notifier: LeadNotifier;
  /** Origins whose pages may post here; "http://localhost:*" allows any port. */
  allowedOrigins: readonly string[];
  /** Null: no limit (the benchmark, the e2e servers). */
  rateLimit: RateLimit | null;
  /** Where the client's address is read for the rate limit (client-address.ts). */
  addressSource: AddressSource;
  /** The bearer token of the retry run; null turns the endpoint off. */
  cronSecret: string | null;
  /** Runs work after the response is sent (EdgeRuntime.waitUntil on Supabase). */
  defer: (work: Promise<unknown>) => void;
  log: (line: string) => void;
  /** The clock of the rate limit's windows and of the browser's times; tests move it. */
  now?: () => number;
  /** The company's name as the consent wording states it (COMPANY_NAME); default the site's. */
  brand?: string;
  /** Where each real lead goes as a Meta Lead event; null or absent: nowhere. */
  meta?: MetaConfig | null;
  /** How Meta is called; default the global fetch. */
  fetch?: typeof fetch;
};

/** Supabase Cron posts here (supabase/cron/retry-notifications.sql). */
export const RETRY_PATH = "/retry-notifications";

/** How long the team's e-mail may take while the store is down, before the visitor hears. */
const OUTAGE_EMAIL_MS = 8_000;

export const MESSAGES = {
  method: "Use POST to send an offer request.",
  tooLarge: `The request is too large: at most ${LEAD_LIMITS.bodyMax / 1024} KB.`,
  contentType:
    "Send the offer request as JSON (Content-Type: application/json) or as a form (application/x-www-form-urlencoded).",
  brokenJson: "The request body is not valid JSON.",
  notObject: "Send the offer request as a JSON object.",
  unavailable: "We could not save your request just now. Please try again in a minute.",
  conflict:
    "id: This request id was already used for a request with different content. Send it with a new id.",
  unauthorized: "Send the retry run's secret as Authorization: Bearer <LEADS_CRON_SECRET>.",
  foreignForm: "Offer requests are taken from the site's own pages only.",
} as const;

export const tooManyMessage = (seconds: number) =>
  `Too many offer requests from your network. Please try again in ${seconds} seconds.`;

type Via = "script" | "form";

/**
 * The send-contact-email function as a plain Request -> Response handler, shared by the
 * Supabase Edge entry and the local Node server. It takes the page's script (JSON, answered
 * with JSON) and the form itself when no script ran (a form post, answered 303 with a page
 * of the site). Every request that passes validation is stored before the answer,
 * suspected spam with its reason; the team's e-mail (and, when configured, Meta's Lead event)
 * goes out after the answer, and a failed one is sent again by the periodic run
 * (POST .../retry-notifications).
 */
export function createLeadHandler(
  deps: LeadHandlerDeps,
): (request: Request, info?: ConnectionInfo) => Promise<Response> {
  const { store, notifier, allowedOrigins, defer, log, now = Date.now, meta = null } = deps;
  const maintenance = createLeadMaintenance({ store, notifier, log, meta, fetch: deps.fetch });
  let warnedAboutProxy = false;

  return async function handle(request, info) {
    const origin = request.headers.get("origin");
    const json = (status: number, body: object, headers: Record<string, string> = {}) =>
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
      return json(405, { error: MESSAGES.method }, { allow: "POST, OPTIONS" });
    }
    const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    const via: Via | null =
      mediaType === "application/json" ? "script" : mediaType === FORM_MEDIA_TYPE ? "form" : null;
    if (via === null) return json(415, { error: MESSAGES.contentType });

    // A form post is a navigation of the visitor's browser: it is answered with a page of
    // the site the form was on, which must be one of the site's own origins.
    const site = origin && isAllowedOrigin(origin, allowedOrigins) ? origin : null;
    if (via === "form" && site === null) {
      return new Response(`${MESSAGES.foreignForm}\n`, {
        status: 403,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    const answer = (outcome: FormOutcome, status: number, body: object, headers = {}) =>
      via === "form" ? formRedirect(site!, outcome) : json(status, body, headers);

    if (Number(request.headers.get("content-length")) > LEAD_LIMITS.bodyMax) {
      return answer({ kind: "invalid", fields: [] }, 413, { error: MESSAGES.tooLarge });
    }
    let raw: unknown;
    try {
      const text = await readText(request, LEAD_LIMITS.bodyMax);
      if (text === null) {
        return answer({ kind: "invalid", fields: [] }, 413, { error: MESSAGES.tooLarge });
      }
      raw = via === "form" ? formToRequest(text) : JSON.parse(text);
    } catch (error) {
      if (error instanceof FormEncodingError) {
        const fields = [error.field];
        return answer({ kind: "invalid", fields }, 400, { error: error.message, fields });
      }
      return answer({ kind: "invalid", fields: [] }, 400, {
        error: MESSAGES.brokenJson,
        fields: [],
      });
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      return answer({ kind: "invalid", fields: [] }, 400, {
        error: MESSAGES.notObject,
        fields: [],
      });
    }

    const { body, notes } = normalizeUnseenFields(raw as Record<string, unknown>, {
      now: new Date(now()),
    });
    const parsed = leadSchema.safeParse({ ...body, id: body.id ?? PLACEHOLDER_ID });
    if (!parsed.success) {
      const errors = describeLeadError(parsed.error);
      return answer({ kind: "invalid", fields: errors.fields }, 400, errors);
    }
    const submission = parsed.data;
    const fingerprint = await fingerprintOf(submission);
    if (body.id === undefined) submission.id = await derivedLeadId(fingerprint, new Date(now()));
    const gpc = request.headers.get("sec-gpc")?.trim() === "1" || submission.consent?.gpc === true;
    const lead = toLead(submission, fingerprint, notes, via, gpc);
    const alreadyNotified = submission.notified === true;
    const consent = await consentRecord(submission, {
      brand: deps.brand ?? DEFAULT_COMPANY_NAME,
      via,
      gpc,
      userAgent: request.headers.get("user-agent"),
      clientIp: clientAddress(request, info, deps.addressSource),
      notes,
    });
    // Bots get the answer a person gets, so they learn nothing to adapt to.
    const ok = () => answer({ kind: "received" }, 200, { success: true, id: lead.id });
    const sameRequest = (stored: string | null) =>
      // Rows from before fingerprints cannot be compared: a replay is the likely case.
      stored === null || stored === lead.fingerprint
        ? ok()
        : answer({ kind: "invalid", fields: ["id"] }, 409, { error: MESSAGES.conflict });

    try {
      // A replay is answered before the limit counts it: retrying costs a person nothing.
      const stored = await store.findFingerprint(lead.id);
      if (stored !== undefined) return sameRequest(stored);

      if (deps.rateLimit) {
        if (
          deps.addressSource === "socket" &&
          request.headers.has("x-forwarded-for") &&
          !warnedAboutProxy
        ) {
          warnedAboutProxy = true;
          log(
            "Offer requests arrive through a proxy (X-Forwarded-For), but LEADS_TRUSTED_PROXIES is not set: " +
              "every visitor behind it shares one rate-limit budget. Set LEADS_TRUSTED_PROXIES to the number of proxies in front.",
          );
        }
        const client = rateLimitKey(clientAddress(request, info, deps.addressSource));
        const { windowStart, retryAfter } = rateWindow(now(), deps.rateLimit.windowSeconds);
        const hits = await store.countRequest(client, windowStart);
        if (hits > deps.rateLimit.max) {
          return answer(
            { kind: "busy", retryAfter },
            429,
            { error: tooManyMessage(retryAfter) },
            { "retry-after": String(retryAfter) },
          );
        }
      }

      const result = await store.insert(lead, { alreadyNotified, consent });
      if (!result.inserted) return sameRequest(result.fingerprint);
    } catch (error) {
      log(`Could not store lead ${describeLead(lead)}: ${errorText(error)}`);
      return storeDown(lead);
    }

    if (lead.spam_reason) {
      log(`Held as suspected spam (${lead.spam_reason}): ${lead.id}`);
    } else {
      // The insert counted this first attempt.
      if (!alreadyNotified) defer(deliverNotification({ store, notifier, log }, lead, 1));
      if (meta && !lead.gpc) {
        defer(sendNewMetaLead({ store, log, meta, fetch: deps.fetch }, lead.id));
      }
    }
    return ok();

    /**
     * The store is down. The team is e-mailed now, and the answer says whether that worked:
     * the page keeps the request and sends it again, saying so, and the store then records
     * it as e-mailed instead of sending a second e-mail.
     */
    async function storeDown(lead: Lead): Promise<Response> {
      let notified = false;
      if (!lead.spam_reason && !alreadyNotified) {
        notified = await withTimeout(notifier.notify(lead), OUTAGE_EMAIL_MS).then(
          () => true,
          (mail: unknown) => {
            log(`E-mail for lead ${lead.id} failed: ${errorText(mail)}`);
            return false;
          },
        );
      }
      // A form post cannot be sent again by a page: once the team has it, it is received.
      if (via === "form") {
        return formRedirect(site!, notified ? { kind: "received" } : { kind: "unavailable" });
      }
      return json(503, { error: MESSAGES.unavailable, notified }, { "retry-after": "30" });
    }
  };
}

/** Stands in for a missing id while the schema checks the rest; replaced by a derived one. */
const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

/** The row to store: the submission's fields, its fingerprint, and why it looks like spam. */
function toLead(
  submission: LeadSubmission,
  fingerprint: string,
  notes: string[],
  via: Via,
  gpc: boolean,
): Lead {
  const {
    [HONEYPOT_FIELD]: honeypot,
    elapsedMs,
    consent,
    attribution,
    pageUrl: _pageUrl,
    notified: _notified,
    ...fields
  } = submission;
  void _pageUrl;
  void _notified;
  return {
    ...fields,
    consent_version: consent?.version ?? null,
    consent_at: consent?.at ?? null,
    fill_ms: elapsedMs ?? null,
    spam_reason: findBotSign(honeypot, elapsedMs, via),
    fingerprint,
    intake_notes: notes,
    gpc,
    ...attributionToColumns(attribution ?? undefined),
  };
}

/**
 * The consent the lead was sent under. The page says which wording it showed (version
 * and the SHA-256 of the exact text); the function renders that version itself for the
 * company's name and records whether the two agree, noting it when they do not (a page
 * built with another COMPANY_NAME, or wording this function does not know yet).
 */
async function consentRecord(
  submission: LeadSubmission,
  context: {
    brand: string;
    via: Via;
    gpc: boolean;
    userAgent: string | null;
    clientIp: string;
    notes: string[];
  },
): Promise<ConsentRecord> {
  const { consent, phone } = submission;
  const phoneSection = consent?.calls === true;
  const expected = consent
    ? shownDisclosure(consent.version, context.brand, { phoneSection })
    : null;
  const expectedHash = expected === null ? null : await sha256Hex(expected);
  const shown = consent?.shown ?? expectedHash;
  const verified = shown !== null && shown === expectedHash;
  if (consent && !verified) {
    context.notes.push(
      expected === null
        ? `consent: wording version ${JSON.stringify(consent.version)} is not in this function's disclosures.ts; the page's hash is kept.`
        : `consent.shown: the page's wording does not match version ${consent.version} as this function renders it for ${JSON.stringify(context.brand)}; check COMPANY_NAME on both; the page's hash is kept.`,
    );
  }
  return {
    consented_at: consent?.at ?? null,
    disclosure_version: consent?.version ?? null,
    disclosure_sha256: shown,
    disclosure_verified: verified,
    brand: context.brand,
    calls: phoneSection && phone !== null,
    texts: consent?.texts === true && phone !== null,
    page_url: submission.pageUrl ?? null,
    user_agent: context.userAgent?.slice(0, 500) ?? null,
    client_ip: context.clientIp,
    gpc: context.gpc,
    via: context.via,
  };
}

/**
 * A form posted without script carries no fill time: only the hidden field can tell a
 * bot there, and the rate limit holds the rest back.
 */
function findBotSign(
  honeypot: string | undefined,
  elapsedMs: number | undefined,
  via: Via,
): string | null {
  if (honeypot?.trim()) return `the hidden "${HONEYPOT_FIELD}" field was filled in`;
  if (elapsedMs === undefined) return via === "form" ? null : "no fill time was sent";
  if (elapsedMs < LEAD_LIMITS.minFillMs) return `the form was filled in ${elapsedMs} ms`;
  return null;
}

/**
 * SHA-256 (hex) of what the visitor asked for (their fields, the state and the page),
 * with its keys sorted: the same request sent again, however its JSON was spelled and
 * whatever the browser's clock said, has the same fingerprint; the same id with another
 * request in it does not.
 */
export async function fingerprintOf(submission: LeadSubmission): Promise<string> {
  const { address, condition, email, phone, state, source } = submission;
  return sha256Hex(canonicalJson({ address, condition, email, phone, state, source }));
}

/**
 * An id for a request that came without one (a form posted without script): the same
 * request on the same day gets the same id, so a second press of the button, or the back
 * button and a resubmit, is stored once. A UUID of version 8 (RFC 9562: laid out by the
 * application), from the fingerprint and the UTC date.
 */
export async function derivedLeadId(fingerprint: string, now: Date): Promise<string> {
  const hex = [
    ...(await sha256Hex(`${fingerprint}:${now.toISOString().slice(0, 10)}`)).slice(0, 32),
  ];
  hex[12] = "8";
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
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

/** Fixed windows aligned to the epoch: every instance agrees on where one starts. */
export function rateWindow(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return {
    windowStart: new Date(start),
    retryAfter: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)),
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms),
    ),
  ]);
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
    if (report.metaSent || report.metaFailed) {
      log(`Retry run: ${report.metaSent} Meta Lead events sent, ${report.metaFailed} failed.`);
    }
    return Response.json(report);
  } catch (error) {
    log(`Retry run failed: ${errorText(error)}`);
    return Response.json({ error: MESSAGES.unavailable }, { status: 503 });
  }
}

/** Compares digests, so the time taken says nothing about how much of the secret matched. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256Hex(given), sha256Hex(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  }
  return difference === 0;
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
