/**
 * The offer request's rules as plain data, with no imports from packages: the
 * browser form reads them for its inputs (no zod in the page bundle), and the
 * zod schema in lead-schema.ts is built from the same values.
 */
export const CONDITIONS = [
  { value: "Excellent", description: "Move-in ready, no repairs needed" },
  { value: "Good", description: "Minor cosmetic updates needed" },
  { value: "Fair", description: "Some repairs and updates needed" },
  { value: "Needs Work", description: "Major repairs or renovations needed" },
  { value: "Poor", description: "Significant work required" },
] as const;

export type Condition = (typeof CONDITIONS)[number]["value"];

export const CONDITION_VALUES: readonly Condition[] = CONDITIONS.map((c) => c.value);

export const LEAD_LIMITS = {
  addressMax: 300,
  emailMax: 254,
  phoneMax: 40,
  sourceMax: 200,
  /** Whole request body, in bytes. */
  bodyMax: 16 * 1024,
  /** A person cannot fill the three steps faster than this; a bot can. */
  minFillMs: 3000,
} as const;

/**
 * One address, an @, a domain with at least one dot and a top-level part of two
 * letters or more. Stricter than the browser's type="email" check, which accepts
 * "name@gmail", so the form checks it too and says so before anything is sent.
 */
export const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[A-Za-z]{2,}$/;

/** The honeypot input's name: hidden from people, filled in by form-filling bots. */
export const HONEYPOT_FIELD = "website";
