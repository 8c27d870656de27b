import { FunctionsClient, FunctionsHttpError, FunctionsRelayError } from "@supabase/functions-js";

import { publicEnv } from "@/config/env";
import type { Fate, Notified, Send } from "@/lib/browser/offer-outbox";
import type { OfferPayload } from "@/lib/browser/offer-wizard";
import type { OfferRequest } from "@/supabase/functions/_shared/contract/lead-schema.ts";
import { cleanTouch } from "@/supabase/functions/_shared/contract/touch-rules.ts";
import { FUNCTION_NAME, FUNCTIONS_PATH } from "@/supabase/functions/_shared/contract/site-facts.ts";

/**
 * Sends an offer request to the hosted function through Supabase's functions client (what
 * supabase-js's `functions.invoke` is, without the rest of supabase-js), and says what the
 * answer means for the request (lib/browser/offer-outbox.ts keeps it or not). The request
 * is what the function's schema takes (OfferRequest is its input type). Loaded when there
 * is something to send.
 */
const REQUEST_TIMEOUT_MS = 15_000;

/** The functions of the Supabase project, or of the page's own origin (local server). */
export function functionsUrl(): string {
  return `${publicEnv.supabaseUrl ?? window.location.origin}${FUNCTIONS_PATH}`;
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
  /** The deliveries a team channel took while the store was down (a 503 says which, signed). */
  notified?: Notified;
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
    ...(isNotified(body.notified)
      ? { notified: { ids: body.notified.ids, sig: body.notified.sig } }
      : {}),
  };
}

/** The 503's signed list, kept only in its shape: the function checks the rest. */
function isNotified(value: unknown): value is Notified {
  const list = value as Partial<Notified> | null;
  return (
    typeof list === "object" &&
    list !== null &&
    Array.isArray(list.ids) &&
    list.ids.length > 0 &&
    list.ids.every((id) => typeof id === "string") &&
    typeof list.sig === "string"
  );
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
  const functions = new FunctionsClient(functionsUrl(), {
    // What supabase-js sends: the gateway reads the project's public key.
    headers: {
      authorization: `Bearer ${publicEnv.supabaseAnonKey}`,
      apikey: publicEnv.supabaseAnonKey,
    },
  });
  const { error } = await functions.invoke(FUNCTION_NAME, {
    body: requestBody(payload),
    timeout: REQUEST_TIMEOUT_MS,
  });
  if (!error) return { ok: true };
  // The function answered, not 2xx: its Response (the error's context) decides.
  if (error instanceof FunctionsHttpError) {
    return { ok: false, error, ...(await classifyAnswer(error.context as Response)) };
  }
  // Supabase's relay did not reach the function: send it again, when the relay says.
  if (error instanceof FunctionsRelayError) {
    const relay = error.context as Response;
    return {
      ok: false,
      fate: "keep",
      error,
      retryAfterMs: retryAfterMs(relay.headers.get("retry-after")),
    };
  }
  // No answer (FunctionsFetchError: offline, blocked, timed out, CORS), or a 2xx whose
  // body would not parse: send it again; the same id is stored once.
  return { ok: false, fate: "keep", error };
};
