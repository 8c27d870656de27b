import { z } from "zod";

import { TOUCH_FIELDS, type Touch, type TouchField } from "./touch-fields.ts";
import { ISO_DATE_TIME_MESSAGE, isIsoDateTime, touchFieldProblem } from "./touch-rules.ts";
import { FIELD_MESSAGES, fieldMessage, type FieldMessages } from "./field-messages.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./language.ts";
import {
  CONDITION_VALUES,
  EMAIL_PATTERN,
  hasVisibleText,
  HONEYPOT_FIELD,
  LEAD_LIMITS,
  textProblem,
  tooLong,
} from "./lead-rules.ts";
import { phoneFieldProblem } from "./repeatable.ts";
import { STATE_NAMES } from "./states.ts";

/**
 * The offer request as the function takes it, and as the page's script builds it: the
 * browser's sender types its body as z.input of this schema (OfferRequest), so the two
 * cannot drift. Fields the visitor never typed reach it already made acceptable
 * (lead-intake.ts); the visitor's own fields get messages written for a person, prefixed
 * with the field's name by describeLeadError, in the catalogue of the request's language
 * (buildLeadSchema). Unknown keys are dropped.
 */

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

type OptionalTouchField = Exclude<TouchField, "landing_page" | "at">;
const OPTIONAL_TOUCH_FIELDS = TOUCH_FIELDS.filter(
  (field): field is OptionalTouchField => field !== "landing_page" && field !== "at",
);

/** One visit's arrival: its landing page, and when and how it came. */
const touchSchema = z.object(
  {
    ...(Object.fromEntries(
      OPTIONAL_TOUCH_FIELDS.map((field) => [field, touchField(field).optional()]),
    ) as Record<OptionalTouchField, z.ZodOptional<ReturnType<typeof touchField>>>),
    landing_page: touchField(
      "landing_page",
      'Send the landing page path, starting with "/", without a query string.',
    ),
    at: touchField("at", ISO_DATE_TIME_MESSAGE).optional(),
  },
  { error: "Send the visit as an object with landing_page and at." },
);

/** The fields the visitor typed or chose, with messages from the catalogue given. */
function visitorFields(messages: FieldMessages) {
  const say = (key: Parameters<typeof fieldMessage>[1]) => fieldMessage(messages, key);
  const textRule = rule((value) => textProblem(value, messages));
  const max = (limit: number) => tooLong(limit, messages);
  return {
    address: z
      .string({ error: say("addressBlank") })
      .trim()
      .superRefine(
        rule(
          (value) =>
            textProblem(value, messages) ?? (hasVisibleText(value) ? null : say("addressBlank")),
        ),
      )
      .max(LEAD_LIMITS.addressMax, max(LEAD_LIMITS.addressMax)),
    condition: z.enum(CONDITION_VALUES, {
      error: fieldMessage(messages, "conditionChoice", { choices: CONDITION_VALUES.join(", ") }),
    }),
    email: z
      .string({ error: say("emailInvalid") })
      .trim()
      .superRefine(textRule)
      .max(LEAD_LIMITS.emailMax, max(LEAD_LIMITS.emailMax))
      .regex(EMAIL_PATTERN, say("emailInvalid")),
    /** One number, words beside it allowed: a second number or a link is refused (issue 41). */
    phone: z
      .string({ error: say("phoneText") })
      .trim()
      .superRefine(textRule)
      .max(LEAD_LIMITS.phoneMax, max(LEAD_LIMITS.phoneMax))
      .nullish()
      .transform((value) => value || null)
      .superRefine((value, ctx) => {
        if (value !== null) rule((text) => phoneFieldProblem(text, messages))(value, ctx);
      }),
    state: z
      .enum(STATE_NAMES, { error: say("stateChoice") })
      .nullish()
      .transform((value) => value ?? null),
  };
}

/** The fields the page fills in, whose messages are for whoever wrote the page. */
const PAGE_FIELDS = {
  /** The page the form was sent from, e.g. /sell-house-fast-ohio. */
  source: z
    .string()
    .startsWith("/")
    .max(LEAD_LIMITS.sourceMax)
    .nullish()
    .transform((value) => value ?? null),
  /** Only looked at, never stored: whatever a bot wrote in it. */
  [HONEYPOT_FIELD]: z.string().max(LEAD_LIMITS.honeypotMax).optional(),
  elapsedMs: z
    .number()
    .int()
    .nonnegative()
    .transform((value) => Math.min(value, FILL_MS_MAX))
    .optional(),
  consent: z
    .object({
      version: z.string().min(1).max(LEAD_LIMITS.consentVersionMax),
      /** When the visitor pressed the button. */
      at: z.string().refine(isIsoDateTime, { error: ISO_DATE_TIME_MESSAGE }),
      /** A call was asked for: the phone field, and the call wording, were shown. */
      calls: z.boolean().optional(),
      /** The separate, optional box for text messages was ticked. */
      texts: z.boolean().optional(),
      /** The browser sent Global Privacy Control (navigator.globalPrivacyControl). */
      gpc: z.boolean().optional(),
      /** SHA-256 (hex) of the wording the page showed, as the build wrote it. */
      shown: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    })
    .nullish()
    .transform((value) => value ?? null),
  /** The address of the page the form was sent from, query string included. */
  pageUrl: z
    .url({ protocol: /^https?$/ })
    .max(LEAD_LIMITS.pageUrlMax)
    .optional(),
  /**
   * The deliveries a team channel took while the store was down, as a 503 gave them: their
   * ids and the function's signature over them and the request's id (HMAC-SHA-256, base64url;
   * intake/notified-signature.ts), which the page sends back as it got it. A bare list of
   * ids, or true, comes from an older page: it carries no signature, so it marks nothing.
   */
  notified: z
    .union([
      z.object({
        ids: z.array(z.uuid()).min(1).max(LEAD_LIMITS.notifiedMax),
        sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
      }),
      z.literal(true),
      z.array(z.uuid()).max(LEAD_LIMITS.notifiedMax),
    ])
    .optional(),
  attribution: z
    .object({ first: touchSchema.nullish(), last: touchSchema.nullish() })
    .nullish()
    .transform((value) => {
      if (!value) return null;
      return {
        ...(value.first ? { first: withoutBlanks(value.first) } : {}),
        ...(value.last ? { last: withoutBlanks(value.last) } : {}),
      };
    }),
  /** The language of the page: its consent wording, messages and the homeowner's confirmations. */
  language: z
    .enum(LANGUAGES, { error: `Send one of: ${LANGUAGES.join(", ")} (the page's language).` })
    .nullish()
    .transform((value) => value ?? DEFAULT_LANGUAGE),
};

/**
 * The request's schema, the visitor's fields' messages from the catalogue given (English by
 * default; the function picks the catalogue by the request's language).
 */
export function buildLeadSchema(messages: FieldMessages = FIELD_MESSAGES) {
  return z.object(
    {
      id: z.uuid({ error: "Send a UUID that identifies this request." }),
      ...visitorFields(messages),
      ...PAGE_FIELDS,
    },
    { error: "Send the offer request as a JSON object." },
  );
}

export const leadSchema = buildLeadSchema();

export type LeadSubmission = z.output<typeof leadSchema>;

/** The body the offer form sends, as the browser builds it. */
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
  /** The bad fields as dot paths: ["address", "email"]. */
  fields: string[];
  /** Each field's message alone, for a form to show under the field. */
  messages: Record<string, string>;
};

export function describeLeadError(error: z.ZodError): LeadErrors {
  const messages = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (!messages.has(field)) messages.set(field, issue.message);
  }
  const fields = [...messages.keys()].filter(Boolean);
  return {
    error: [...messages]
      .map(([field, message]) => (field ? `${field}: ${message}` : message))
      .join(" "),
    fields,
    messages: Object.fromEntries(fields.map((field) => [field, messages.get(field)!])),
  };
}
