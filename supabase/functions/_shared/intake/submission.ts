import { attributionToColumns } from "../contract/attribution-columns.ts";
import { sha256Hex } from "../contract/disclosures.ts";
import { FIELD_MESSAGES_ES } from "../contract/field-messages-es.ts";
import { HONEYPOT_FIELD, LEAD_LIMITS } from "../contract/lead-rules.ts";
import {
  buildLeadSchema,
  describeLeadError,
  leadSchema,
  type LeadErrors,
  type LeadSubmission,
} from "../contract/lead-schema.ts";
import { mailboxDoubt } from "../contract/mailbox.ts";
import { textableNumber } from "../contract/repeatable.ts";
import { uuidFromText } from "../contract/uuid.ts";
import type { Lead, PlannedDelivery } from "../store/rows.ts";
import type { Via } from "./read-body.ts";
import { normalizeUnseenFields } from "./unseen-fields.ts";

/** A Spanish request's visitor reads the schema's messages in Spanish. */
const SPANISH_SCHEMA = buildLeadSchema(FIELD_MESSAGES_ES);

/** Stands in for a missing id while the schema checks the rest; replaced by a derived one. */
const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

export type Submission = {
  submission: LeadSubmission;
  fingerprint: string;
  /** What was changed or doubted on the way in, one sentence each; kept on the lead. */
  notes: string[];
};

/**
 * The request's object as the submission the function stores, or the schema's errors naming
 * each field the visitor typed wrong, in the request's language. What the visitor never typed is made acceptable first
 * (unseen-fields.ts); a request without an id gets one derived from its content.
 */
export async function readSubmission(
  raw: Record<string, unknown>,
  now: () => number,
): Promise<Submission | { errors: LeadErrors }> {
  const { body, notes } = normalizeUnseenFields(raw, { now: new Date(now()) });
  const schema = body.language === "es" ? SPANISH_SCHEMA : leadSchema;
  const parsed = schema.safeParse({ ...body, id: body.id ?? PLACEHOLDER_ID });
  if (!parsed.success) return { errors: describeLeadError(parsed.error) };
  const submission = parsed.data;
  const fingerprint = await fingerprintOf(submission);
  if (body.id === undefined) submission.id = await derivedLeadId(fingerprint, new Date(now()));
  return { submission, fingerprint, notes: [...notes, ...unconfirmedNotes(submission)] };
}

/**
 * Why the homeowner will get no confirmation, though the lead is kept, for the team to read:
 * an e-mail whose domain imitates another's gets neither an e-mail nor a text (mailbox.ts), and
 * a text asked for goes only to a number that can take one (repeatable.ts). delivery/plan.ts
 * plans by the same judgements.
 */
export function unconfirmedNotes(
  submission: Pick<LeadSubmission, "email" | "phone" | "consent">,
): string[] {
  const doubt = mailboxDoubt(submission.email);
  if (doubt !== null) return [`No confirmation e-mail or text will go to the homeowner. ${doubt}`];
  if (submission.consent?.texts !== true || submission.phone === null) return [];
  const textable = textableNumber(submission.phone);
  return "refused" in textable
    ? [`No confirmation text will go to the homeowner: ${textable.refused}.`]
    : [];
}

/** The row to store: the submission's fields, its fingerprint, and why it looks like spam. */
export function toLead(
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
 * A form posted without script carries no fill time: only the hidden field can tell a
 * bot there, and the rate limit holds the rest back.
 */
export function findBotSign(
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

/** JSON with every object's keys sorted and undefined members left out. */
export function canonicalJson(value: unknown): string {
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
 * The planned deliveries, those a team channel took while the store was down marked sent, so
 * they do not go twice: the ids the function's own signed list named (notified-signature.ts
 * checked it), or the ids it just had sent itself.
 */
export function sentWhileDown(
  planned: PlannedDelivery[],
  sent: readonly string[],
): PlannedDelivery[] {
  if (sent.length === 0) return planned;
  return planned.map((delivery) =>
    sent.includes(delivery.id)
      ? {
          ...delivery,
          status: "sent",
          note: "sent while the store was down, before the lead was stored",
        }
      : delivery,
  );
}
