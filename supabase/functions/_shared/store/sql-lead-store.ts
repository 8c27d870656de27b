import { leadContactKeys } from "../contract/contacts.ts";
import { OPT_OUT_CHECKED_CHANNELS } from "./channels.ts";
import type { AttemptRecord, ClaimedDelivery, LeadStore, PurgeCounts } from "./lead-store.ts";
import {
  CONSENT_COLUMNS,
  LEAD_COLUMNS,
  type DeliveryRow,
  type LeadRow,
  type OptOut,
  type PlannedDelivery,
} from "./rows.ts";
import {
  CLAIM_DUE,
  CLAIM_ONE_LEAD,
  RECORD_ATTEMPT,
  RELEASE_CLAIMS,
  SENT_IN_LAST_HOUR,
} from "./delivery-statements.ts";
import {
  ADD_DELIVERIES,
  COUNT_REQUEST,
  FIND_FINGERPRINT,
  INSERT_LEAD,
  LEADS_TO_ESCALATE,
  LIST_LEADS,
  OPT_OUTS_OF,
  PURGE,
  STATUS_CHANGES_TO_ANNOUNCE,
} from "./sql-statements.ts";
import { runner, type Query } from "./sql.ts";

// The columns a request fills, for the tests and the CLI's exports that list them.
export { LEAD_COLUMNS } from "./rows.ts";

type Run = ReturnType<typeof runner>;

/**
 * The leads table through any Query (sql-statements.ts, delivery-statements.ts): dates come
 * back as ISO strings.
 */
export function createSqlLeadStore(query: Query): LeadStore {
  const run = runner(query);

  async function findFingerprint(id: string): Promise<string | null | undefined> {
    const [row] = await run(FIND_FINGERPRINT, { id });
    return row === undefined ? undefined : row.fingerprint;
  }

  return {
    findFingerprint,
    async countRequest(clientAddress, windowStart) {
      const [row] = await run(COUNT_REQUEST, {
        client_address: clientAddress,
        window_start: windowStart.toISOString(),
      });
      if (row === undefined) {
        throw new Error("lead_settings has no rate_limit_salt: apply supabase/migrations.");
      }
      return row.hits;
    },
    async insert(lead, { consent, deliveries = [] } = {}) {
      const inserted = await run(INSERT_LEAD, {
        lead: columnsJson(lead, LEAD_COLUMNS),
        consent: consent === undefined ? null : columnsJson(consent, CONSENT_COLUMNS),
        deliveries: deliveriesJson(deliveries),
      });
      if (inserted.length > 0) return { inserted: true };
      // Another request with this id got there first (a double submit): compare with it.
      const fingerprint = await findFingerprint(lead.id);
      return { inserted: false, fingerprint: fingerprint ?? null };
    },
    async addDeliveries(leadId, deliveries) {
      if (deliveries.length === 0) return 0;
      const added = await run(ADD_DELIVERIES, {
        lead_id: leadId,
        deliveries: deliveriesJson(deliveries),
      });
      return added.length;
    },
    claimDeliveries: (options) => claimDeliveries(run, options),
    async recordAttempt(id, attempt, record) {
      const [row] = await run(RECORD_ATTEMPT, { id, attempt, ...attemptValues(record) });
      return row ? row.status : null;
    },
    async sentInLastHour(channels, limit) {
      const rows = await run(SENT_IN_LAST_HOUR, { channels: [...channels], limit });
      return rows.map((row) => ({ leavesAt: row.leaves_at, secondsLeft: row.seconds_left }));
    },
    async releaseClaims() {
      return (await run(RELEASE_CLAIMS, {})).length;
    },
    leadsToEscalate: (afterMinutes, limit) =>
      run(LEADS_TO_ESCALATE, { after_minutes: afterMinutes, limit }),
    statusChangesToAnnounce: (limit) => run(STATUS_CHANGES_TO_ANNOUNCE, { limit }),
    purgeExpired: () => purgeExpired(run),
    list: () => run(LIST_LEADS, {}),
  };
}

/** Claims due deliveries, each with its lead, and the opt-outs of the contacts they reach. */
async function claimDeliveries(
  run: Run,
  { leadId, limit }: { leadId?: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const rows = await run(leadId ? CLAIM_ONE_LEAD : CLAIM_DUE, {
    lead_id: leadId ?? null,
    limit,
  });
  const claimed = rows.map(
    ({ lead_row, consent_row, lead_status, lead_status_at, unrecorded_since, ...delivery }) => ({
      delivery,
      lead: lead_row,
      consent: consent_row,
      leadStatus:
        lead_status && lead_status_at ? { status: lead_status, changed_at: lead_status_at } : null,
      unrecordedSince: unrecorded_since,
    }),
  );
  const optOuts = await optOutsFor(run, claimed);
  return claimed.map((item) => ({ ...item, optOuts }));
}

async function purgeExpired(run: Run): Promise<PurgeCounts> {
  const [row] = await run(PURGE, {});
  return {
    spam: row?.spam ?? 0,
    expired: row?.expired ?? 0,
    rateLimits: row?.rate_limits ?? 0,
    consents: row?.consents ?? 0,
    outcomes: row?.outcomes ?? 0,
  };
}

/**
 * The opt-outs of every contact the claimed deliveries reach, for the channels that honour
 * them (Meta, the homeowner's messages); the team's own channels need none.
 */
async function optOutsFor(
  run: Run,
  claimed: { delivery: DeliveryRow; lead: LeadRow }[],
): Promise<OptOut[]> {
  const contacts = new Set<string>();
  for (const { delivery, lead } of claimed) {
    if (!OPT_OUT_CHECKED_CHANNELS.includes(delivery.channel)) continue;
    for (const key of leadContactKeys(lead)) contacts.add(key);
    contacts.add(delivery.destination.toLowerCase());
  }
  if (contacts.size === 0) return [];
  return run(OPT_OUTS_OF, { contacts: [...contacts] });
}

/** An attempt's record as RECORD_ATTEMPT's values: the error capped, the duration whole. */
function attemptValues(record: AttemptRecord) {
  return {
    status: record.status,
    error: "error" in record ? record.error.slice(0, 1000) : (record.note?.slice(0, 1000) ?? null),
    http_status: record.httpStatus ?? null,
    delay_seconds: record.status === "pending" ? record.delaySeconds : 0,
    duration_ms:
      record.durationMs === undefined || record.durationMs === null
        ? null
        : Math.max(0, Math.round(record.durationMs)),
  };
}

/** Only the named columns, as JSON for the statement to read into the table's row type. */
function columnsJson<T>(value: T, columns: readonly (keyof T & string)[]): string {
  return JSON.stringify(Object.fromEntries(columns.map((column) => [column, value[column]])));
}

function deliveriesJson(deliveries: readonly PlannedDelivery[]): string {
  return JSON.stringify(
    deliveries.map((delivery) => ({
      id: delivery.id,
      channel: delivery.channel,
      event: delivery.event,
      destination: delivery.destination,
      payload: delivery.payload,
      status: delivery.status,
      lifetime_seconds: delivery.lifetimeSeconds,
      once_key: delivery.onceKey,
      note: delivery.note,
    })),
  );
}
