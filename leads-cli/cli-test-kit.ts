import { leadRowFixture } from "../supabase/functions/_shared/store/lead-test-kit.ts";
import type { ListedLead } from "./listed-leads.ts";

/** A stored lead as listings show it: new, no opt-outs, unless the overrides say otherwise. */
export function listedLeadFixture(overrides: Partial<ListedLead> = {}): ListedLead {
  return {
    ...leadRowFixture(overrides),
    status: "new",
    status_value: null,
    status_note: null,
    status_changed_at: null,
    reached_at: null,
    opt_outs: [],
    no_sharing: false,
    deliveries: [],
    ...overrides,
  };
}
