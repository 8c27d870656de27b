import { publicEnv } from "@/config/env";
import type { Fate, Send } from "@/lib/browser/offer-outbox";
import type { OfferPayload } from "@/lib/browser/offer-wizard";
import type { OfferRequest } from "@/supabase/functions/_leads/lead-schema.ts";
import { cleanTouch } from "@/supabase/functions/_leads/touch-rules.ts";
import { FUNCTION_PATH } from "@/supabase/functions/_leads/site-facts.ts";

/**
 * Sends an offer request to the hosted function with one fetch, and says what the answer
 * means for the request (lib/browser/offer-outbox.ts keeps it or not). The request is
 * what the function's schema takes (OfferRequest is its input type), with the headers
 * Supabase's gateway reads. Loaded when there is something to send.
 */
const REQUEST_TIMEOUT_MS = 15_000;

/** The function's address: the Supabase project's, or the page's own origin (local server). */
export function functionUrl(): string {
  return `${publicEnv.supabaseUrl ?? window.location.origin}${FUNCTION_PATH}`;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent. */
export function retryAfterMs(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type ErrorBody = { error?: unknown; fields?: unknown; messages?: unknown; notified?: unknown };

async function bodyOf(response: Response): Promise<ErrorBody> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

/**
 * What an answer other than 2xx means for the request: 409 -> a new id; 400 naming fields
 * -> the visitor must fix them; anything else (404 from a misconfigured host, 413, 415,
 * 429, 5xx) -> keep it and send it again, after Retry-After when there is one.
 */
export async function classifyAnswer(response: Response): Promise<{
  fate: Fate;
  retryAfterMs?: number;
  fields?: string[];
  messages?: Record<string, string>;
  /** The deliveries a team channel took while the store was down (a 503 says which). */
  notified?: string[];
}> {
  if (response.status === 409) return { fate: "renew" };
  const body = await bodyOf(response);
  if (response.status === 400 && Array.isArray(body.fields) && body.fields.length > 0) {
    const messages =
      typeof body.messages === "object" && body.messages !== null
        ? Object.fromEntries(
            Object.entries(body.messages).filter(([, text]) => typeof text === "string"),
          )
        : {};
    return {
      fate: "drop",
      fields: body.fields.filter((field): field is string => typeof field === "string"),
      messages,
    };
  }
  return {
    fate: "keep",
    retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
    ...(Array.isArray(body.notified) && body.notified.length > 0
      ? { notified: body.notified.filter((id): id is string => typeof id === "string") }
      : {}),
  };
}

/**
 * The request as the function reads it: of the visits the browser kept, only the fields
 * the function accepts, so a stale or tampered value in storage never adds to the body.
 */
export function requestBody({ attribution: kept, ...payload }: OfferPayload): OfferRequest {
  const first = cleanTouch(kept?.first);
  const last = cleanTouch(kept?.last);
  if (!first && !last) return payload;
  return { ...payload, attribution: { ...(first && { first }), ...(last && { last }) } };
}

export const sendToFunction: Send = async (payload) => {
  try {
    const response = await fetch(functionUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        // What supabase-js sends: the gateway reads the project's public key.
        authorization: `Bearer ${publicEnv.supabaseAnonKey}`,
        apikey: publicEnv.supabaseAnonKey,
      },
      body: JSON.stringify(requestBody(payload)),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.ok) return { ok: true };
    const error = new Error(`The offer function answered ${response.status}.`);
    return { ok: false, error, ...(await classifyAnswer(response)) };
  } catch (error) {
    // No answer: offline, a blocked or timed-out request, CORS.
    return { ok: false, fate: "keep", error };
  }
};
