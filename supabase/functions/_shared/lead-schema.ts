import { z } from "zod";

import { STATE_NAMES } from "../../../content/states.ts";
import { CONDITION_VALUES, EMAIL_PATTERN, HONEYPOT_FIELD, LEAD_LIMITS } from "./lead-rules.ts";

const tooLong = (max: number) => `Use at most ${max} characters.`;

/** Optional text fields: absent, null and blank all mean "not given". */
const blankToNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : value;

/**
 * The offer request as the function accepts it. Messages are written for a
 * person and prefixed with the field name by describeLeadError. Unknown keys
 * are dropped.
 */
export const leadSchema = z.object(
  {
    id: z.uuid({ error: "Send a UUID that identifies this request." }),
    address: z
      .string({ error: "Enter the property address." })
      .trim()
      .min(1, "Enter the property address.")
      .max(LEAD_LIMITS.addressMax, tooLong(LEAD_LIMITS.addressMax)),
    condition: z.enum(CONDITION_VALUES, {
      error: `Choose one of: ${CONDITION_VALUES.join(", ")}.`,
    }),
    email: z
      .string({ error: "Enter a valid email address." })
      .trim()
      .max(LEAD_LIMITS.emailMax, tooLong(LEAD_LIMITS.emailMax))
      .regex(EMAIL_PATTERN, "Enter a valid email address."),
    phone: z.preprocess(
      blankToNull,
      z
        .string({ error: "Enter the phone number as text." })
        .trim()
        .max(LEAD_LIMITS.phoneMax, tooLong(LEAD_LIMITS.phoneMax))
        .nullish()
        .transform((value) => value ?? null),
    ),
    state: z.preprocess(
      blankToNull,
      z
        .enum(STATE_NAMES, { error: 'Choose one of the 50 US states by name, e.g. "Ohio".' })
        .nullish()
        .transform((value) => value ?? null),
    ),
    source: z.preprocess(
      blankToNull,
      z
        .string({ error: 'Send the page path, e.g. "/sell-house-fast-ohio".' })
        .trim()
        .startsWith("/", 'Send the page path, starting with "/".')
        .max(LEAD_LIMITS.sourceMax, tooLong(LEAD_LIMITS.sourceMax))
        .nullish()
        .transform((value) => value ?? null),
    ),
    [HONEYPOT_FIELD]: z.string({ error: "Must be text." }).optional(),
    elapsedMs: z
      .number({ error: "Send the fill time as a whole number of milliseconds." })
      .int("Send the fill time as a whole number of milliseconds.")
      .nonnegative("Send the fill time as a whole number of milliseconds.")
      .optional(),
  },
  { error: "Send the offer request as a JSON object." },
);

export type LeadSubmission = z.output<typeof leadSchema>;

/** One sentence per field, each naming it: "email: Enter a valid email address." */
export function describeLeadError(error: z.ZodError): string {
  const messages = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (!messages.has(field)) {
      messages.set(field, field ? `${field}: ${issue.message}` : issue.message);
    }
  }
  return [...messages.values()].join(" ");
}
