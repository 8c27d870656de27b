import type { LeadConfig } from "../config/lead-config.ts";
import { corsHeaders, isAllowedOrigin } from "../config/cors.ts";
import { formLanguage, formRedirect, type FormOutcome } from "../contract/lead-form.ts";
import { LEAD_LIMITS } from "../contract/lead-rules.ts";
import { errorText } from "../delivery/attempt.ts";
import type { Deliverer } from "../delivery/deliver.ts";
import { describeLead } from "../delivery/messages/team-messages.ts";
import { planNewLead } from "../delivery/plan.ts";
import { clientAddress, type ConnectionInfo } from "../intake/client-address.ts";
import { consentRecord } from "../intake/consent-record.ts";
import { createNotifiedSigner, type NotifiedSigner } from "../intake/notified-signature.ts";
import { createRateLimit } from "../intake/rate-limit.ts";
import { bodyFormat, readBody, type BodyProblem } from "../intake/read-body.ts";
import { readSubmission, sentWhileDown, toLead } from "../intake/submission.ts";
import type { LeadStore } from "../store/lead-store.ts";
import type { ConsentRecord, Lead, PlannedDelivery } from "../store/rows.ts";
import { MESSAGES, tooManyMessage } from "./messages.ts";
import { createOutageKeeper, outageNote, type LeadSpool, type OutageLead } from "./outage-leads.ts";

export type OfferRequestDeps = {
  store: LeadStore;
  config: LeadConfig;
  deliverer: Pick<Deliverer, "deliverLead" | "sendWithoutStore">;
  defer: (work: Promise<unknown>) => void;
  log: (line: string) => void;
  now: () => number;
  /** Waits between tries to store a lead taken while the store was down; default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Where the host keeps such a lead across a restart (the local server's); none on Supabase. */
  spool?: LeadSpool | null;
};

type Json = (status: number, body: object, headers?: Record<string, string>) => Response;

/**
 * How a request is answered: JSON to the page's script; a form post, which is a navigation
 * of the visitor's browser, with a page of the site it came from (`page`, null for JSON).
 */
type Reply = { json: Json; page: ((outcome: FormOutcome) => Response) | null };

const answer = (
  reply: Reply,
  outcome: FormOutcome,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) => (reply.page ? reply.page(outcome) : reply.json(status, body, headers));

/** What is stored for a request, and what goes out once it is. */
type Intake = { lead: Lead; consent: ConsentRecord; deliveries: PlannedDelivery[] };

/** What answers while the store is down: who sends, who signs, who keeps. */
type OutageDeps = {
  deliverer: OfferRequestDeps["deliverer"];
  signer: NotifiedSigner;
  keeper: ReturnType<typeof createOutageKeeper>;
  now: () => number;
};

/**
 * POST / : the offer request, from the page's script (JSON) or the form itself. It is read
 * (intake/read-body.ts), made a submission (intake/submission.ts) with its consent record
 * (intake/consent-record.ts) and its deliveries (delivery/plan.ts), counted against the
 * abuse limit (intake/rate-limit.ts), and stored before the answer; its deliveries go out
 * after it. When the store is down, the team's channels are tried at once, and what one of
 * them took is stored once the store is back (outage-leads.ts).
 */
export function createOfferRequest(deps: OfferRequestDeps) {
  const { config, now } = deps;
  const { allowedOrigins } = config;
  const signer = createNotifiedSigner(config.signingSecret);
  const storeAndAnswer = leadStorer(deps, signer);

  return async function offerRequest(request: Request, info?: ConnectionInfo): Promise<Response> {
    const origin = request.headers.get("origin");
    const json: Json = (status, body, headers = {}) =>
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
      return json(405, { error: MESSAGES.method }, { allow: "POST, OPTIONS" });
    }
    const via = bodyFormat(request);
    if (via === null) return json(415, { error: MESSAGES.contentType });
    // A form post is answered with a page of the site the form was on, which must be one of
    // the site's own origins.
    const site = origin && isAllowedOrigin(origin, allowedOrigins) ? origin : null;
    if (via === "form" && site === null) {
      return new Response(`${MESSAGES.foreignForm}\n`, {
        status: 403,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    const page = via === "form" && site !== null ? site : null;
    const read = await readBody(request, via, LEAD_LIMITS.bodyMax);
    // A form post is answered with a page in the form's language: Spanish for a Spanish form.
    const language = "raw" in read ? formLanguage(read.raw) : "en";
    const reply: Reply = {
      json,
      page: page === null ? null : (outcome) => formRedirect(page, outcome, language),
    };
    if (!("raw" in read)) return refuseBody(reply, read);
    // The list of what went out while the store was down is believed only with the
    // function's signature for this request, checked here (intake/notified-signature.ts).
    const { notified, ...raw } = read.raw;
    const parsed = await readSubmission(raw, now);
    if ("errors" in parsed) {
      return answer(reply, { kind: "invalid", fields: parsed.errors.fields }, 400, parsed.errors);
    }
    const { submission, fingerprint, notes } = parsed;
    const claim = await signer.check(submission.id, notified);
    if (claim.note) notes.push(claim.note);
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
      claim.sent,
    );
    return storeAndAnswer({ lead, consent, deliveries }, reply, request, info);
  };
}

function refuseBody(reply: Reply, read: BodyProblem): Response {
  const invalid = (fields: string[]) => ({ kind: "invalid", fields }) as const;
  switch (read.problem) {
    case "tooLarge":
      return answer(reply, invalid([]), 413, { error: MESSAGES.tooLarge });
    case "encoding":
      return answer(reply, invalid([read.field]), 400, {
        error: read.message,
        fields: [read.field],
      });
    case "brokenJson":
      return answer(reply, invalid([]), 400, { error: MESSAGES.brokenJson, fields: [] });
    case "notObject":
      return answer(reply, invalid([]), 400, { error: MESSAGES.notObject, fields: [] });
  }
}

/**
 * Stores a request once: a replay of a stored one is answered as it was, before the abuse
 * limit counts it (retrying costs a person nothing); the same id with other content is a
 * conflict. A stored lead's deliveries go out after the answer; suspected spam is held.
 */
function leadStorer(
  { store, config, deliverer, defer, log, now, sleep = defaultSleep, spool }: OfferRequestDeps,
  signer: NotifiedSigner,
) {
  const overLimit = createRateLimit({ store, config, log, now });
  const keeper = createOutageKeeper({ store, deliverer, defer, log, sleep, spool });
  const outage: OutageDeps = { deliverer, signer, keeper, now };

  return async function storeAndAnswer(
    { lead, consent, deliveries }: Intake,
    reply: Reply,
    request: Request,
    info: ConnectionInfo | undefined,
  ): Promise<Response> {
    // Bots get the answer a person gets, so they learn nothing to adapt to.
    const ok = () => answer(reply, { kind: "received" }, 200, { success: true, id: lead.id });
    const sameRequest = (stored: string | null) =>
      // Rows from before fingerprints cannot be compared: a replay is the likely case.
      stored === null || stored === lead.fingerprint
        ? ok()
        : answer(reply, { kind: "invalid", fields: ["id"] }, 409, { error: MESSAGES.conflict });

    try {
      const stored = await store.findFingerprint(lead.id);
      if (stored !== undefined) return sameRequest(stored);
      const retryAfter = await overLimit(request, info);
      if (retryAfter !== null) {
        return answer(
          reply,
          { kind: "busy", retryAfter },
          429,
          { error: tooManyMessage(retryAfter) },
          { "retry-after": String(retryAfter) },
        );
      }
      const result = await store.insert(lead, { consent, deliveries });
      if (!result.inserted) return sameRequest(result.fingerprint);
    } catch (error) {
      log(`Could not store lead ${describeLead(lead)}: ${errorText(error)}`);
      return storeDown(outage, { lead, consent, deliveries }, reply);
    }

    if (lead.spam_reason) log(`Held as suspected spam (${lead.spam_reason}): ${lead.id}`);
    else defer(deliverer.deliverLead(lead.id));
    return ok();
  };
}

/**
 * The store is down. The team's channels are tried now, and only a 2xx from one of them
 * counts (a log line does not): a form post, which no page can send again, is then
 * received; otherwise it lands on the page that says it was not sent, with the phone.
 * What a team channel took is kept, to be stored once the store is back. The page's script
 * keeps its request and sends it again, with the ids of what went out, signed, so those are
 * stored as sent instead of going twice.
 */
async function storeDown(
  { deliverer, signer, keeper, now }: OutageDeps,
  { lead, consent, deliveries }: Intake,
  reply: Reply,
): Promise<Response> {
  // What went out at an earlier 503 (the page's signed list) does not go again.
  const before = deliveries.flatMap((delivery) =>
    delivery.status === "sent" ? [delivery.id] : [],
  );
  const unsent = deliveries.filter((delivery) => delivery.status !== "sent");
  const sent = lead.spam_reason
    ? []
    : [...before, ...(await deliverer.sendWithoutStore(lead, consent, unsent))];
  if (sent.length > 0) {
    const kept: OutageLead = {
      lead: { ...lead, intake_notes: [...lead.intake_notes, outageNote(new Date(now()))] },
      consent,
      deliveries: sentWhileDown(deliveries, sent),
    };
    await keeper.keep(kept);
  }
  if (reply.page)
    return reply.page(sent.length > 0 ? { kind: "received" } : { kind: "unavailable" });
  return reply.json(
    503,
    {
      error: MESSAGES.unavailable,
      notified: sent.length > 0 ? await signer.sign(lead.id, sent) : false,
    },
    { "retry-after": "30" },
  );
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
