/**
 * Whether the Spanish site is built, read the same way by next.config.mjs (which Spanish route
 * files exist) and config/site.ts (the number the pages show): only for a company that can
 * serve in Spanish, that is one that names a number answered in Spanish. `npm start`'s example
 * company has one, so a newcomer sees the Spanish site.
 */
export const SPANISH_PHONE_VARIABLE = "COMPANY_SPANISH_PHONE";

/** The example company's Spanish line: 555-01xx, reserved for fiction (a deploy refuses it). */
export const EXAMPLE_SPANISH_PHONE = "(614) 555-0143";

/**
 * The Spanish site's route files end in `.es.tsx` (app/(es)/...), and Next reads them as
 * pages and layouts only when this extension is listed: without the setting they are not
 * routes at all, so no Spanish page is built.
 */
export const SPANISH_ROUTE_EXTENSION = "es.tsx";

/** The number answered in Spanish, or undefined: the Spanish site is off. */
export function spanishPhoneSetting(env) {
  const value = env[SPANISH_PHONE_VARIABLE]?.trim();
  if (value) return value;
  return env.QHB_LOCAL_BUILD === "1" ? EXAMPLE_SPANISH_PHONE : undefined;
}
