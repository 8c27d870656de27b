import { classifyTouch, type Channel } from "../supabase/functions/_shared/contract/attribution.ts";
import { attributionFromColumns } from "../supabase/functions/_shared/contract/attribution-columns.ts";
import { LEAD_COLUMNS, type LeadRow } from "../supabase/functions/_shared/store/rows.ts";
import type { ListedLead } from "./listed-leads.ts";

/** Every column of the leads table, then where the lead stands, in the order exports write them. */
export const EXPORT_COLUMNS = [
  "id",
  "created_at",
  ...LEAD_COLUMNS.filter((column) => column !== "id"),
  "status",
  "status_value",
  "status_note",
  "status_changed_at",
  "reached_at",
  "opt_outs",
  "no_sharing",
  "deliveries",
] as const satisfies readonly (keyof ListedLead)[];

/** The lead's channel from the visit that sent it (the first visit when only that was kept). */
export function channelOf(lead: LeadRow): Channel {
  const { first, last } = attributionFromColumns(lead);
  return classifyTouch(last ?? first);
}
