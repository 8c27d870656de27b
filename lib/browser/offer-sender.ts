import { publicEnv } from "@/config/env";
import type { Fate, Send } from "@/lib/browser/offer-outbox";
import type { OfferPayload } from "@/lib/browser/offer-wizard";
import type { Attribution } from "@/supabase/functions/_leads/attribution.ts";
import { cleanTouch } from "@/supabase/functions/_leads/touch-rules.ts";
import { FUNCTION_NAME } from "@/supabase/functions/_leads/site-facts.ts";

/**
 * Sends an offer request to the hosted function through supabase-js, and says what a
 * failure means for the request (lib/browser/offer-outbox.ts keeps it or not). Loaded only when
 * there is something to send: the page does not pay for it up front.
 */
const REQUEST_TIMEOUT_MS = 15_000;

type FunctionsClient = {
  invoke: (
    name: string,
    options: { body: RequestBody; timeout: number },
  ) => Promise<{ data: unknown; error: unknown }>;
};

let functionsClient: Promise<FunctionsClient> | undefined;

/** Starts loading the client (~60 KB gzip) ahead of a likely submit. */
export function preloadFunctionsClient(): void {
  // Offline now: the submit loads it again, and keeps the request if that fails too.
  loadFunctionsClient().catch(() => {});
}

function loadFunctionsClient(): Promise<FunctionsClient> {
  // Loaded on first submit, not with the page: the client is ~60 KB gzip.
  functionsClient ??= import("@supabase/supabase-js").then(({ createClient }) => {
    // Without a Supabase project, the page's own origin: the local server answers there.
    const url = publicEnv.supabaseUrl ?? window.location.origin;
    return createClient(url, publicEnv.supabaseAnonKey, { auth: { persistSession: false } })
      .functions;
  });
  // A failed download (offline) must not stick: the next try loads it afresh.
  functionsClient.catch(() => {
    functionsClient = undefined;
  });
  return functionsClient;
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

/** What supabase-js puts in a FunctionsHttpError's context: the function's Response. */
type AnswerLike = {
  status: number;
  headers?: { get(name: string): string | null };
  clone?: () => { json(): Promise<unknown> };
};

function answerOf(error: unknown): AnswerLike | null {
  const context = (error as { context?: Partial<AnswerLike> } | null)?.context;
  return typeof context?.status === "number" ? (context as AnswerLike) : null;
}

/**
 * What an error from functions.invoke() means for the request. An HTTP error carries
 * the Response as its context; anything else (offline, CORS, timeout) got no answer.
 */
export async function classifyFailure(
  error: unknown,
): Promise<{ fate: Fate; retryAfterMs?: number }> {
  const answer = answerOf(error);
  if (!answer) return { fate: "keep" };
  if (answer.status === 409) return { fate: "renew" };
  if (answer.status === 429) {
    return { fate: "keep", retryAfterMs: retryAfterMs(answer.headers?.get("retry-after")) };
  }
  if (answer.status === 400) {
    const body: unknown = await Promise.resolve()
      .then(() => answer.clone?.().json())
      .catch(() => null);
    const fields = (body as { fields?: unknown } | null)?.fields;
    if (Array.isArray(fields) && fields.length > 0) return { fate: "drop" };
  }
  return { fate: "keep" };
}

type RequestBody = Omit<OfferPayload, "attribution"> & { attribution?: Attribution };

/**
 * The request as the function reads it: of the visits the browser kept, only the fields
 * the function accepts, so a stale or tampered value in storage never gets a lead refused.
 * Cleaned here, at each try, rather than in the form: the page does not carry the checks.
 */
export function requestBody({ attribution: kept, ...payload }: OfferPayload): RequestBody {
  const first = cleanTouch(kept?.first);
  const last = cleanTouch(kept?.last);
  if (!first && !last) return payload;
  return { ...payload, attribution: { ...(first && { first }), ...(last && { last }) } };
}

export const sendToFunction: Send = async (payload) => {
  try {
    const functions = await loadFunctionsClient();
    const { error } = await functions.invoke(FUNCTION_NAME, {
      body: requestBody(payload),
      timeout: REQUEST_TIMEOUT_MS,
    });
    if (error) throw error;
    return { ok: true };
  } catch (error) {
    return { ok: false, error, ...(await classifyFailure(error)) };
  }
};
