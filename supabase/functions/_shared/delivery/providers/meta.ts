// Sending events (POST /{version}/{dataset id}/events), as read on 2026-11-25: https://developers.facebook.com/documentation/ads-commerce/conversions-api/using-the-api
// Server event parameters (event_time in Unix seconds, event_id, action_source), as read on 2026-11-25: https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/server-event/
// Customer information parameters (em, ph normalising and hashing), as read on 2026-11-25: https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters
// fbc from an fbclid (fb.1.<ms when first seen>.<fbclid>), as read on 2026-11-25: https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc/
// Graph API error responses, as read on 2026-11-25: https://developers.facebook.com/docs/graph-api/guides/error-handling
// Graph API versions (v26.0 the latest, released 2026-07-29), as read on 2026-11-25: https://developers.facebook.com/docs/graph-api/changelog

import { META_GRAPH_URL, type MetaConfig } from "../../config/lead-config.ts";
import { tagFieldProblem } from "../../contract/touch-fields.ts";
import { emailKey, phoneKey } from "../../contract/contacts.ts";
import { sha256Hex } from "../../contract/disclosures.ts";
import type { AttemptResult } from "../outbox.ts";
import { callProvider, type ProviderAnswer } from "../transport.ts";

export type MetaLeadInput = {
  id: string;
  email: string;
  phone: string | null;
  fbclid: string | null;
  /** ISO, when the click id was first seen */
  fbclidAt: string | null;
  /** ISO */
  createdAt: string;
  eventSourceUrl: string | null;
  userAgent: string | null;
  clientIp: string | null;
};

/**
 * Meta's rule for ph: digits only, country code first, no "+" or leading zeros: the
 * phone's E.164 key without its plus. Null when the text cannot be read as a number.
 */
export function metaPhone(phone: string): string | null {
  return phoneKey(phone)?.slice(1) ?? null;
}

/**
 * The fbc value for a click id seen by the server: subdomain index 1 (Meta's value
 * when no _fbc cookie was saved) and the time the fbclid was first seen, in ms.
 * The click id goes in as it came: Meta reads it case-sensitively.
 */
export function fbcFrom(fbclid: string, capturedAtMs: number): string {
  if (!Number.isSafeInteger(Math.trunc(capturedAtMs)) || capturedAtMs < 0) {
    throw new RangeError("capturedAtMs must be a time in milliseconds since 1970.");
  }
  return `fb.1.${Math.trunc(capturedAtMs)}.${fbclid}`;
}

/**
 * One entry of the request's `data` array: a website Lead, deduplicated on the lead's
 * id. Meta refuses the whole request when an event_time is more than 7 days old, so
 * send it soon after the lead arrives.
 */
export async function metaLeadEvent(lead: MetaLeadInput): Promise<Record<string, unknown>> {
  const createdAtMs = isoTime(lead.createdAt);
  if (createdAtMs === null) throw new Error("createdAt is not an ISO 8601 date-time.");
  const email = emailKey(lead.email);
  const phone = lead.phone === null ? null : metaPhone(lead.phone);
  const fbclid =
    lead.fbclid && tagFieldProblem("fbclid", lead.fbclid) === null ? lead.fbclid : null;
  const seenAtMs = (lead.fbclidAt === null ? null : isoTime(lead.fbclidAt)) ?? createdAtMs;

  const userData: Record<string, unknown> = {};
  if (email) userData.em = [await sha256Hex(email)];
  if (phone) userData.ph = [await sha256Hex(phone)];
  if (fbclid) userData.fbc = fbcFrom(fbclid, seenAtMs);
  if (lead.clientIp) userData.client_ip_address = lead.clientIp;
  if (lead.userAgent) userData.client_user_agent = lead.userAgent;

  return {
    event_name: "Lead",
    event_time: Math.floor(createdAtMs / 1000),
    event_id: lead.id,
    action_source: "website",
    ...(lead.eventSourceUrl ? { event_source_url: lead.eventSourceUrl } : {}),
    user_data: userData,
  };
}

/** Graph API error codes Meta calls temporary: unknown, service, rate limits (throttling). */
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

/**
 * Posts the lead to the dataset's /events edge and says what came of it. The access token
 * travels in the JSON body, not the address, so it stays out of access logs and of errors
 * that quote the URL; every message has it blanked out all the same.
 */
export async function sendMetaLead(
  config: MetaConfig,
  lead: MetaLeadInput,
  fetchImpl: typeof fetch,
): Promise<AttemptResult> {
  const base = (config.url ?? META_GRAPH_URL).replace(/\/+$/, "");
  return callProvider(
    {
      name: "Meta",
      reachedName: "Meta Conversions API",
      url: `${base}/${config.apiVersion}/${config.datasetId}/events`,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        data: [await metaLeadEvent(lead)],
        ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
        access_token: config.accessToken,
      }),
      secrets: { "access token": config.accessToken },
      describe: ({ text }) => graphErrorText(text),
      read: readMetaAnswer,
    },
    fetchImpl,
  );
}

/**
 * Meta's own word that an error is temporary (is_transient, or a throttling code) is a
 * retry whatever the HTTP status; a success that received no event is a failure.
 */
function readMetaAnswer({ status, text }: ProviderAnswer, byStatus: AttemptResult): AttemptResult {
  const body = parseJson(text) as {
    error?: Record<string, unknown>;
    events_received?: unknown;
  } | null;
  const graphError = body?.error;
  if (byStatus.outcome === "failed" && graphError) {
    const transient =
      graphError.is_transient === true || TRANSIENT_CODES.has(Number(graphError.code));
    if (transient) return { ...byStatus, outcome: "retry" };
  }
  const received = body?.events_received;
  if (byStatus.outcome === "sent" && typeof received === "number" && received < 1) {
    return {
      outcome: "failed",
      status,
      error: `Meta answered ${status} but received no event: ${text}`,
    };
  }
  return byStatus;
}

function isoTime(text: string): number | null {
  if (!/^\d{4}-\d\d-\d\dT/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

/** Graph API errors come as {"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}. */
function graphErrorText(text: string): string {
  const error = (parseJson(text) as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error.message !== "string") return text;
  const details = [
    typeof error.type === "string" && error.type,
    error.code !== undefined && `code ${String(error.code)}`,
    error.error_subcode !== undefined && `subcode ${String(error.error_subcode)}`,
    typeof error.error_user_msg === "string" && error.error_user_msg,
    typeof error.fbtrace_id === "string" && `fbtrace_id ${error.fbtrace_id}`,
  ].filter(Boolean);
  return details.length ? `${error.message} (${details.join(", ")})` : error.message;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
