import { corsHeaders } from "./cors.ts";
import type { LeadNotifier } from "./lead-notifier.ts";
import { describeLead } from "./lead-notifier.ts";
import { HONEYPOT_FIELD, LEAD_LIMITS } from "./lead-rules.ts";
import { describeLeadError, leadSchema } from "./lead-schema.ts";
import type { Lead, LeadStore } from "./lead-store.ts";

export type LeadHandlerDeps = {
  store: LeadStore;
  notifier: LeadNotifier;
  /** Origins whose pages may post here; "http://localhost:*" allows any port. */
  allowedOrigins: readonly string[];
  /** Runs work after the response is sent (EdgeRuntime.waitUntil on Supabase). */
  defer: (work: Promise<void>) => void;
  log: (line: string) => void;
};

export const MESSAGES = {
  method: "Use POST to send an offer request.",
  tooLarge: `The request is too large: at most ${LEAD_LIMITS.bodyMax / 1024} KB.`,
  contentType: "Send the offer request as JSON (Content-Type: application/json).",
  brokenJson: "The request body is not valid JSON.",
  unavailable: "We could not save your request just now. Please try again in a minute.",
} as const;

/**
 * The send-contact-email function as a plain Request -> Response handler,
 * shared by the Supabase Edge entry and the local Node server. The lead is
 * stored before the answer; the e-mail goes out after it and may fail
 * without losing the lead.
 */
export function createLeadHandler(deps: LeadHandlerDeps): (request: Request) => Promise<Response> {
  const { store, notifier, allowedOrigins, defer, log } = deps;

  async function notifyTeam(lead: Lead, stored: boolean): Promise<void> {
    try {
      await notifier.notify(lead);
    } catch (error) {
      log(`E-mail for lead ${lead.id} failed, notified_at stays empty: ${errorText(error)}`);
      return;
    }
    if (!stored) return;
    try {
      await store.markNotified(lead.id);
    } catch (error) {
      log(`Lead ${lead.id} was e-mailed but notified_at could not be set: ${errorText(error)}`);
    }
  }

  return async function handle(request: Request): Promise<Response> {
    const origin = request.headers.get("origin");
    const reply = (status: number, body: object, headers: Record<string, string> = {}) =>
      Response.json(body, {
        status,
        headers: { ...corsHeaders(origin, allowedOrigins), ...headers },
      });

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
    if (!parsed.success) return reply(400, { error: describeLeadError(parsed.error) });
    const { [HONEYPOT_FIELD]: honeypot, elapsedMs, ...lead } = parsed.data;
    const ok = { success: true, id: lead.id };

    // Bots get the answer a person gets, so they learn nothing to adapt to.
    const botSign = findBotSign(honeypot, elapsedMs);
    if (botSign) {
      log(`Ignored as likely spam (${botSign}): ${describeLead(lead)}`);
      return reply(200, ok);
    }

    let inserted: boolean;
    try {
      ({ inserted } = await store.insert(lead));
    } catch (error) {
      // The visitor's page shows a thank-you either way, so keep the lead in the log and the inbox.
      log(`Could not store lead ${describeLead(lead)}: ${errorText(error)}`);
      defer(notifyTeam(lead, false));
      return reply(503, { error: MESSAGES.unavailable });
    }
    if (inserted) defer(notifyTeam(lead, true));
    return reply(200, ok);
  };
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

function findBotSign(honeypot: string | undefined, elapsedMs: number | undefined): string | null {
  if (honeypot?.trim()) return `the hidden "${HONEYPOT_FIELD}" field was filled in`;
  if (elapsedMs === undefined) return "no fill time was sent";
  if (elapsedMs < LEAD_LIMITS.minFillMs) return `the form was filled in ${elapsedMs} ms`;
  return null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
