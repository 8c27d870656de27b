import { STATES, stateSlug } from "@/content/states";

export const STATE_PATH_PREFIX = "/sell-house-fast-";

export function statePath(name: string): string {
  return `${STATE_PATH_PREFIX}${stateSlug(name)}`;
}

export type StateSummary = (typeof STATES)[number] & { slug: string };

export const stateSummaries: readonly StateSummary[] = STATES.map((state) => ({
  ...state,
  slug: stateSlug(state.name),
}));
