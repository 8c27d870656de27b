import {
  FORM_MESSAGES,
  fieldMessage,
  type FormMessages,
} from "@/supabase/functions/_shared/contract/field-messages.ts";
import {
  CONDITION_VALUES,
  EMAIL_PATTERN,
  hasVisibleText,
  LEAD_LIMITS,
  textProblem,
  type Condition,
} from "@/supabase/functions/_shared/contract/lead-rules.ts";
import type { Language } from "@/supabase/functions/_shared/contract/language.ts";
import type { OfferRequest } from "@/supabase/functions/_shared/contract/lead-schema.ts";
import type { StateName } from "@/supabase/functions/_shared/contract/states.ts";

export { newLeadId } from "@/lib/browser/lead-id";

/**
 * The offer form's state machine: steps, their bounds and what each step needs
 * before the visitor may go on. Plain TypeScript so it is tested without a browser.
 */
export const TOTAL_STEPS = 3;
export const CONDITION_ADVANCE_MS = 300;

export type Step = 1 | 2 | 3;

export type OfferDraft = {
  address: string;
  condition: Condition | null;
  email: string;
  phone: string;
  callRequested: boolean;
  /** The separate, optional box for text messages (shown with the phone field). */
  textsConsent: boolean;
};

export type WizardState = {
  step: Step;
  draft: OfferDraft;
  sending: boolean;
};

export type WizardAction =
  | { type: "edit"; field: "address" | "email" | "phone"; value: string }
  | { type: "choose-condition"; condition: Condition }
  | { type: "toggle-call" }
  | { type: "toggle-texts" }
  /** What the visitor typed before the script ran, taken over as it stands. */
  | { type: "adopt"; draft: OfferDraft; step: Step }
  /** `from`: only when the wizard is still at that step (a delayed advance). */
  | { type: "next"; from?: Step }
  | { type: "back" }
  | { type: "send" }
  | { type: "reset" };

export const emptyDraft: OfferDraft = {
  address: "",
  condition: null,
  email: "",
  phone: "",
  callRequested: false,
  textsConsent: false,
};

export const initialWizardState: WizardState = { step: 1, draft: emptyDraft, sending: false };

function clampStep(step: number): Step {
  return Math.min(TOTAL_STEPS, Math.max(1, step)) as Step;
}

function isBlank(value: string): boolean {
  return value.trim() === "";
}

/** Whether the visitor may leave this step with Next. */
export function canAdvance({ step, draft }: WizardState): boolean {
  if (step === 1) return hasVisibleText(draft.address);
  if (step === 2) return draft.condition !== null;
  return false;
}

export function canSubmit({ draft, sending }: WizardState): boolean {
  return !sending && !isBlank(draft.email);
}

/** Text over the limit, counted as the function counts it (after trimming). */
function lengthProblem(text: string, max: number, messages: FormMessages): string | null {
  return text.length > max
    ? fieldMessage(messages, "tooLongNow", { max, length: text.length })
    : null;
}

/*
 * Each check below speaks English unless given another catalogue of the same keys: a
 * Spanish page passes FIELD_MESSAGES_ES (contract/field-messages-es.ts) from its props, so
 * the English pages' script carries no Spanish.
 */

/**
 * The message shown under the address field, or null when the function will take it:
 * the same rules (lead-rules.ts) and limits it applies, so an address an autofill or an
 * input method made longer than the field allows is caught here, not refused after sending.
 */
export function addressProblem(
  address: string,
  messages: FormMessages = FORM_MESSAGES,
): string | null {
  const trimmed = address.trim();
  return (
    textProblem(trimmed, messages) ??
    (hasVisibleText(trimmed) ? null : messages.addressBlank) ??
    lengthProblem(trimmed, LEAD_LIMITS.addressMax, messages)
  );
}

/** The message shown under the e-mail field, or null when the address will be accepted. */
export function emailProblem(email: string, messages: FormMessages = FORM_MESSAGES): string | null {
  const trimmed = email.trim();
  return (
    textProblem(trimmed, messages) ??
    lengthProblem(trimmed, LEAD_LIMITS.emailMax, messages) ??
    (EMAIL_PATTERN.test(trimmed) ? null : messages.emailExample)
  );
}

/** The message shown under the phone field, or null. */
export function phoneProblem(phone: string, messages: FormMessages = FORM_MESSAGES): string | null {
  const trimmed = phone.trim();
  return textProblem(trimmed, messages) ?? lengthProblem(trimmed, LEAD_LIMITS.phoneMax, messages);
}

export function isCondition(value: string): value is Condition {
  return (CONDITION_VALUES as readonly string[]).includes(value);
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "edit":
      return { ...state, draft: { ...state.draft, [action.field]: action.value } };
    case "choose-condition":
      return { ...state, draft: { ...state.draft, condition: action.condition } };
    case "toggle-call":
      return { ...state, draft: { ...state.draft, callRequested: !state.draft.callRequested } };
    case "toggle-texts":
      return { ...state, draft: { ...state.draft, textsConsent: !state.draft.textsConsent } };
    case "adopt":
      return { ...state, draft: action.draft, step: action.step };
    case "next":
      if (action.from !== undefined && action.from !== state.step) return state;
      return canAdvance(state) ? { ...state, step: clampStep(state.step + 1) } : state;
    case "back":
      return { ...state, step: clampStep(state.step - 1) };
    case "send":
      return canSubmit(state) ? { ...state, sending: true } : state;
    case "reset":
      return initialWizardState;
  }
}

/**
 * The request as the page builds it: the function's own input type (OfferRequest, from
 * its schema), except that the visits are sent as the browser kept them and cleaned by
 * the sender at each try.
 */
export type OfferPayload = Omit<OfferRequest, "attribution"> & { attribution?: KeptAttribution };

/**
 * The visits as the browser kept them. Storage can hold anything (an older version's
 * format, a value tampered with): the sender sends only the fields the function accepts.
 */
export type KeptAttribution = { first?: unknown; last?: unknown };

export type PayloadContext = {
  id: string;
  state?: StateName;
  source: string;
  /** The page's address, query string included. */
  pageUrl: string;
  honeypot: string;
  /** From navigation start (the page view's first request) or the form's last reset. */
  elapsedMs: number;
  /** The wording the page showed: its version and the SHA-256 of its exact text. */
  wording: { version: string; shown: string };
  /** The submit time (ISO). */
  at: string;
  /** navigator.globalPrivacyControl */
  gpc: boolean;
  attribution?: KeptAttribution;
  /** The page's language; an English page may leave it out. */
  language?: Language;
};

/**
 * The body sent to send-contact-email: the spec's address, condition, email and
 * phone, plus state on state pages, and the id, page and timing that keep a lead
 * from being lost or stored twice, the consent shown and where the visit came
 * from. A phone typed before the call request was switched off again is not sent.
 */
export function buildOfferPayload(draft: OfferDraft, context: PayloadContext): OfferPayload {
  if (draft.condition === null) throw new Error("A condition must be chosen before submitting.");
  const { first, last } = context.attribution ?? {};
  return {
    id: context.id,
    address: draft.address.trim(),
    condition: draft.condition,
    email: draft.email.trim(),
    phone: draft.callRequested ? draft.phone.trim() : "",
    ...(context.state ? { state: context.state } : {}),
    source: context.source,
    pageUrl: context.pageUrl,
    website: context.honeypot,
    elapsedMs: Math.max(0, Math.round(context.elapsedMs)),
    consent: {
      version: context.wording.version,
      at: context.at,
      calls: draft.callRequested,
      texts: draft.callRequested && draft.textsConsent,
      gpc: context.gpc,
      shown: context.wording.shown,
    },
    ...(first || last ? { attribution: { first, last } } : {}),
    ...(context.language ? { language: context.language } : {}),
  };
}
