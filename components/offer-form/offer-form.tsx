"use client";

import { ArrowLeft, ArrowRight, Check, Phone } from "lucide";
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";

import { offerFormCopy as copy } from "@/content/offer-form";
import {
  createOutbox,
  keepRetrying,
  preloadOfferClient,
  submitOffer,
  type Outbox,
  type Retrier,
} from "@/lib/offer-client";
import {
  CONDITION_ADVANCE_MS,
  TOTAL_STEPS,
  buildOfferPayload,
  canAdvance,
  canSubmit,
  emailProblem,
  initialWizardState,
  newLeadId,
  wizardReducer,
} from "@/lib/offer-wizard";
import { cn } from "@/lib/utils";
import {
  HONEYPOT_FIELD,
  LEAD_LIMITS,
  type Condition,
} from "@/supabase/functions/_shared/lead-rules.ts";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { preloadToaster } from "@/components/ui/toaster";
import { toast } from "@/components/ui/use-toast";
import { ConditionOptions } from "@/components/offer-form/condition-options";

export type OfferFormProps = {
  /** The state name a state page sends with the request. */
  state?: string;
  id?: string;
  className?: string;
};

type Session = { id: string; startedAt: number };

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Brings the form into view and puts focus on the shown step's first control. */
function showStep(
  form: HTMLElement | null,
  step: HTMLElement | null,
  block: ScrollLogicalPosition,
) {
  form?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block });
  const first =
    step?.querySelector<HTMLElement>("input:checked") ?? step?.querySelector<HTMLElement>("input");
  first?.focus({ preventScroll: true });
}

export function OfferForm({ state, id, className }: OfferFormProps) {
  const [wizard, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [emailError, setEmailError] = useState<string | null>(null);
  const { step, draft, sending } = wizard;

  const fieldId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const session = useRef<Session | null>(null);
  const outbox = useRef<Outbox | null>(null);
  const retrier = useRef<Retrier | null>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shownStep = useRef(step);

  useEffect(() => {
    session.current = { id: newLeadId(), startedAt: Date.now() };
    outbox.current = createOutbox(window.localStorage);
    retrier.current = keepRetrying(outbox.current);
    return () => {
      retrier.current?.stop();
      clearTimeout(advanceTimer.current);
    };
  }, []);

  // The form's script starts after the page's first paint (scripts/paint-first.mjs): an
  // address typed before it ran is in the field but not yet in the state. Keep it.
  useEffect(() => {
    const typed = formRef.current?.elements.namedItem("address");
    if (typed instanceof HTMLInputElement && typed.value !== "") {
      dispatch({ type: "edit", field: "address", value: typed.value });
    }
  }, []);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    showStep(formRef.current, stepRef.current, "nearest");
    // A submit and a toast follow the last step: fetch their code while the visitor types.
    if (step === TOTAL_STEPS) {
      preloadOfferClient();
      void preloadToaster();
    }
  }, [step]);

  // Links to the form (the hero's Get Started Now) also put the cursor in it; without
  // script they still jump to it.
  useEffect(() => {
    if (!id) return;
    function onLinkClick(event: MouseEvent) {
      if (!(event.target instanceof Element) || !event.target.closest(`a[href="#${id}"]`)) return;
      event.preventDefault();
      showStep(formRef.current, stepRef.current, "center");
    }
    document.addEventListener("click", onLinkClick);
    return () => document.removeEventListener("click", onLinkClick);
  }, [id]);

  function chooseCondition(condition: Condition, advance: boolean) {
    dispatch({ type: "choose-condition", condition });
    clearTimeout(advanceTimer.current);
    if (advance) {
      advanceTimer.current = setTimeout(
        () => dispatch({ type: "next", from: 2 }),
        CONDITION_ADVANCE_MS,
      );
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in steps 1 and 2 means Next, as it would in a one-page form.
    if (step < TOTAL_STEPS) {
      dispatch({ type: "next" });
      return;
    }
    if (!canSubmit(wizard)) return;
    const problem = emailProblem(draft.email);
    setEmailError(problem);
    if (problem) {
      document.getElementById(`${fieldId}-email`)?.focus();
      return;
    }

    dispatch({ type: "send" });
    const started = session.current ?? { id: newLeadId(), startedAt: Date.now() };
    const payload = buildOfferPayload(draft, {
      id: started.id,
      state,
      source: window.location.pathname,
      honeypot: honeypotRef.current?.value ?? "",
      elapsedMs: Date.now() - started.startedAt,
    });
    const delivered = await submitOffer(payload, outbox.current);
    if (!delivered) retrier.current?.wake();

    toast(delivered ? copy.success : copy.fallback);
    if (honeypotRef.current) honeypotRef.current.value = "";
    session.current = { id: newLeadId(), startedAt: Date.now() };
    dispatch({ type: "reset" });
  }

  const stepCopy = copy.steps[step];
  const headingId = `${fieldId}-step-title`;

  return (
    <form
      ref={formRef}
      id={id}
      noValidate
      aria-label={copy.formLabel}
      onSubmit={handleSubmit}
      className={cn("scroll-mt-24 space-y-5", className)}
    >
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700" aria-hidden="true">
          {copy.progressLabel(step, TOTAL_STEPS)}
        </p>
        <Progress value={step} max={TOTAL_STEPS} label={copy.progressLabel(step, TOTAL_STEPS)} />
      </div>

      <div ref={stepRef} role="group" aria-labelledby={headingId} className="space-y-4">
        <div>
          <h3 id={headingId} className="text-lg font-bold text-slate-950">
            {stepCopy.title}
          </h3>
          <p className="text-sm text-slate-700">{stepCopy.hint}</p>
        </div>

        {step === 1 ? (
          <div className="space-y-2">
            <Label htmlFor={`${fieldId}-address`}>{copy.addressLabel}</Label>
            <Input
              id={`${fieldId}-address`}
              name="address"
              required
              aria-required="true"
              // The HTML spec allows "street-address" on multi-line fields only.
              autoComplete="address-line1"
              maxLength={LEAD_LIMITS.addressMax}
              placeholder={copy.addressPlaceholder}
              value={draft.address}
              onChange={(event) =>
                dispatch({ type: "edit", field: "address", value: event.target.value })
              }
            />
          </div>
        ) : null}

        {step === 2 ? (
          <ConditionOptions
            name={`${fieldId}-condition`}
            legend={copy.conditionLegend}
            value={draft.condition}
            onChoose={chooseCondition}
          />
        ) : null}

        {step === 3 ? (
          <div className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor={`${fieldId}-email`}>{copy.emailLabel}</Label>
              <Input
                id={`${fieldId}-email`}
                name="email"
                type="email"
                required
                aria-required="true"
                autoComplete="email"
                inputMode="email"
                maxLength={LEAD_LIMITS.emailMax}
                placeholder={copy.emailPlaceholder}
                value={draft.email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${fieldId}-email-error` : undefined}
                onChange={(event) => {
                  setEmailError(null);
                  dispatch({ type: "edit", field: "email", value: event.target.value });
                }}
              />
              {emailError ? (
                <p id={`${fieldId}-email-error`} className="text-sm font-medium text-red-700">
                  {emailError}
                </p>
              ) : null}
            </div>

            <Button
              type="button"
              variant="outline"
              aria-pressed={draft.callRequested}
              aria-controls={`${fieldId}-phone-field`}
              onClick={() => dispatch({ type: "toggle-call" })}
              className="aria-pressed:border-blue-700 aria-pressed:bg-blue-50 aria-pressed:text-blue-900"
            >
              {draft.callRequested ? <Icon icon={Check} /> : <Icon icon={Phone} />}
              {draft.callRequested ? copy.callRequested : copy.requestCall}
            </Button>

            <div id={`${fieldId}-phone-field`} className="space-y-2" hidden={!draft.callRequested}>
              {draft.callRequested ? (
                <>
                  <Label htmlFor={`${fieldId}-phone`}>{copy.phoneLabel}</Label>
                  <Input
                    id={`${fieldId}-phone`}
                    name="phone"
                    type="tel"
                    autoComplete="tel"
                    maxLength={LEAD_LIMITS.phoneMax}
                    placeholder={copy.phonePlaceholder}
                    value={draft.phone}
                    onChange={(event) =>
                      dispatch({ type: "edit", field: "phone", value: event.target.value })
                    }
                  />
                </>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>

      {/* A field people never see or reach; bots that fill every input give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label>
          Website
          <input
            ref={honeypotRef}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </label>
      </div>

      <div className="flex items-center gap-3">
        {step > 1 ? (
          <Button type="button" variant="outline" onClick={() => dispatch({ type: "back" })}>
            <Icon icon={ArrowLeft} />
            {copy.back}
          </Button>
        ) : null}
        {step < TOTAL_STEPS ? (
          <Button type="submit" className="ml-auto" disabled={!canAdvance(wizard)}>
            {copy.next}
            <Icon icon={ArrowRight} />
          </Button>
        ) : (
          <Button type="submit" variant="accent" className="ml-auto" disabled={!canSubmit(wizard)}>
            {sending ? copy.sending : copy.submit}
          </Button>
        )}
      </div>

      <p className="text-xs text-slate-600">{copy.privacy}</p>
    </form>
  );
}
