import {
  leadContactKeys,
  type LeadStatus,
  type OptOut,
  type StatusChange,
} from "../supabase/functions/_leads/lead-records.ts";
import type { LeadRow } from "../supabase/functions/_leads/lead-store.ts";

/** A lead as the operator's listings show it: its row, where it stands, and who said stop. */
export type ListedLead = LeadRow & {
  /** The latest status change; "new" when there is none. */
  status: LeadStatus;
  status_value: number | null;
  status_note: string | null;
  status_changed_at: string | null;
  /** Every opt-out recorded for its e-mail or phone, earlier or later: "texts 2026-11-20". */
  opt_outs: string[];
  /** Left out of ad-platform exports and events: GPC, or an opt-out of sharing. */
  no_sharing: boolean;
};

/** The leads with their latest status and the opt-outs of their e-mail and phone. */
export function withRecords(
  rows: readonly LeadRow[],
  changes: readonly StatusChange[],
  optOuts: readonly OptOut[],
): ListedLead[] {
  const latest = new Map<string, StatusChange>();
  for (const change of changes) latest.set(change.lead_id, change);
  return rows.map((row) => {
    const contacts = new Set(leadContactKeys(row));
    const mine = optOuts.filter((optOut) => contacts.has(optOut.contact));
    const status = latest.get(row.id);
    return {
      ...row,
      status: status?.status ?? "new",
      status_value: status?.value ?? null,
      status_note: status?.note ?? null,
      status_changed_at: status?.changed_at ?? null,
      opt_outs: mine.map((optOut) => `${optOut.channel} ${optOut.recorded_at.slice(0, 10)}`),
      no_sharing:
        row.gpc || mine.some((optOut) => optOut.channel === "sharing" || optOut.channel === "all"),
    };
  });
}
