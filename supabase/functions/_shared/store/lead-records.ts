import { contactKey } from "../contract/contacts.ts";
import { OPT_OUT_CHANNELS, type OptOutChannel } from "./channels.ts";
import { LEAD_STATUSES, type LeadStatus } from "./rows.ts";
import type { ConsentEvidence, DeliveryRow, OptOut, StatusChange } from "./rows.ts";
import { isoDates, toDeliveryRow, type Query } from "./sql.ts";

/**
 * What the operator records about leads after they arrive, and reads back: the consent
 * each was sent under, opt-outs, and outcomes. The three tables are append-only
 * (supabase/migrations/20261125000100_…): a change is a new row, with its time. The same
 * SQL runs on the local PGlite store and on Supabase's Postgres.
 */

/** What a check of the store's indexes against its tables found. */
export type IntegrityReport = { indexes: number; problems: string[] };

export type LeadRecords = {
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
  /** Every delivery (of one lead, when given), oldest first. */
  deliveries(leadId?: string | null): Promise<DeliveryRow[]>;
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
export function leadIdOf(text: string): string {
  const id = text.trim().toLowerCase();
  if (!UUID.test(id)) {
    throw new Error(
      `"${text}" is not a lead id: ids look like 0d9c8b7a-1e2f-8a3b-9c4d-5e6f7a8b9c0d.`,
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

const BTREE_INDEXES = `
  select c.relname as index
  from pg_index i
  join pg_class c on c.oid = i.indexrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_am a on a.oid = c.relam
  where n.nspname = 'public' and a.amname = 'btree'
  order by c.relname`;

const OPT_OUT_COLUMNS = "id, contact, channel, action, recorded_at, note";
const STATUS_COLUMNS = "id, lead_id, status, value, currency, note, changed_at";

/** The operator's records through any Query: dates come back as ISO strings. */
export function createSqlLeadRecords(query: Query): LeadRecords {
  const rows = async <T>(text: string, params?: unknown[]) =>
    (await query(text, params)).map((row) => recordRow(row) as T);

  return {
    async consent(id) {
      const [row] = await rows<ConsentEvidence>(
        "select * from public.lead_consents where lead_id = $1",
        [leadIdOf(id)],
      );
      return row ?? null;
    },
    optOuts: () =>
      rows<OptOut>(
        `select ${OPT_OUT_COLUMNS} from public.contact_opt_outs order by recorded_at, id`,
      ),
    async recordOptOut(contact, channel, note = null, action = "opt_out") {
      if (!(OPT_OUT_CHANNELS as readonly string[]).includes(channel)) {
        throw new Error(`--channel takes one of ${OPT_OUT_CHANNELS.join(", ")}; got "${channel}".`);
      }
      const [row] = await rows<OptOut>(
        `insert into public.contact_opt_outs (contact, channel, note, action)
         values ($1, $2, $3, $4)
         returning ${OPT_OUT_COLUMNS}`,
        [contactKey(contact), channel, noteText(note), action],
      );
      return row!;
    },
    async deliveries(leadId = null) {
      return (
        await query(
          `select * from public.lead_deliveries
           where $1::uuid is null or lead_id = $1::uuid
           order by created_at, lead_id, channel, destination`,
          [leadId === null ? null : leadIdOf(leadId)],
        )
      ).map(toDeliveryRow);
    },
    async redeliver(leadId = null) {
      return (
        await query(
          `update public.lead_deliveries
           set status = 'pending', attempts = 0, next_attempt_at = now(), lease_until = null,
               give_up_at = now() + interval '3 days',
               last_error = 'sent again by the operator after: ' || coalesce(last_error, 'a failure')
           where status = 'failed' and ($1::uuid is null or lead_id = $1::uuid)
           returning id`,
          [leadId === null ? null : leadIdOf(leadId)],
        )
      ).length;
    },
    statusChanges: () =>
      rows<StatusChange>(
        `select ${STATUS_COLUMNS} from public.lead_status_changes order by changed_at, id`,
      ),
    async recordStatus(id, status, { value = null, note = null } = {}) {
      if (!(LEAD_STATUSES as readonly string[]).includes(status)) {
        throw new Error(`A status is one of ${LEAD_STATUSES.join(", ")}; got "${status}".`);
      }
      if (value !== null && !(Number.isFinite(value) && value >= 0 && value <= VALUE_MAX)) {
        throw new Error(`--value takes an amount in dollars, such as 185000; got "${value}".`);
      }
      // Only for a lead that exists: the insert selects from it.
      const [row] = await rows<StatusChange>(
        `insert into public.lead_status_changes (lead_id, status, value, currency, note)
         select id, $2, $3::numeric, case when $3::numeric is null then null else 'USD' end, $4
         from public.leads where id = $1
         returning ${STATUS_COLUMNS}`,
        [leadIdOf(id), status, value, noteText(note)],
      );
      if (!row) throw new Error(`No lead has the id ${leadIdOf(id)}.`);
      return row;
    },
    async checkIntegrity() {
      await query("create extension if not exists amcheck");
      const problems: string[] = [];
      const indexes = await query(BTREE_INDEXES);
      // One index at a time: a damaged one raises an error, and the others are still checked.
      for (const { index } of indexes) {
        try {
          await query("select bt_index_check($1::regclass, true)", [`public.${String(index)}`]);
        } catch (error) {
          problems.push(
            `${String(index)}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      return { indexes: indexes.length, problems };
    },
  };
}

function noteText(note: string | null): string | null {
  const text = note?.trim() ?? "";
  if ([...text].length > NOTE_MAX) throw new Error(`--note is longer than ${NOTE_MAX} characters.`);
  return text || null;
}

/** As the leads' rows, and the bigint ids and numeric values as numbers (postgres.js gives text). */
function recordRow(row: Record<string, unknown>): Record<string, unknown> {
  const plain = isoDates(row);
  for (const column of ["id", "value"]) {
    const value = plain[column];
    if (typeof value === "string" || typeof value === "bigint") plain[column] = Number(value);
  }
  return plain;
}
