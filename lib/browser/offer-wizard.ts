import {
  ADDRESS_BLANK,
  CONDITION_VALUES,
  EMAIL_PATTERN,
  hasVisibleText,
  textProblem,
  type Condition,
  type Consent,
} from "@/supabase/functions/_leads/lead-rules.ts";

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

/**
 * The message shown under the address field, or null when the function will take
 * it: the same rules (lead-rules.ts) it applies, so no request is refused after sending.
 */
export function addressProblem(address: string): string | null {
  const trimmed = address.trim();
  return textProblem(trimmed) ?? (hasVisibleText(trimmed) ? null : ADDRESS_BLANK);
}

/** The message shown under the e-mail field, or null when the address will be accepted. */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  return (
    textProblem(trimmed) ??
    (EMAIL_PATTERN.test(trimmed) ? null : "Enter a valid email address, like name@example.com.")
  );
}

/** The message shown under the phone field, or null. */
export function phoneProblem(phone: string): string | null {
  return textProblem(phone.trim());
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

export type OfferPayload = {
  id: string;
  address: string;
  condition: Condition;
  email: string;
  phone: string;
  state?: string;
  source: string;
  website: string;
  elapsedMs: number;
  consent?: Consent;
  attribution?: KeptAttribution;
};

/**
 * The visits as the browser kept them. Storage can hold anything (an older version's
 * format, a value tampered with): the sender sends only the fields the function accepts.
 */
export type KeptAttribution = { first?: unknown; last?: unknown };

/** A v4 UUID for a new lead; falls back for pages served over plain http, where randomUUID is missing. */
export function newLeadId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type PayloadContext = {
  id: string;
  state?: string;
  source: string;
  honeypot: string;
  /** From navigation start (the page view's first request) or the form's last reset. */
  elapsedMs: number;
  /** The consent wording's version the page showed, and the submit time (ISO). */
  consent?: Consent;
  attribution?: KeptAttribution;
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
    website: context.honeypot,
    elapsedMs: Math.max(0, Math.round(context.elapsedMs)),
    ...(context.consent ? { consent: context.consent } : {}),
    ...(first || last ? { attribution: { first, last } } : {}),
  };
}
