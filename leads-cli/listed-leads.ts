import { leadContactKeys } from "../supabase/functions/_shared/contract/contacts.ts";
import type { DeliveryRow } from "../supabase/functions/_shared/store/rows.ts";
import { hasStopped } from "../supabase/functions/_shared/store/lead-records.ts";
import { OPT_OUT_CHANNELS } from "../supabase/functions/_shared/store/channels.ts";
import {
  REACHED_STATUSES,
  type LeadStatus,
  type OptOut,
  type StatusChange,
} from "../supabase/functions/_shared/store/rows.ts";
import type { LeadRow } from "../supabase/functions/_shared/store/rows.ts";
import { describeDelivery } from "./delivery-states.ts";

/** A lead as the operator's listings show it: its row, where it stands, who said stop, what went out. */
export type ListedLead = LeadRow & {
  /** The latest status change; "new" when there is none. */
  status: LeadStatus;
  status_value: number | null;
  status_note: string | null;
  status_changed_at: string | null;
  /** When the team first reached the homeowner (contacted or further); null while waiting. */
  reached_at: string | null;
  /** What its e-mail or phone has stopped now, with the day: "texts 2026-11-20". */
  opt_outs: string[];
  /** Left out of ad-platform exports and events: GPC, or an opt-out of sharing. */
  no_sharing: boolean;
  /** Each delivery the lead caused and where it stands: "team e-mail: sent 12:01:07". */
  deliveries: string[];
};

/** The leads with their latest status, current opt-outs and deliveries. */
export function withRecords(
  rows: readonly LeadRow[],
  changes: readonly StatusChange[],
  optOuts: readonly OptOut[],
  deliveries: readonly DeliveryRow[] = [],
): ListedLead[] {
  const latest = new Map<string, StatusChange>();
  const reached = new Map<string, string>();
  for (const change of changes) {
    latest.set(change.lead_id, change);
    if (REACHED_STATUSES.includes(change.status) && !reached.has(change.lead_id)) {
      reached.set(change.lead_id, change.changed_at);
    }
  }
  const byLead = new Map<string, DeliveryRow[]>();
  for (const delivery of deliveries) {
    byLead.set(delivery.lead_id, [...(byLead.get(delivery.lead_id) ?? []), delivery]);
  }
  return rows.map((row) => {
    const contacts = leadContactKeys(row);
    const stopped = OPT_OUT_CHANNELS.filter((channel) => channel !== "all").flatMap((channel) => {
      const stop = hasStopped(optOuts, contacts, channel);
      return stop ? [`${channel} ${stop.recorded_at.slice(0, 10)}`] : [];
    });
    const status = latest.get(row.id);
    return {
      ...row,
      status: status?.status ?? "new",
      status_value: status?.value ?? null,
      status_note: status?.note ?? null,
      status_changed_at: status?.changed_at ?? null,
      reached_at: reached.get(row.id) ?? null,
      opt_outs: stopped,
      no_sharing: row.gpc || hasStopped(optOuts, contacts, "sharing") !== null,
      deliveries: (byLead.get(row.id) ?? []).map((delivery) =>
        describeDelivery(delivery, row.created_at),
      ),
    };
  });
}
