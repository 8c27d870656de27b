import { attributionToColumns } from "../contract/attribution.ts";
import { readBounded } from "../contract/bounded-body.ts";
import { clientAddress, rateLimitKey, type ConnectionInfo } from "../intake/client-address.ts";
import { corsHeaders, isAllowedOrigin } from "../config/cors.ts";
import { createChannels } from "../delivery/adapters.ts";
import { createDeliverer, errorText } from "../delivery/deliver.ts";
import { uuidFromText } from "../contract/uuid.ts";
import { type PlannedDelivery } from "../store/rows.ts";
import { planNewLead } from "../delivery/plan.ts";
import { handleSmsInbound, SMS_INBOUND_PATH } from "./sms-inbound.ts";
import { describeLead } from "../delivery/messages/team-messages.ts";
import { DISCLOSURES, sha256Hex, shownDisclosure } from "../contract/disclosures.ts";
import type { LeadConfig } from "../config/lead-config.ts";
import {
  formToRequest,
  FORM_MEDIA_TYPE,
  FormEncodingError,
  formRedirect,
  type FormOutcome,
} from "../contract/lead-form.ts";
import { normalizeUnseenFields } from "../intake/unseen-fields.ts";
import { createLeadMaintenance, type MaintenanceReport } from "../maintenance/lead-maintenance.ts";
import type { LeadRecords } from "../store/lead-records.ts";
import { HONEYPOT_FIELD, LEAD_LIMITS } from "../contract/lead-rules.ts";
import { describeLeadError, leadSchema, type LeadSubmission } from "../contract/lead-schema.ts";
import { sameSecret } from "../contract/same-secret.ts";
import type { LeadStore } from "../store/lead-store.ts";
import type { ConsentRecord, Lead } from "../store/rows.ts";

export type { ConnectionInfo };

export type LeadHandlerDeps = {
  /** The leads, and the opt-outs an inbound STOP records. */
  store: LeadStore & Pick<LeadRecords, "recordOptOut">;
  /** What the function reads from its environment (lead-config.ts). */
  config: LeadConfig;
  /** Runs work after the response is sent (EdgeRuntime.waitUntil on Supabase). */
  defer: (work: Promise<unknown>) => void;
  log: (line: string) => void;
  /** The clock of the rate limit's windows and of the browser's times; tests move it. */
  now?: () => number;
  /** How providers are called; default the global fetch. */
  fetch?: typeof fetch;
  /** How a 5-second retry is waited out after the answer; tests pass one that does not sleep. */
  sleep?: (ms: number) => Promise<void>;
};

/** The function: its request handler, and the periodic run the local timer or Supabase Cron starts. */
export type LeadFunction = {
  handle: (request: Request, info?: ConnectionInfo) => Promise<Response>;
  runMaintenance: () => Promise<MaintenanceReport>;
};

/** Supabase Cron posts here (supabase/cron/retry-notifications.sql). */
export const RETRY_PATH = "/retry-notifications";

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
 * of the site). Every request that passes validation is stored before the answer, suspected
 * spam with its reason, together with every delivery it causes (delivery/plan.ts); those go
 * out right after the answer, and what fails is tried again by the periodic run
 * (POST .../retry-notifications). Twilio posts the texts people send back to .../sms-inbound.
 */
export function createLeadHandler(deps: LeadHandlerDeps): LeadFunction {
  const { store, config, defer, log, now = Date.now } = deps;
  const { allowedOrigins } = config;
  const channels = createChannels(config, { log, fetch: deps.fetch });
  const deliverer = createDeliverer({ store, channels, log, sleep: deps.sleep });
  const maintenance = createLeadMaintenance({ store, deliverer, config });
  let warnedAboutProxy = false;

  async function handle(request: Request, info?: ConnectionInfo): Promise<Response> {
    const origin = request.headers.get("origin");
    const json = (status: number, body: object, headers: Record<string, string> = {}) =>
      Response.json(body, {
        status,
        headers: { ...corsHeaders(origin, allowedOrigins), ...headers },
      });

    const pathname = new URL(request.url).pathname;
    if (pathname.endsWith(RETRY_PATH)) {
      return handleRetryRun(request, config.cronSecret, maintenance, log);
    }
    if (pathname.endsWith(SMS_INBOUND_PATH)) {
      return handleSmsInbound(request, {
        twilio: config.twilio,
        company: config.company,
        records: store,
        log,
        readText,
      });
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
    const consent = await consentRecord(submission, {
      brand: config.brand,
      via,
      gpc,
      userAgent: request.headers.get("user-agent"),
      clientIp: clientAddress(request, info, config.addressSource),
      notes,
      now: new Date(now()),
    });
    const deliveries = sentWhileDown(
      await planNewLead(lead, consent, config, new Date(now())),
      submission.notified,
    );
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

      if (config.rateLimit) {
        if (
          config.addressSource === "socket" &&
          request.headers.has("x-forwarded-for") &&
          !warnedAboutProxy
        ) {
          warnedAboutProxy = true;
          log(
            "Offer requests arrive through a proxy (X-Forwarded-For), but LEADS_TRUSTED_PROXIES is not set: " +
              "every visitor behind it shares one rate-limit budget. Set LEADS_TRUSTED_PROXIES to the number of proxies in front.",
          );
        }
        const client = rateLimitKey(clientAddress(request, info, config.addressSource));
        const { windowStart, retryAfter } = rateWindow(now(), config.rateLimit.windowSeconds);
        const hits = await store.countRequest(client, windowStart);
        if (hits > config.rateLimit.max) {
          return answer(
            { kind: "busy", retryAfter },
            429,
            { error: tooManyMessage(retryAfter) },
            { "retry-after": String(retryAfter) },
          );
        }
      }

      const result = await store.insert(lead, { consent, deliveries });
      if (!result.inserted) return sameRequest(result.fingerprint);
    } catch (error) {
      log(`Could not store lead ${describeLead(lead)}: ${errorText(error)}`);
      return storeDown(lead, consent, deliveries);
    }

    if (lead.spam_reason) log(`Held as suspected spam (${lead.spam_reason}): ${lead.id}`);
    else defer(deliverer.deliverLead(lead.id));
    return ok();

    /**
     * The store is down. The team's channels are tried now, and only a 2xx from one of them
     * counts (a log line does not): a form post, which no page can send again, is then
     * received; otherwise it lands on the page that says it was not sent, with the phone.
     * The page's script keeps its request and sends it again, with the ids of what went out,
     * so those are stored as sent instead of going twice.
     */
    async function storeDown(
      lead: Lead,
      consent: ConsentRecord,
      deliveries: PlannedDelivery[],
    ): Promise<Response> {
      const sent = lead.spam_reason
        ? []
        : await deliverer.sendWithoutStore(lead, consent, deliveries);
      if (via === "form") {
        return formRedirect(
          site!,
          sent.length > 0 ? { kind: "received" } : { kind: "unavailable" },
        );
      }
      return json(
        503,
        { error: MESSAGES.unavailable, notified: sent.length > 0 ? sent : false },
        { "retry-after": "30" },
      );
    }
  }

  return { handle, runMaintenance: () => maintenance.run() };
}

/**
 * The planned deliveries, those a team channel took while the store was down (the 503 gave
 * their ids, and the page sends them back) marked sent, so they do not go twice.
 */
function sentWhileDown(
  planned: PlannedDelivery[],
  notified: LeadSubmission["notified"],
): PlannedDelivery[] {
  if (!Array.isArray(notified)) return planned;
  return planned.map((delivery) =>
    notified.includes(delivery.id)
      ? {
          ...delivery,
          status: "sent",
          note: "sent while the store was down, before the lead was stored",
        }
      : delivery,
  );
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

/** How long the browser keeps a request before it gives up (lib/browser/offer-outbox.ts). */
const OUTBOX_MAX_AGE_MS = 30 * 86_400_000;
/** How far a browser's clock may run ahead of the server's before its time is doubted. */
const CLOCK_AHEAD_MS = 10 * 60_000;

/**
 * The consent the lead was sent under, saying only what happened. "Verified" only when the
 * page sent the SHA-256 of the wording it showed and it equals this function's rendering of
 * the version it names (for the company's name); a page that sent none is not verified.
 * Texts are agreed only with the separate box ticked, in a wording that had one, beside a
 * phone field that was shown and filled in. A consent time before the wording was
 * published, older than the browser keeps a request, or ahead of the server's clock is kept
 * as sent and doubted, in the record and in the lead's notes.
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
    now: Date;
  },
): Promise<ConsentRecord> {
  const { consent, phone } = submission;
  const wording = consent ? DISCLOSURES[consent.version] : undefined;
  const shown = consent?.shown ?? null;
  // Which of the version's two renderings (with the phone section, or without) the page's
  // hash is of; null when it is of neither, or the page sent none.
  let matched: boolean | null = null;
  if (consent && shown) {
    for (const phoneSection of [true, false]) {
      const text = shownDisclosure(consent.version, context.brand, { phoneSection });
      if (text !== null && (await sha256Hex(text)) === shown) matched = phoneSection;
    }
  }
  const verified = matched !== null;
  // Unverified, the page's word for whether the phone section showed is all there is.
  const phoneSection = matched ?? consent?.calls === true;
  if (consent && !verified) {
    context.notes.push(
      wording === undefined
        ? `consent: wording version ${JSON.stringify(consent.version)} is not in this function's disclosures.ts; the page's hash is kept.`
        : shown === null
          ? `consent.shown: the page sent no hash of the wording it showed; recorded as not verified.`
          : `consent.shown: the page's wording does not match version ${consent.version} as this function renders it for ${JSON.stringify(context.brand)}; check COMPANY_NAME on both; the page's hash is kept.`,
    );
  }
  const texts =
    consent?.texts === true && wording?.texts !== undefined && phoneSection && phone !== null;
  if (consent?.texts === true && !texts) {
    context.notes.push(
      `consent.texts: not recorded as agreed: ${
        wording?.texts === undefined
          ? `wording version ${JSON.stringify(consent.version)} had no box for texts`
          : !phoneSection
            ? "the phone section was not shown"
            : "no phone number was sent"
      }.`,
    );
  }
  const doubts = consent
    ? consentDoubts(consent.at, wording?.published ?? null, consent.version, context.now)
    : [];
  for (const doubt of doubts) context.notes.push(`consent.at: ${doubt}; kept as sent.`);
  return {
    consented_at: consent?.at ?? null,
    disclosure_version: consent?.version ?? null,
    disclosure_sha256: shown,
    disclosure_verified: verified,
    brand: context.brand,
    calls: phoneSection && consent?.calls === true && phone !== null,
    texts,
    page_url: submission.pageUrl ?? null,
    user_agent: context.userAgent?.slice(0, 500) ?? null,
    client_ip: context.clientIp,
    gpc: context.gpc,
    via: context.via,
    doubts,
  };
}

/** Why a consent time is not believable as the moment the visitor agreed. */
function consentDoubts(at: string, published: string | null, version: string, now: Date): string[] {
  const time = Date.parse(at);
  return [
    published !== null && time < Date.parse(published)
      ? `${at} is before wording ${version} was published (${published})`
      : null,
    time < now.getTime() - OUTBOX_MAX_AGE_MS
      ? `${at} is older than the 30 days a browser keeps a request (server's clock ${now.toISOString()})`
      : null,
    time > now.getTime() + CLOCK_AHEAD_MS
      ? `${at} is ahead of the server's clock (${now.toISOString()})`
      : null,
  ].filter((doubt): doubt is string => doubt !== null);
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
export function derivedLeadId(fingerprint: string, now: Date): Promise<string> {
  return uuidFromText(`${fingerprint}:${now.toISOString().slice(0, 10)}`);
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

async function handleRetryRun(
  request: Request,
  cronSecret: string | null,
  maintenance: { run(): Promise<MaintenanceReport> },
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
    const { sent, retrying, failed, logged, skipped } = report.deliveries;
    if (sent + retrying + failed + logged + skipped > 0 || report.escalated || report.announced) {
      log(
        `Retry run: ${sent} deliveries sent, ${retrying} to retry, ${failed} failed, ${logged} logged, ${skipped} skipped; ${report.escalated} leads escalated, ${report.announced} status changes announced.`,
      );
    }
    return Response.json(report);
  } catch (error) {
    log(`Retry run failed: ${errorText(error)}`);
    return Response.json({ error: MESSAGES.unavailable }, { status: 503 });
  }
}

/** The body as UTF-8 text, or null once it passes maxBytes; throws on bytes that are not UTF-8. */
export async function readText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const bytes = await readBounded({ next: () => reader.read() }, maxBytes, () => reader.cancel());
  return bytes === null ? null : new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
