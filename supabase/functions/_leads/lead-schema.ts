import { z } from "zod";

import { TOUCH_FIELDS, type Touch, type TouchField } from "./attribution.ts";
import { ISO_DATE_TIME_MESSAGE, isIsoDateTime, touchFieldProblem } from "./touch-rules.ts";
import {
  ADDRESS_BLANK,
  CONDITION_VALUES,
  EMAIL_PATTERN,
  hasVisibleText,
  HONEYPOT_FIELD,
  LEAD_LIMITS,
  textProblem,
} from "./lead-rules.ts";
import { STATE_NAMES } from "./states.ts";

const tooLong = (max: number) => `Use at most ${max} characters.`;

/** Optional text fields: absent, null and blank all mean "not given". */
const blankToNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : value;

/** Adds the rule's message as an issue on the field when the rule finds a problem. */
const rule =
  (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  };

/** The largest int4: a fill time past it (a tab left open for 24 days) is kept as that. */
const FILL_MS_MAX = 2_147_483_647;

const touchField = (field: TouchField, typeError = "Send this as text.") =>
  z.string({ error: typeError }).superRefine(rule((value) => touchFieldProblem(field, value)));

/** A blank optional field was not sent. */
const optionalTouchField = (field: TouchField) =>
  z.preprocess((value) => (value === "" ? undefined : value), touchField(field).optional());

type OptionalTouchField = Exclude<TouchField, "landing_page" | "at">;

/**
 * One visit's arrival. Keys not in the list are dropped rather than refused: a 400
 * ends the browser's retries, so a page newer than the function (with a field this
 * version does not know yet) would otherwise lose the lead itself.
 */
const touchSchema = z.object(
  {
    ...(Object.fromEntries(
      TOUCH_FIELDS.filter((field) => field !== "landing_page" && field !== "at").map((field) => [
        field,
        optionalTouchField(field),
      ]),
    ) as Record<OptionalTouchField, ReturnType<typeof optionalTouchField>>),
    landing_page: touchField(
      "landing_page",
      'Send the landing page path, starting with "/", without a query string.',
    ),
    at: touchField("at", ISO_DATE_TIME_MESSAGE).optional(),
  },
  { error: "Send the visit as an object with landing_page and at." },
);

/**
 * The offer request as the function accepts it. Messages are written for a
 * person and prefixed with the field name by describeLeadError. Unknown keys
 * are dropped.
 */
export const leadSchema = z.object(
  {
    id: z.uuid({ error: "Send a UUID that identifies this request." }),
    address: z
      .string({ error: ADDRESS_BLANK })
      .trim()
      .superRefine(
        rule((value) => textProblem(value) ?? (hasVisibleText(value) ? null : ADDRESS_BLANK)),
      )
      .max(LEAD_LIMITS.addressMax, tooLong(LEAD_LIMITS.addressMax)),
    condition: z.enum(CONDITION_VALUES, {
      error: `Choose one of: ${CONDITION_VALUES.join(", ")}.`,
    }),
    email: z
      .string({ error: "Enter a valid email address." })
      .trim()
      .superRefine(rule(textProblem))
      .max(LEAD_LIMITS.emailMax, tooLong(LEAD_LIMITS.emailMax))
      .regex(EMAIL_PATTERN, "Enter a valid email address."),
    phone: z.preprocess(
      blankToNull,
      z
        .string({ error: "Enter the phone number as text." })
        .trim()
        .superRefine(rule(textProblem))
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
        .superRefine(rule(textProblem))
        .max(LEAD_LIMITS.sourceMax, tooLong(LEAD_LIMITS.sourceMax))
        .nullish()
        .transform((value) => value ?? null),
    ),
    /** Only looked at, never stored: whatever a bot wrote in it. */
    [HONEYPOT_FIELD]: z.string().max(LEAD_LIMITS.honeypotMax).optional(),
    elapsedMs: z
      .number({ error: "Send the fill time as a whole number of milliseconds." })
      .int("Send the fill time as a whole number of milliseconds.")
      .nonnegative("Send the fill time as a whole number of milliseconds.")
      .transform((value) => Math.min(value, FILL_MS_MAX))
      .optional(),
    consent: z
      .object(
        {
          version: z
            .string({ error: "Send the consent wording's version as text." })
            .trim()
            .min(1, "Send the consent wording's version.")
            .superRefine(rule(textProblem))
            .max(LEAD_LIMITS.consentVersionMax, tooLong(LEAD_LIMITS.consentVersionMax)),
          at: z
            .string({ error: ISO_DATE_TIME_MESSAGE })
            .refine(isIsoDateTime, { error: ISO_DATE_TIME_MESSAGE }),
          /** A call was asked for, with a phone number, under the wording that goes with it. */
          calls: z.boolean().optional(),
          /** The separate, optional box for text messages was ticked. */
          texts: z.boolean().optional(),
          /** The browser sent Global Privacy Control (navigator.globalPrivacyControl). */
          gpc: z.boolean().optional(),
          /** SHA-256 (hex) of the disclosure text the page showed, as the build wrote it. */
          shown: z
            .string()
            .regex(/^[0-9a-f]{64}$/)
            .optional(),
        },
        { error: "Send the consent as an object with version and at." },
      )
      .nullish()
      .transform((value) => value ?? null),
    /** The address of the page the form was sent from, query string included. */
    pageUrl: z
      .url({ protocol: /^https?$/ })
      .max(LEAD_LIMITS.pageUrlMax)
      .optional(),
    /** The team was e-mailed about this request while the store was down (a 503 said so). */
    notified: z.literal(true).optional(),
    attribution: z
      .object(
        { first: touchSchema.nullish(), last: touchSchema.nullish() },
        { error: "Send where the visit came from as an object with first and last." },
      )
      .nullish()
      .transform((value) => {
        if (!value) return null;
        return {
          ...(value.first ? { first: withoutBlanks(value.first) } : {}),
          ...(value.last ? { last: withoutBlanks(value.last) } : {}),
        };
      }),
  },
  { error: "Send the offer request as a JSON object." },
);

export type LeadSubmission = z.output<typeof leadSchema>;

/**
 * The body the offer form sends, as the browser builds it: the type the page's sender
 * uses, derived from this schema rather than written a second time.
 */
export type OfferRequest = z.input<typeof leadSchema>;

/** Optional touch fields that were not sent are left out, so the fingerprint does not see them. */
function withoutBlanks(touch: Record<string, unknown>): Touch {
  return Object.fromEntries(
    Object.entries(touch).filter(([, value]) => value !== undefined),
  ) as Touch;
}

export type LeadErrors = {
  /** One sentence per field, each naming it: "email: Enter a valid email address." */
  error: string;
  /** The bad fields as dot paths: ["address", "attribution.last.utm_source"]. */
  fields: string[];
};

export function describeLeadError(error: z.ZodError): LeadErrors {
  const messages = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (!messages.has(field)) {
      messages.set(field, field ? `${field}: ${issue.message}` : issue.message);
    }
  }
  return {
    error: [...messages.values()].join(" "),
    fields: [...messages.keys()].filter(Boolean),
  };
}
