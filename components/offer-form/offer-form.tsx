"use client";

import { ArrowLeft, ArrowRight, Phone } from "lucide";
import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";

import { CONSENT_VERSION, submitAgreement } from "@/content/consent";
import { offerFormCopy as copy } from "@/content/offer-form";
import { readAttribution } from "@/lib/browser/visit-recorder";
import { browserStorage } from "@/lib/browser/storage";
import {
  createOutbox,
  keepRetrying,
  preloadOfferClient,
  submitOffer,
  type Outbox,
  type Retrier,
} from "@/lib/browser/offer-outbox";
import {
  CONDITION_ADVANCE_MS,
  TOTAL_STEPS,
  addressProblem,
  buildOfferPayload,
  canAdvance,
  canSubmit,
  emailProblem,
  initialWizardState,
  newLeadId,
  phoneProblem,
  wizardReducer,
} from "@/lib/browser/offer-wizard";
import {
  HONEYPOT_FIELD,
  LEAD_LIMITS,
  type Condition,
} from "@/supabase/functions/_leads/lead-rules.ts";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { preloadToaster } from "@/components/ui/toaster";
import { toast } from "@/components/ui/use-toast";
import { ConditionOptions } from "@/components/offer-form/condition-options";
import { ConsentText } from "@/components/offer-form/consent-text";
import { ContactStep } from "@/components/offer-form/contact-step";
import { TextField } from "@/components/offer-form/text-field";

export type OfferFormProps = {
  id: string;
  /** The state name a state page sends with the request. */
  state?: string;
  /** An example address from the page's own state, or a neutral one. */
  placeholder: string;
  /** Who the visitor is dealing with, from the site config at build time. */
  company: { name: string; phone: { display: string; href: string } };
};

/**
 * One request's id, and when its filling-in began in performance.now() time: navigation
 * start for the first request of a page view (time spent reading the page counts, as it
 * does for a person), the last reset for the next.
 */
type Session = { id: string; startedAt: number };

type NextStepsView = typeof import("@/components/offer-form/next-steps").NextSteps;

type Field = "address" | "email" | "phone";
/** What the function would refuse in each field, said before anything is sent. */
type Problems = Partial<Record<Field, string | null>>;

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

export function OfferForm({ id, state, placeholder, company }: OfferFormProps) {
  const [wizard, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [problems, setProblems] = useState<Problems>({});
  /** After a request is sent: what happens next shows until the visitor starts again. */
  const [sent, setSent] = useState(false);
  // Shown only after a request is sent: loaded with the last step, not with the page. Held
  // in state rather than React.lazy, whose failed download would take the whole form down.
  const [nextSteps, setNextSteps] = useState<{ View: NextStepsView } | null>(null);
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
    session.current = { id: newLeadId(), startedAt: 0 };
    outbox.current = createOutbox(browserStorage("localStorage"));
    retrier.current = keepRetrying(outbox.current);
    return () => {
      retrier.current?.stop();
      clearTimeout(advanceTimer.current);
    };
  }, []);

  // On a slow phone the visitor can start typing before the island hydrates: an address
  // typed before its script ran is in the field but not yet in the state. Keep it.
  useEffect(() => {
    const typed = formRef.current?.elements.namedItem("address");
    if (typed instanceof HTMLInputElement && typed.value !== "") {
      dispatch({ type: "edit", field: "address", value: typed.value });
    }
  }, []);

  const loadNextSteps = useCallback(() => {
    import("@/components/offer-form/next-steps").then(
      ({ NextSteps }) => setNextSteps({ View: NextSteps }),
      // Without it the toast and the reset still say the request went through.
      () => {},
    );
  }, []);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // After a submit, what happens next takes the focus when it is there to take it.
    if (!(sent && nextSteps)) showStep(formRef.current, stepRef.current, "nearest");
    // A submit, a toast and what happens next follow the last step: fetch their code while
    // the visitor types.
    if (step === TOTAL_STEPS) {
      preloadOfferClient();
      void preloadToaster();
      if (!nextSteps) loadNextSteps();
    }
  }, [step, sent, nextSteps, loadNextSteps]);

  // Screen reader and keyboard users land on what happens next, not on a field that vanished.
  const focusOnShow = useCallback((heading: HTMLHeadingElement | null) => heading?.focus(), []);

  // Links to the form (the hero's Get Started Now) also put the cursor in it; without
  // script they still jump to it.
  useEffect(() => {
    function onLinkClick(event: MouseEvent) {
      if (!(event.target instanceof Element) || !event.target.closest(`a[href="#${id}"]`)) return;
      event.preventDefault();
      showStep(formRef.current, stepRef.current, "center");
    }
    document.addEventListener("click", onLinkClick);
    return () => document.removeEventListener("click", onLinkClick);
  }, [id]);

  function edit(field: Field, value: string) {
    if (field === "address") setSent(false);
    setProblems((current) => ({ ...current, [field]: null }));
    dispatch({ type: "edit", field, value });
  }

  /** Shows what is wrong and puts the cursor in the first such field; true when all is well. */
  function check(found: Problems): boolean {
    setProblems(found);
    const first = (Object.keys(found) as Field[]).find((field) => found[field]);
    if (first) document.getElementById(`${fieldId}-${first}`)?.focus();
    return first === undefined;
  }

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
    if (step === 1 && !check({ address: addressProblem(draft.address) })) return;
    // Enter in steps 1 and 2 means Next, as it would in a one-page form.
    if (step < TOTAL_STEPS) {
      dispatch({ type: "next" });
      return;
    }
    if (!canSubmit(wizard)) return;
    const contactProblems = {
      email: emailProblem(draft.email),
      phone: draft.callRequested ? phoneProblem(draft.phone) : null,
    };
    if (!check(contactProblems)) return;

    dispatch({ type: "send" });
    if (!nextSteps) loadNextSteps();
    const started = session.current ?? { id: newLeadId(), startedAt: 0 };
    const now = new Date();
    const payload = buildOfferPayload(draft, {
      id: started.id,
      state,
      source: window.location.pathname,
      honeypot: honeypotRef.current?.value ?? "",
      elapsedMs: performance.now() - started.startedAt,
      consent: { version: CONSENT_VERSION, at: now.toISOString() },
      attribution: readAttribution(
        browserStorage("localStorage"),
        browserStorage("sessionStorage"),
        now,
      ),
    });
    const delivered = await submitOffer(payload, outbox.current);
    if (!delivered) retrier.current?.wake();

    toast(delivered ? copy.success : copy.fallback);
    if (honeypotRef.current) honeypotRef.current.value = "";
    session.current = { id: newLeadId(), startedAt: performance.now() };
    dispatch({ type: "reset" });
    setSent(true);
  }

  function startAgain() {
    setSent(false);
    document.getElementById(`${fieldId}-address`)?.focus();
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
      className="scroll-mt-24 space-y-5"
    >
      {sent && nextSteps ? (
        <nextSteps.View phone={company.phone} headingRef={focusOnShow} onStartAgain={startAgain} />
      ) : null}

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
          <TextField
            id={`${fieldId}-address`}
            label={copy.addressLabel}
            name="address"
            required
            // The HTML spec allows "street-address" on multi-line fields only.
            autoComplete="address-line1"
            maxLength={LEAD_LIMITS.addressMax}
            placeholder={placeholder}
            value={draft.address}
            error={problems.address}
            onChange={(event) => edit("address", event.target.value)}
          />
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
          <ContactStep
            fieldId={fieldId}
            draft={draft}
            companyName={company.name}
            problems={problems}
            onEdit={edit}
            onToggleCall={() => dispatch({ type: "toggle-call" })}
          />
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

      {step === TOTAL_STEPS ? <ConsentText parts={submitAgreement} /> : null}
      <p className="text-xs text-slate-600">
        {copy.privacy.text}{" "}
        <a href={copy.privacy.link.href} className="font-medium text-blue-800 underline">
          {copy.privacy.link.text}
        </a>
      </p>
      <p className="flex flex-wrap items-center gap-x-1.5 border-t border-slate-200 pt-4 text-sm text-slate-700">
        {copy.preferToTalk}
        <a
          href={company.phone.href}
          className="inline-flex items-center gap-1 font-bold text-blue-800 hover:underline"
        >
          <Icon icon={Phone} className="size-4" />
          {company.phone.display}
        </a>
      </p>
    </form>
  );
}
