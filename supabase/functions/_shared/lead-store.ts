import type { StateName } from "../../../content/states.ts";
import type { Condition } from "./lead-rules.ts";

/** An offer request as stored: validated, trimmed, optional fields null. */
export type Lead = {
  id: string;
  address: string;
  condition: Condition;
  email: string;
  phone: string | null;
  state: StateName | null;
  source: string | null;
};

/** A stored lead as listed back, timestamps as ISO strings. */
export type LeadRow = Lead & {
  created_at: string;
  /** Null until the notification e-mail went out. */
  notified_at: string | null;
};

/** Where leads are kept; the handler knows nothing else about the database. */
export interface LeadStore {
  /** Stores the lead unless its id is already stored (a retried submit). */
  insert(lead: Lead): Promise<{ inserted: boolean }>;
  markNotified(id: string): Promise<void>;
}
