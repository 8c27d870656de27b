import { slugify } from "@/lib/slug";
import { STATES } from "@/supabase/functions/_shared/contract/states.ts";

export const STATE_PATH_PREFIX = "/sell-house-fast-";

/** "New Hampshire" -> "/sell-house-fast-new-hampshire". */
export function statePath(name: string): string {
  return `${STATE_PATH_PREFIX}${slugify(name)}`;
}

export type StateSummary = (typeof STATES)[number] & { slug: string };

export const stateSummaries: readonly StateSummary[] = STATES.map((state) => ({
  ...state,
  slug: slugify(state.name),
}));
