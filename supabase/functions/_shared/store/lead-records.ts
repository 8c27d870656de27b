import { z } from "zod";

import { contactKey } from "../contract/contacts.ts";
import { OPT_OUT_CHANNELS, type OptOutChannel } from "./channels.ts";
import { createSqlInboundTexts, type InboundTextRecords } from "./inbound-texts.ts";
import {
  consentEvidence,
  deliveryAttempt,
  deliveryRow,
  optOut,
  statusChange,
  text,
} from "./row-schemas.ts";
import { LEAD_STATUSES, type LeadStatus } from "./rows.ts";
import type {
  ConsentEvidence,
  DeliveryAttempt,
  DeliveryRow,
  OptOut,
  StatusChange,
} from "./rows.ts";
import { runner, statement, type Params, type Query } from "./sql.ts";

/**
 * What the operator records about leads after they arrive, and reads back: the consent
 * each was sent under, opt-outs, and outcomes. The three tables are append-only
 * (supabase/migrations/20261125000100_…): a change is a new row, with its time. The same
 * SQL runs on the local PGlite store and on Supabase's Postgres.
 */

/** What a check of the store's indexes against its tables found. */
export type IntegrityReport = { indexes: number; problems: string[] };

export type LeadRecords = InboundTextRecords & {
  /** The consent record stored with the lead; null when there is none. */
  consent(leadId: string): Promise<ConsentEvidence | null>;
  optOuts(): Promise<OptOut[]>;
  recordOptOut(
    contact: string,
    channel: OptOutChannel,
    note?: string | null,
    action?: OptOut["action"],
  ): Promise<OptOut>;
  statusChanges(): Promise<StatusChange[]>;
  recordStatus(
    leadId: string,
    status: LeadStatus,
    details?: { value?: number | null; note?: string | null },
  ): Promise<StatusChange>;
  /**
   * Checks every B-tree index against its table (amcheck's bt_index_check with
   * heapallindexed): the damage two processes on one store leave is a primary key that
   * no longer matches the rows.
   */
  checkIntegrity(): Promise<IntegrityReport>;
  /** Every delivery (of one lead, or the one delivery, when an id is given), oldest first. */
  deliveries(leadOrDeliveryId?: string | null): Promise<DeliveryRow[]>;
  /** Every attempt of one delivery, or of each of one lead's deliveries, oldest first. */
  attempts(deliveryOrLeadId: string): Promise<DeliveryAttempt[]>;
  /**
   * Makes failed deliveries pending again, with a new lifetime: after the operator fixed
   * what refused them (a provider's key, a webhook's address). One lead's, or every failed
   * one. Returns how many.
   */
  redeliver(leadId?: string | null): Promise<number>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOTE_MAX = 500;
/** Far above any house price, and inside numeric(14, 2). */
const VALUE_MAX = 1e11;

/** The id as stored (lowercase); throws saying what an id looks like. */
export function leadIdOf(typed: string, what = "a lead id"): string {
  const id = typed.trim().toLowerCase();
  if (!UUID.test(id)) {
    throw new Error(
      `"${typed}" is not ${what}: ids look like 0d9c8b7a-1e2f-8a3b-9c4d-5e6f7a8b9c0d.`,
    );
  }
  return id;
}

/**
 * Whether a contact has stopped a channel: the latest of its rows for that channel or for
 * "all" is an opt-out. START after STOP is an opt-in row of that channel, so it restarts
 * that channel alone, never what an "all" stopped besides.
 */
export function hasStopped(
  optOuts: readonly OptOut[],
  contacts: readonly string[],
  channel: Exclude<OptOutChannel, "all">,
): OptOut | null {
  const mine = optOuts
    .filter(
      (optOut) =>
        contacts.includes(optOut.contact) &&
        (optOut.channel === channel || optOut.channel === "all"),
    )
    .sort((a, b) => a.recorded_at.localeCompare(b.recorded_at) || a.id - b.id);
  const latest = mine.at(-1);
  return latest?.action === "opt_out" ? latest : null;
}

const OPT_OUT_COLUMNS = "id, contact, channel, action, recorded_at, note";
const STATUS_COLUMNS = "id, lead_id, status, value, currency, note, changed_at";

const CONSENT = statement(
  consentEvidence,
  (param: Params<{ lead_id: string }>) =>
    `select * from public.lead_consents where lead_id = ${param.lead_id}::uuid`,
);

const OPT_OUTS = statement(
  optOut,
  () => `select ${OPT_OUT_COLUMNS} from public.contact_opt_outs order by recorded_at, id`,
);

const RECORD_OPT_OUT = statement(
  optOut,
  (param: Params<{ contact: string; channel: string; note: string | null; action: string }>) => `
  insert into public.contact_opt_outs (contact, channel, note, action)
  values (${param.contact}, ${param.channel}, ${param.note}, ${param.action})
  returning ${OPT_OUT_COLUMNS}`,
);

const DELIVERIES = statement(
  deliveryRow,
  (param: Params<{ id: string | null }>) => `
  select * from public.lead_deliveries
  where ${param.id}::uuid is null or lead_id = ${param.id}::uuid or id = ${param.id}::uuid
  order by created_at, lead_id, channel, destination`,
);

const ATTEMPTS = statement(
  deliveryAttempt,
  (param: Params<{ id: string }>) => `
  select * from public.lead_delivery_attempts
  where delivery_id = ${param.id}::uuid or lead_id = ${param.id}::uuid
  order by at, id`,
);

const REDELIVER = statement(
  z.object({ id: text }),
  (param: Params<{ lead_id: string | null }>) => `
  update public.lead_deliveries
  set status = 'pending', attempts = 0, next_attempt_at = now(), lease_until = null,
      give_up_at = now() + interval '3 days',
      last_error = 'sent again by the operator after: ' || coalesce(last_error, 'a failure')
  where status = 'failed' and (${param.lead_id}::uuid is null or lead_id = ${param.lead_id}::uuid)
  returning id`,
);

const STATUS_CHANGES = statement(
  statusChange,
  () => `select ${STATUS_COLUMNS} from public.lead_status_changes order by changed_at, id`,
);

/** Only for a lead that exists: the insert selects from it. */
const RECORD_STATUS = statement(
  statusChange,
  (
    param: Params<{ lead_id: string; status: string; value: number | null; note: string | null }>,
  ) => `
  insert into public.lead_status_changes (lead_id, status, value, currency, note)
  select id, ${param.status}, ${param.value}::numeric,
         case when ${param.value}::numeric is null then null else 'USD' end, ${param.note}
  from public.leads where id = ${param.lead_id}::uuid
  returning ${STATUS_COLUMNS}`,
);

const BTREE_INDEXES = statement(
  z.object({ index: text }),
  () => `
  select c.relname as index
  from pg_index i
  join pg_class c on c.oid = i.indexrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_am a on a.oid = c.relam
  where n.nspname = 'public' and a.amname = 'btree'
  order by c.relname`,
);

const CHECK_INDEX = statement(
  z.unknown(),
  (param: Params<{ index: string }>) => `select bt_index_check(${param.index}::regclass, true)`,
);

/** The operator's records through any Query: dates come back as ISO strings. */
export function createSqlLeadRecords(query: Query): LeadRecords {
  const run = runner(query);
  const optionalId = (id: string | null) => (id === null ? null : leadIdOf(id));

  return {
    async consent(id) {
      const [row] = await run(CONSENT, { lead_id: leadIdOf(id) });
      return row ?? null;
    },
    optOuts: () => run(OPT_OUTS, {}),
    async recordOptOut(contact, channel, note = null, action = "opt_out") {
      if (!(OPT_OUT_CHANNELS as readonly string[]).includes(channel)) {
        throw new Error(`--channel takes one of ${OPT_OUT_CHANNELS.join(", ")}; got "${channel}".`);
      }
      const [row] = await run(RECORD_OPT_OUT, {
        contact: contactKey(contact),
        channel,
        note: noteText(note),
        action,
      });
      return row!;
    },
    deliveries: async (id = null) => run(DELIVERIES, { id: optionalId(id) }),
    attempts: async (id) => run(ATTEMPTS, { id: leadIdOf(id, "a delivery's or a lead's id") }),
    async redeliver(leadId = null) {
      return (await run(REDELIVER, { lead_id: optionalId(leadId) })).length;
    },
    statusChanges: () => run(STATUS_CHANGES, {}),
    async recordStatus(id, status, { value = null, note = null } = {}) {
      if (!(LEAD_STATUSES as readonly string[]).includes(status)) {
        throw new Error(`A status is one of ${LEAD_STATUSES.join(", ")}; got "${status}".`);
      }
      if (value !== null && !(Number.isFinite(value) && value >= 0 && value <= VALUE_MAX)) {
        throw new Error(`--value takes an amount in dollars, such as 185000; got "${value}".`);
      }
      const [row] = await run(RECORD_STATUS, {
        lead_id: leadIdOf(id),
        status,
        value,
        note: noteText(note),
      });
      if (!row) throw new Error(`No lead has the id ${leadIdOf(id)}.`);
      return row;
    },
    checkIntegrity: () => checkIntegrity(query),
    ...createSqlInboundTexts(query),
  };
}

/**
 * Every B-tree index checked against its table, one at a time: a damaged one raises an
 * error, and the others are still checked.
 */
async function checkIntegrity(query: Query): Promise<IntegrityReport> {
  const run = runner(query);
  await query("create extension if not exists amcheck");
  const problems: string[] = [];
  const indexes = await run(BTREE_INDEXES, {});
  for (const { index } of indexes) {
    try {
      await run(CHECK_INDEX, { index: `public.${index}` });
    } catch (error) {
      problems.push(`${index}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { indexes: indexes.length, problems };
}

function noteText(note: string | null): string | null {
  const text = note?.trim() ?? "";
  if ([...text].length > NOTE_MAX) throw new Error(`--note is longer than ${NOTE_MAX} characters.`);
  return text || null;
}
