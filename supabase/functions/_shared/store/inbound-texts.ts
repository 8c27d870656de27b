import { z } from "zod";

import { LANGUAGES, type Language } from "../contract/language.ts";
import { escapeNonPrintable } from "../contract/printable.ts";
import { TEXT_REPLY_KINDS, type TextReplyKind } from "../contract/text-replies.ts";
import { number, optOut, packed, text } from "./row-schemas.ts";
import type { OptOut } from "./rows.ts";
import { runner, statement, type Params, type Query } from "./sql.ts";

/**
 * The texts people send to the company's number, each kept once by Twilio's MessageSid
 * (public.inbound_texts, migration 20261129000200), with the opt-out or opt-in it causes
 * written in the same statement: a MessageSid already kept is a replay, and changes nothing.
 *
 * Order: Twilio's inbound webhook carries no time and a MessageSid says nothing of order, so
 * the order is the order of receipt. A MessageSid never seen is therefore the newest message
 * there is, and an older one can come again only as a replay, which its MessageSid gives away;
 * so an older START never undoes a newer STOP. (Twilio's own time would take a call to its
 * Messages API for every text received; a Twilio retry of a message whose first post failed,
 * crossing a newer one, is the case left.)
 */

/** A text as received, read, and what it changes. */
export type InboundText = {
  messageSid: string;
  /** The sender in E.164 (contacts.ts phoneKey); null when From was no phone number. */
  from: string | null;
  body: string;
  kind: TextReplyKind;
  /** Texts stopped (opt_out) or restarted (opt_in) for the sender, with the opt-out's note. */
  change: { action: OptOut["action"]; note: string } | null;
};

export type InboundTextReceipt =
  /** Its MessageSid was kept already: nothing was changed. */
  | { replay: true }
  | {
      replay: false;
      /** The opt-out or opt-in row written with it. */
      optOut: OptOut | null;
      /** How many unclear texts the same number sent in the 24 hours before this one. */
      unclearBefore: number;
      /** The language of the latest lead (not held as spam) that gave this number; null for none. */
      language: Language | null;
    };

export type InboundTextRow = {
  id: number;
  message_sid: string;
  from_number: string | null;
  body_excerpt: string | null;
  classification: TextReplyKind;
  received_at: string;
};

export type InboundTextRecords = {
  /** Keeps the text unless its MessageSid is kept already, with its opt-out or opt-in, in one statement. */
  recordInboundText(inbound: InboundText): Promise<InboundTextReceipt>;
  /** Every text kept, oldest first. */
  inboundTexts(): Promise<InboundTextRow[]>;
};

const EXCERPT_CHARACTERS = 160;
/** The column's bound, for an excerpt of characters written out as \u{…}. */
const EXCERPT_MAX = 1000;
/** The opt-out note's bound (lead-records.ts NOTE_MAX). */
const NOTE_MAX = 500;

const clip = (value: string, max: number) => [...value].slice(0, max).join("");

const RECORD = statement(
  z.object({
    recorded: number,
    opt_out: packed(optOut.nullable()),
    unclear_before: number,
    language: z.enum(LANGUAGES).nullable(),
  }),
  (
    param: Params<{
      sid: string;
      from: string | null;
      excerpt: string;
      kind: string;
      note: string | null;
      action: string | null;
      digits: string | null;
    }>,
  ) => `
  with received as (
    insert into public.inbound_texts (message_sid, from_number, body_excerpt, classification)
    values (${param.sid}::text, ${param.from}::text, ${param.excerpt}::text, ${param.kind}::text)
    on conflict (message_sid) do nothing
    returning id
  ),
  applied as (
    insert into public.contact_opt_outs (contact, channel, note, action)
    select ${param.from}::text, 'texts', ${param.note}::text, ${param.action}::text
    from received
    where ${param.action}::text is not null and ${param.from}::text is not null
    returning id, contact, channel, action, recorded_at, note
  )
  select
    (select count(*) from received) as recorded,
    (select to_jsonb(applied) from applied) as opt_out,
    -- The statement's snapshot holds the texts before this one, not this one.
    (select count(*) from public.inbound_texts earlier
     where earlier.from_number = ${param.from}::text and earlier.classification = 'unclear'
       and earlier.received_at > now() - interval '1 day') as unclear_before,
    -- A lead keeps the phone as typed ("614.555.0100 cell"): its digits hold the number's.
    (select l.language from public.leads l
     where l.spam_reason is null and l.phone is not null
       and strpos(regexp_replace(l.phone, '[^0-9]', '', 'g'), ${param.digits}::text) > 0
     order by l.created_at desc limit 1) as language`,
);

const isDate = (value: unknown): value is Date =>
  Object.prototype.toString.call(value) === "[object Date]";

const INBOUND_TEXTS = statement(
  z.object({
    id: number,
    message_sid: text,
    from_number: text.nullable(),
    body_excerpt: text.nullable(),
    classification: z.enum(TEXT_REPLY_KINDS),
    received_at: z
      .union([z.string(), z.custom<Date>(isDate)])
      .transform((value) => new Date(value).toISOString()),
  }),
  () => `
  select id, message_sid, from_number, body_excerpt, classification, received_at
  from public.inbound_texts order by received_at, id`,
);

/** The digits a lead's phone field holds for an E.164 number: a US one's ten, another's all. */
function nationalDigits(e164: string): string {
  return e164.startsWith("+1") ? e164.slice(2) : e164.slice(1);
}

/** The inbound texts through any Query: the local PGlite store and Supabase's Postgres. */
export function createSqlInboundTexts(query: Query): InboundTextRecords {
  const run = runner(query);
  return {
    async recordInboundText({ messageSid, from, body, kind, change }) {
      const [row] = await run(RECORD, {
        sid: messageSid,
        from,
        excerpt: clip(escapeNonPrintable(clip(body, EXCERPT_CHARACTERS)), EXCERPT_MAX),
        kind,
        note: change && clip(change.note, NOTE_MAX),
        action: change?.action ?? null,
        digits: from && nationalDigits(from),
      });
      if (!row || row.recorded === 0) return { replay: true };
      return {
        replay: false,
        optOut: row.opt_out,
        unclearBefore: row.unclear_before,
        language: row.language,
      };
    },
    inboundTexts: () => run(INBOUND_TEXTS, {}),
  };
}
