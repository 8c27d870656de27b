import { attributionToColumns } from "./attribution.ts";
import {
  META_MAX_AGE_DAYS,
  NOTIFY_ATTEMPTS_MAX,
  notifyBackoffMinutes,
  type ClaimedMetaLead,
  type ConsentRecord,
  type InsertResult,
  type Lead,
  type LeadRow,
  type LeadStore,
} from "./lead-store.ts";
import { normalizePhone } from "./meta-conversions.ts";

/** A request body the function accepts, everything filled in; `overrides` replace fields. */
export function leadRequestFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
    address: "123 Main St, Columbus, OH 43004",
    condition: "Needs Work",
    email: "pat@example.com",
    phone: "(614) 555-0100",
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    website: "",
    elapsedMs: 42_000,
    consent: { version: "2026-11-23", at: "2026-11-23T14:03:11.201Z" },
    attribution: {
      first: {
        landing_page: "/blog",
        at: "2026-11-20T09:00:00.000Z",
        referrer: "https://www.google.com",
      },
      last: {
        landing_page: "/sell-house-fast-ohio",
        at: "2026-11-23T14:02:00.000Z",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "ohio-probate",
        gclid: "Cj0KCQiA-abc_123.x~y",
      },
    },
    ...overrides,
  };
}

/**
 * For tests only: a stored lead with every column, and a LeadStore in memory that
 * behaves as the SQL one does (claims, leases, the per-window count).
 */
export function leadFixture(overrides: Partial<Lead> = {}): Lead {
  return {
    id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
    address: "1 Elm St",
    condition: "Good",
    email: "pat@example.com",
    phone: null,
    state: null,
    source: "/",
    consent_version: null,
    consent_at: null,
    fill_ms: 9000,
    spam_reason: null,
    fingerprint: "f".repeat(64),
    intake_notes: [],
    gpc: false,
    ...attributionToColumns(undefined),
    ...overrides,
  };
}

export function leadRowFixture(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    ...leadFixture(overrides),
    created_at: "2026-11-21T19:08:23.759Z",
    notified_at: null,
    notify_attempted_at: null,
    notify_attempts: 0,
    notify_next_at: null,
    notify_error: null,
    meta_sent_at: null,
    meta_attempted_at: null,
    meta_attempts: 0,
    meta_next_at: null,
    meta_error: null,
    ...overrides,
  };
}

export type MemoryLeadStore = LeadStore & {
  rows: Map<string, LeadRow>;
  /** The consent records stored with the leads, by lead id. */
  consents: Map<string, ConsentRecord>;
  /** Client addresses as counted; the SQL store keeps only their hashes. */
  hits: Map<string, number>;
  /** public.contact_opt_outs: a lowercased e-mail or the phone's digits with country code. */
  optOuts: { contact: string; channel: "calls" | "texts" | "email" | "sharing" | "all" }[];
  /** Makes every call throw, as a database that is down. */
  failing: boolean;
};

const LEASE_MS = 5 * 60_000;

export function createMemoryLeadStore(now: () => number = Date.now): MemoryLeadStore {
  const rows = new Map<string, LeadRow>();
  const consents = new Map<string, ConsentRecord>();
  const hits = new Map<string, number>();
  const optOuts: MemoryLeadStore["optOuts"] = [];
  const metaDue = (row: LeadRow) =>
    !row.meta_sent_at &&
    !row.spam_reason &&
    !row.gpc &&
    row.meta_attempts < NOTIFY_ATTEMPTS_MAX &&
    (!row.meta_attempted_at || Date.parse(row.meta_attempted_at) < now() - LEASE_MS) &&
    Date.parse(row.meta_next_at ?? row.created_at) <= now() &&
    Date.parse(row.created_at) > now() - META_MAX_AGE_DAYS * 86_400_000 &&
    !optOuts.some(
      ({ contact, channel }) =>
        (channel === "sharing" || channel === "all") &&
        (contact === row.email.toLowerCase() ||
          (row.phone !== null && contact === normalizePhone(row.phone))),
    );
  function claimMeta(due: LeadRow[]): ClaimedMetaLead[] {
    return due.map((row) => {
      row.meta_attempted_at = new Date(now()).toISOString();
      row.meta_attempts += 1;
      const consent = consents.get(row.id);
      const sameClick = row.fbclid === null || row.fbclid === row.first_fbclid;
      return {
        id: row.id,
        email: row.email,
        phone: row.phone,
        fbclid: row.fbclid ?? row.first_fbclid,
        fbclidAt: sameClick ? (row.first_touched_at ?? row.touched_at) : row.touched_at,
        createdAt: row.created_at,
        eventSourceUrl: consent?.page_url ?? null,
        userAgent: consent?.user_agent ?? null,
        clientIp: consent?.client_ip ?? null,
        attempts: row.meta_attempts,
      };
    });
  }
  const store: MemoryLeadStore = {
    rows,
    consents,
    hits,
    optOuts,
    failing: false,
    async findFingerprint(id) {
      up();
      const row = rows.get(id);
      return row === undefined ? undefined : row.fingerprint;
    },
    async countRequest(client, windowStart) {
      up();
      const key = `${client}@${windowStart.toISOString()}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      return hits.get(key) ?? 0;
    },
    async insert(lead, { alreadyNotified = false, consent } = {}): Promise<InsertResult> {
      up();
      const stored = rows.get(lead.id);
      if (stored) return { inserted: false, fingerprint: stored.fingerprint };
      if (consent) consents.set(lead.id, consent);
      const claimed = lead.spam_reason === null && !alreadyNotified;
      const at = new Date(now()).toISOString();
      rows.set(lead.id, {
        ...lead,
        created_at: at,
        notified_at: alreadyNotified ? at : null,
        notify_attempted_at: claimed ? at : null,
        notify_attempts: claimed ? 1 : 0,
        notify_next_at: null,
        notify_error: null,
        meta_sent_at: null,
        meta_attempted_at: null,
        meta_attempts: 0,
        meta_next_at: null,
        meta_error: null,
      });
      return { inserted: true };
    },
    async markNotified(id) {
      up();
      const row = rows.get(id);
      if (row) row.notified_at = new Date(now()).toISOString();
    },
    async releaseNotification(id, error, attempts) {
      up();
      const row = rows.get(id);
      if (row && !row.notified_at) {
        row.notify_attempted_at = null;
        row.notify_error = error;
        row.notify_next_at = new Date(
          now() + notifyBackoffMinutes(attempts) * 60_000,
        ).toISOString();
      }
    },
    async claimDueNotifications(limit) {
      up();
      const due = [...rows.values()]
        .filter(
          (row) =>
            !row.notified_at &&
            !row.spam_reason &&
            row.notify_attempts < NOTIFY_ATTEMPTS_MAX &&
            (!row.notify_attempted_at || Date.parse(row.notify_attempted_at) < now() - LEASE_MS) &&
            Date.parse(row.notify_next_at ?? row.created_at) <= now(),
        )
        .sort(
          (a, b) =>
            Date.parse(a.notify_next_at ?? a.created_at) -
            Date.parse(b.notify_next_at ?? b.created_at),
        )
        .slice(0, limit);
      for (const row of due) {
        row.notify_attempted_at = new Date(now()).toISOString();
        row.notify_attempts += 1;
      }
      return due.map((row) => ({ ...row }));
    },
    async claimMetaLead(id) {
      up();
      const row = rows.get(id);
      return row && metaDue(row) ? claimMeta([row])[0]! : null;
    },
    async claimDueMetaLeads(limit) {
      up();
      const due = [...rows.values()]
        .filter(metaDue)
        .sort(
          (a, b) =>
            Date.parse(a.meta_next_at ?? a.created_at) - Date.parse(b.meta_next_at ?? b.created_at),
        )
        .slice(0, limit);
      return claimMeta(due);
    },
    async markMetaSent(id) {
      up();
      const row = rows.get(id);
      if (row) row.meta_sent_at = new Date(now()).toISOString();
    },
    async releaseMetaLead(id, error, attempts) {
      up();
      const row = rows.get(id);
      if (row && !row.meta_sent_at) {
        row.meta_attempted_at = null;
        row.meta_error = error;
        row.meta_next_at = new Date(now() + notifyBackoffMinutes(attempts) * 60_000).toISOString();
      }
    },
    async purgeExpired() {
      up();
      return { spam: 0, expired: 0, rateLimits: 0, consents: 0, outcomes: 0 };
    },
    async list() {
      up();
      return [...rows.values()];
    },
  };
  function up() {
    if (store.failing) throw new Error("connection refused");
  }
  return store;
}
