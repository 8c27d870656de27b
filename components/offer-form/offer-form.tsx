"use client";

import { ArrowLeft, ArrowRight, Check, Phone } from "lucide-react";
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";

import { offerFormCopy as copy } from "@/content/offer-form";
import {
  createOutbox,
  keepRetrying,
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
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
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

  // Each step change brings the form into view and puts focus on the new step's first control.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    formRef.current?.scrollIntoView({
      behavior: prefersReducedMotion() ? "auto" : "smooth",
      block: "nearest",
    });
    const stepElement = stepRef.current;
    const first =
      stepElement?.querySelector<HTMLElement>("input:checked") ??
      stepElement?.querySelector<HTMLElement>("input");
    first?.focus({ preventScroll: true });
  }, [step]);

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
              autoComplete="street-address"
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
              className={cn(draft.callRequested && "border-blue-700 bg-blue-50 text-blue-900")}
            >
              {draft.callRequested ? <Check aria-hidden="true" /> : <Phone aria-hidden="true" />}
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
            <ArrowLeft aria-hidden="true" />
            {copy.back}
          </Button>
        ) : null}
        {step < TOTAL_STEPS ? (
          <Button type="submit" className="ml-auto" disabled={!canAdvance(wizard)}>
            {copy.next}
            <ArrowRight aria-hidden="true" />
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
