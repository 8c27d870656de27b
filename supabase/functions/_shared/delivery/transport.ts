import { readBounded } from "../contract/bounded-body.ts";
import { escapeNonPrintable } from "../contract/printable.ts";
import type { AttemptResult } from "./outbox.ts";

/**
 * The one way a provider (Resend, Twilio, a webhook, Meta) is called: a timeout, no redirect
 * followed, the answer read to a bound, every secret blanked out of what is kept, and the
 * outcome classified once. A provider only builds its request and reads its answer.
 */

/** An answer as a provider reads it: the status, the headers and the body as text. */
export type ProviderAnswer = { status: number; headers: Headers; text: string };

export type ProviderRequest = {
  /** The provider as an answer's error names it: "500 from Resend", "503 from the webhook". */
  name: string;
  /** As a lost request's error names it, when not `name` capitalised: "Meta Conversions API". */
  reachedName?: string;
  url: string;
  /** Default POST; a GET (Twilio's list of messages) has no body. */
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** Default 10 seconds. */
  timeoutMs?: number;
  /**
   * Every secret the request carries, under the label that stands in its place
   * ("[API key]") in anything kept; its URL-encoded form and the Authorization header's
   * value are blanked out too.
   */
  secrets: Record<string, string | readonly string[]>;
  /** What a refusal says, for its error; default the body. */
  describe?: (answer: ProviderAnswer) => string;
  /** The provider's own reading over the status's (Meta's word that an error is temporary). */
  read?: (answer: ProviderAnswer, byStatus: AttemptResult) => AttemptResult;
  /** What to change when it redirects: "set LEADS_WEBHOOK_URL to the final address". */
  redirectHint?: string;
};

const TIMEOUT_MS = 10_000;
/** Read of an answer at most; real providers' answers are a few hundred bytes. */
export const ANSWER_MAX_BYTES = 64 * 1024;
/** Shown of what a provider said (its body, a Location), and of a whole error. */
const DETAIL_MAX = 300;
const ERROR_MAX = 500;

/**
 * Makes one request and says what came of it; never throws. A redirect is refused, not
 * followed, so the request's secrets and the lead never reach another host (Standard
 * Webhooks and Svix count a 3xx as a failure too).
 */
export async function callProvider(
  request: ProviderRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<AttemptResult> {
  const redact = redactor(request);
  const shown = (text: string) => capped(redact(text), DETAIL_MAX);
  const clean = (result: AttemptResult): AttemptResult =>
    "error" in result
      ? { ...result, error: capped(escapeNonPrintable(redact(result.error)), ERROR_MAX) }
      : result;
  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: request.method ?? "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    const name = request.reachedName ?? request.name[0]!.toUpperCase() + request.name.slice(1);
    return clean(unreachable(name, error));
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel().catch(() => {});
    return clean(redirected(request, response, shown));
  }
  const answer = {
    status: response.status,
    headers: response.headers,
    text: await readAnswer(response),
  };
  const byStatus = answerOutcome(answer.status, answer.headers.get("retry-after"), (status) => {
    const detail = shown(request.describe ? request.describe(answer) : answer.text);
    return `${status} from ${request.name}${detail ? `: ${detail}` : ""}`;
  });
  return clean(request.read ? request.read(answer, byStatus) : byStatus);
}

/** A 3xx, or a browser's opaque redirect (status 0, no Location): failed, naming where it pointed. */
function redirected(
  { name, redirectHint }: ProviderRequest,
  response: Response,
  shown: (text: string) => string,
): AttemptResult {
  const location = response.headers.get("location");
  const what = response.status ? `${response.status} from ${name}` : `An answer from ${name}`;
  return {
    outcome: "failed",
    ...(response.status ? { status: response.status } : {}),
    error: `${what}: it redirects${location ? ` to ${shown(location)}` : ""}${redirectHint ? `; ${redirectHint}` : ""}`,
  };
}

/** The body as text, read no further than ANSWER_MAX_BYTES; empty when it broke off (the status still holds). */
async function readAnswer(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  try {
    const bytes = await readBounded({ next: () => reader.read() }, ANSWER_MAX_BYTES, () =>
      reader.cancel().catch(() => {}),
    );
    return bytes === null
      ? `(an answer of more than ${ANSWER_MAX_BYTES / 1024} KB, not read)`
      : new TextDecoder().decode(bytes);
  } catch {
    return "";
  }
}

/** Blanks out every secret's forms, the longest first so a credential pair goes before its token. */
function redactor({ secrets, headers }: ProviderRequest): (text: string) => string {
  const labels = new Map<string, string>();
  const add = (value: string, label: string) => {
    for (const form of [value, encodeURIComponent(value)]) {
      if (form && !labels.has(form)) labels.set(form, label);
    }
  };
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === "authorization") add(value, "[authorization]");
  }
  for (const [label, values] of Object.entries(secrets)) {
    for (const value of [values].flat()) add(value, `[${label}]`);
  }
  const forms = [...labels].sort(([a], [b]) => b.length - a.length);
  return (text) => forms.reduce((result, [form, label]) => result.split(form).join(label), text);
}

function capped(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * What an HTTP answer means for a delivery, as Standard Webhooks advises senders: 2xx is
 * delivered; 408, 429 and 5xx are passing (retry, after Retry-After when given); 410 means
 * the receiver wants no more; any other answer is refused for good.
 */
export function answerOutcome(
  status: number,
  retryAfter: string | null,
  describe: (status: number) => string,
): AttemptResult {
  if (status >= 200 && status < 300) return { outcome: "sent", status };
  const error = describe(status);
  if (status === 408 || status === 429 || status >= 500) {
    const seconds = retryAfterSeconds(retryAfter);
    return {
      outcome: "retry",
      error,
      status,
      ...(seconds === null ? {} : { retryAfterSeconds: seconds }),
    };
  }
  return { outcome: "failed", error, status };
}

/** Retry-After in seconds (a number or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A request that never got an answer: the receiver may have it, so it is tried again. */
export function unreachable(what: string, error: unknown): AttemptResult {
  return { outcome: "retry", error: `${what} could not be reached: ${failureText(error)}` };
}

/** "no answer within the timeout", or the error's name and message and its cause's message. */
function failureText(error: unknown): string {
  // Not instanceof: a DOMException (the timeout's) may come from another realm.
  const { name, message, cause } = (error ?? {}) as Record<string, unknown>;
  if (name === "TimeoutError") return "no answer within the timeout";
  if (typeof message !== "string") return String(error);
  const text = typeof name === "string" && name !== "Error" ? `${name}: ${message}` : message;
  const why = (cause as { message?: unknown } | null | undefined)?.message;
  return typeof why === "string" ? `${text} (${why})` : text;
}
