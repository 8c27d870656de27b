"use client";

import { ArrowLeft, ArrowRight, Phone } from "lucide";
import {
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
} from "react";

import type { OfferFormCopy } from "@/content/offer-form";
import type { NextStepsCopy } from "@/content/next-steps";
import type { ConsentPart } from "@/content/consent";
import { fillText } from "@/lib/fill-text";
import { readAttribution } from "@/lib/browser/visit-recorder";
import { browserIndexedDb, browserStorage } from "@/lib/browser/storage";
import { shownPhone } from "@/lib/browser/call-tracking";
import type { Delivery, SubmitOutcome } from "@/lib/browser/offer-outbox";
import { hasKeptRequests, stashOffer } from "@/lib/browser/offer-stash";
import {
  CONDITION_ADVANCE_MS,
  TOTAL_STEPS,
  addressProblem,
  buildOfferPayload,
  canAdvance,
  canSubmit,
  emailProblem,
  initialWizardState,
  isCondition,
  newLeadId,
  phoneProblem,
  wizardReducer,
  type OfferDraft,
  type Step,
} from "@/lib/browser/offer-wizard";
import { FORM_FIELDS } from "@/supabase/functions/_shared/contract/lead-form.ts";
import type { FormMessages } from "@/supabase/functions/_shared/contract/field-messages.ts";
import type { Language } from "@/supabase/functions/_shared/contract/language.ts";
import {
  HONEYPOT_FIELD,
  LEAD_LIMITS,
  type Condition,
} from "@/supabase/functions/_shared/contract/lead-rules.ts";
import type { StateName } from "@/supabase/functions/_shared/contract/states.ts";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { preloadToaster } from "@/components/ui/toaster";
import { toast } from "@/components/ui/use-toast";
import { ConditionOptions, type ConditionWords } from "@/components/offer-form/condition-options";
import { ConsentText } from "@/components/offer-form/consent-text";
import { ContactStep } from "@/components/offer-form/contact-step";
import { TextField } from "@/components/offer-form/text-field";
import { PhoneLink } from "@/components/site/phone-link";

export type OfferFormProps = {
  id: string;
  /** The state name a state page sends with the request. */
  state?: StateName;
  /** The page's path, sent with the request. */
  source: string;
  /** Where the form itself posts when no script runs: the function, as the build knows it. */
  action: string;
  /** An example address from the page's own state, or a neutral one. */
  placeholder: string;
  /**
   * Who the visitor is dealing with, from the site config at build time; `tracked: false` for
   * the number answered in Spanish, which a campaign's tracking number never replaces.
   */
  company: { name: string; phone: { display: string; href: string }; tracked?: boolean };
  /** A Spanish page's form says so; an English one sends nothing and means English. */
  language?: Language;
  /** The field messages in the page's language; the built-in English when absent. */
  messages?: FormMessages;
  /** The conditions' words in the page's language; the built-in English when absent. */
  conditions?: ConditionWords;
  /** The after-send panel's words in the page's language; the built-in English when absent. */
  nextSteps?: NextStepsCopy;
  /** The form's words (content/offer-form.ts). */
  copy: OfferFormCopy;
  /**
   * The consent wording the form shows, for the company's name, with its version and the
   * SHA-256 of each text it may show (lib/build/consent-wording.ts).
   */
  wording: {
    version: string;
    withPhone: string;
    withoutPhone: string;
    submit: readonly ConsentPart[];
    calls: readonly ConsentPart[];
    texts: readonly ConsentPart[];
  };
};

/**
 * One request's id, and when its filling-in began in performance.now() time: navigation
 * start for the first request of a page view (time spent reading the page counts, as it
 * does for a person), the last reset for the next.
 */
type Session = { id: string; startedAt: number };

type AfterSendView = typeof import("@/components/offer-form/after-send").AfterSend;
/** What the visitor is told after pressing the button. */
export type Sent = {
  address: string;
  email: string;
  /** The number to call back, when a call was requested; empty otherwise. */
  phone: string;
  /** delivered; kept in the browser's storage; kept only in this page. */
  outcome: "delivered" | "kept" | "page";
};

type Field = "address" | "email" | "phone";
/** What the function would refuse in each field, said before anything is sent. */
type Problems = Partial<Record<Field | "condition", string | null>>;

const FIELD_STEP: Record<keyof Problems, Step> = { address: 1, condition: 2, email: 3, phone: 3 };

type SetSent = (update: (current: Sent | null) => Sent | null) => void;
type DeliveryHolder = { current: Promise<Delivery> | null };

/** The outbox and the sender, downloaded once; a failed download is tried again next time. */
function loadDelivery(holder: DeliveryHolder, setSent: SetSent): Promise<Delivery> {
  holder.current ??= import("@/lib/browser/offer-outbox").then(({ startDelivery }) =>
    startDelivery(() =>
      setSent((current) =>
        current && current.outcome !== "delivered" ? { ...current, outcome: "delivered" } : current,
      ),
    ),
  );
  holder.current.catch(() => {
    holder.current = null;
  });
  return holder.current;
}

/**
 * Keeps the request in localStorage first, then sends it through the outbox. When the code
 * that sends cannot be downloaded (offline since the page loaded), the stashed request waits
 * for the next page or the connection; one that could not be stashed either is held by this
 * page, which keeps trying.
 */
async function deliver(
  payload: Parameters<Delivery["submit"]>[0],
  holder: DeliveryHolder,
  setSent: SetSent,
): Promise<SubmitOutcome> {
  const stashed = stashOffer(browserStorage("localStorage"), payload);
  try {
    return await (await loadDelivery(holder, setSent)).submit(payload);
  } catch (error) {
    console.error("Offer request kept; the code that sends it could not be loaded:", error);
    const again = () =>
      loadDelivery(holder, setSent)
        .then((started) => started.submit(payload))
        .catch(() => setTimeout(again, RELOAD_SENDER_MS));
    setTimeout(again, RELOAD_SENDER_MS);
    return { kind: "kept", keeping: stashed ? "storage" : "page" };
  }
}

/** How soon to try again to download the code that sends, when it could not be. */
const RELOAD_SENDER_MS = 15_000;

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** A step's panel in the form. */
function panelOf(form: HTMLFormElement | null, step: Step): HTMLElement | null {
  return form?.querySelector<HTMLElement>(`[data-panel="${step}"]`) ?? null;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Brings the form into view and puts focus on the shown step's first control. */
function showStep(
  form: HTMLElement | null,
  panel: HTMLElement | null,
  block: ScrollLogicalPosition,
) {
  form?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block });
  const first =
    panel?.querySelector<HTMLElement>("input:checked") ??
    panel?.querySelector<HTMLElement>("input:not([type=hidden])");
  first?.focus({ preventScroll: true });
}

/** What the visitor typed or chose before the island took the form over. */
function typedBeforeScript(form: HTMLFormElement): OfferDraft | null {
  const input = (name: string) => form.elements.namedItem(name);
  const text = (name: string) => {
    const element = input(name);
    return element instanceof HTMLInputElement ? element.value : "";
  };
  const ticked = (name: string) => {
    const element = input(name);
    return element instanceof HTMLInputElement && element.checked;
  };
  const chosen = form.querySelector<HTMLInputElement>('input[name="condition"]:checked')?.value;
  const draft: OfferDraft = {
    address: text("address"),
    condition: chosen && isCondition(chosen) ? (chosen as Condition) : null,
    email: text("email"),
    phone: text("phone"),
    callRequested: ticked(FORM_FIELDS.call),
    textsConsent: ticked(FORM_FIELDS.texts),
  };
  const typed = draft.address || draft.condition || draft.email || draft.phone;
  return typed || draft.callRequested ? draft : null;
}

/**
 * The offer form: one HTML form that works before its script and without it (it posts to
 * the function; with script off every field shows at once, while the script is on its way
 * each step appears as the one before is filled, globals.css), and a three-step wizard once
 * the island runs, taking over what was typed.
 */
export function OfferForm(props: OfferFormProps) {
  const { id, state, source, action, placeholder, company, copy, wording, language, messages } =
    props;
  // The visit's tracking number, which the page script has already put in this island's
  // markup, so hydrating finds what it renders; the company's at build time.
  const tracked = company.tracked !== false;
  const phone = tracked ? shownPhone(company.phone) : company.phone;
  const [wizard, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [problems, setProblems] = useState<Problems>({});
  /** False in the served HTML and while hydrating, true once the island runs: one step at a time. */
  const enhanced = useSyncExternalStore(noSubscription, isClient, isServer);
  const [sent, setSent] = useState<Sent | null>(null);
  // Shown only after a request is sent: loaded with the last step, not with the page. Held
  // in state rather than React.lazy, whose failed download would take the whole form down.
  const [afterSend, setAfterSend] = useState<{ View: AfterSendView } | null>(null);
  const { step, draft, sending } = wizard;

  const fieldId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const session = useRef<Session | null>(null);
  const delivery = useRef<Promise<Delivery> | null>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shownStep = useRef<Step>(step);

  useEffect(() => {
    const form = formRef.current;
    // The page script gave the form an id for a post without script; one request, one id.
    const given = form?.elements.namedItem("id");
    const pageId = given instanceof HTMLInputElement && given.value ? given.value : null;
    session.current = { id: pageId ?? newLeadId(), startedAt: 0 };
    // What an earlier visit could not send goes now; otherwise the code that sends loads
    // with the last step.
    void hasKeptRequests(browserStorage("localStorage"), browserIndexedDb()).then((kept) => {
      if (kept) loadDelivery(delivery, setSent).catch(() => {});
    });
    // On a slow phone the visitor can start before the island hydrates: keep what they
    // typed, and where they are (the last step, once a condition is chosen).
    const typed = form ? typedBeforeScript(form) : null;
    if (typed) {
      const at: Step = typed.condition && typed.address.trim() ? 3 : 1;
      // Adopted, not moved to: focus stays where the visitor is.
      shownStep.current = at;
      dispatch({ type: "adopt", draft: typed, step: at });
    }
    const started = delivery;
    return () => {
      void started.current?.then(
        (started) => started.stop(),
        () => {},
      );
      clearTimeout(advanceTimer.current);
    };
  }, []);

  const loadAfterSend = useCallback(() => {
    import("@/components/offer-form/after-send").then(
      ({ AfterSend }) => setAfterSend({ View: AfterSend }),
      // Without it the toast and the reset still say what became of the request.
      () => {},
    );
  }, []);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // After a submit the panel takes the focus, when its code is there to show it.
    if (!(sent && afterSend)) showStep(formRef.current, panelOf(formRef.current, step), "nearest");
    // A submit, a toast and what happens next follow the last step: fetch their code while
    // the visitor types.
    if (step === TOTAL_STEPS) {
      // Offline now: the submit loads it again, and keeps the request if that fails too.
      loadDelivery(delivery, setSent).catch(() => {});
      void preloadToaster();
      if (!afterSend) loadAfterSend();
    }
  }, [step, sent, afterSend, loadAfterSend]);

  // A request kept only in this page is lost if the page closes: the browser asks first.
  useEffect(() => {
    if (sent?.outcome !== "page") return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", hold);
    return () => window.removeEventListener("beforeunload", hold);
  }, [sent?.outcome]);

  // Links to the form (the hero's Get Started Now) also put the cursor in it; without
  // script they still jump to it.
  useEffect(() => {
    function onLinkClick(event: MouseEvent) {
      if (!(event.target instanceof Element) || !event.target.closest(`a[href="#${id}"]`)) return;
      event.preventDefault();
      setSent(null);
      showStep(formRef.current, panelOf(formRef.current, shownStep.current), "center");
    }
    document.addEventListener("click", onLinkClick);
    return () => document.removeEventListener("click", onLinkClick);
  }, [id]);

  function edit(field: Field, value: string) {
    setProblems((current) => ({ ...current, [field]: null }));
    dispatch({ type: "edit", field, value });
  }

  /** Shows what is wrong and puts the cursor in the first such field; true when all is well. */
  function check(found: Problems): boolean {
    setProblems(found);
    const first = (Object.keys(found) as (keyof Problems)[]).find((field) => found[field]);
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

  function next() {
    if (step === 1 && !check({ address: addressProblem(draft.address, messages) })) return;
    dispatch({ type: "next" });
  }

  // Enter in a field of steps 1 and 2 means Next, as it would in a one-page form.
  function enterMeansNext(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || !enhanced) return;
    event.preventDefault();
    next();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // Until the island runs, the form posts itself (the page script adds the timing).
    if (!enhanced) return;
    event.preventDefault();
    if (step < TOTAL_STEPS) return next();
    if (!canSubmit(wizard)) return;
    const found = {
      address: addressProblem(draft.address, messages),
      email: emailProblem(draft.email, messages),
      phone: draft.callRequested ? phoneProblem(draft.phone, messages) : null,
    };
    if (found.address) {
      dispatch({ type: "adopt", draft, step: 1 });
      setProblems(found);
      return;
    }
    if (!check(found)) return;

    dispatch({ type: "send" });
    if (!afterSend) loadAfterSend();
    const started = session.current ?? { id: newLeadId(), startedAt: 0 };
    const now = new Date();
    const payload = buildOfferPayload(draft, {
      id: started.id,
      state,
      source,
      language,
      pageUrl: window.location.href,
      honeypot: honeypotRef.current?.value ?? "",
      elapsedMs: performance.now() - started.startedAt,
      wording: {
        version: wording.version,
        shown: draft.callRequested ? wording.withPhone : wording.withoutPhone,
      },
      at: now.toISOString(),
      gpc: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
      attribution: readAttribution(
        browserStorage("localStorage"),
        browserStorage("sessionStorage"),
        now,
      ),
    });
    const outcome = await deliver(payload, delivery, setSent);

    if (outcome.kind === "refused") {
      // The function names what to fix: back to that step, with its words, nothing lost.
      const fields = outcome.fields.filter((field): field is keyof Problems =>
        Object.hasOwn(FIELD_STEP, field),
      );
      const first = fields[0];
      dispatch({ type: "adopt", draft, step: first ? FIELD_STEP[first] : 1 });
      setProblems(
        first
          ? Object.fromEntries(
              fields.map((field) => [field, outcome.messages[field] ?? copy.checkField]),
            )
          : { address: fillText(copy.refusedWithoutField, { phone: phone.display }) },
      );
      return;
    }

    const kept = outcome.kind === "kept" ? outcome.keeping : null;
    // A request kept only in this page has not gone anywhere: no toast says it has.
    if (kept !== "page") toast(outcome.kind === "delivered" ? copy.success : copy.fallback);
    setSent({
      address: payload.address,
      email: payload.email,
      phone: payload.phone ?? "",
      outcome: outcome.kind === "delivered" ? "delivered" : kept === "page" ? "page" : "kept",
    });
    if (honeypotRef.current) honeypotRef.current.value = "";
    session.current = { id: newLeadId(), startedAt: performance.now() };
    dispatch({ type: "reset" });
  }

  function startAgain() {
    setSent(null);
    // The form is shown again on the next render: then the cursor goes to the address.
    requestAnimationFrame(() => document.getElementById(`${fieldId}-address`)?.focus());
  }

  // The panel comes into view from its top, its heading and what was sent clear of the toast.
  const focusOnShow = useCallback((heading: HTMLHeadingElement | null) => {
    heading?.focus({ preventScroll: true });
    heading?.closest("section")?.scrollIntoView({
      behavior: prefersReducedMotion() ? "auto" : "smooth",
      block: "start",
    });
  }, []);
  const panel = (at: Step) => ({
    "data-panel": at,
    role: "group" as const,
    "aria-labelledby": `${fieldId}-step-${at}`,
    className: "space-y-4",
  });
  const heading = (at: Step) => (
    <div>
      <h3 id={`${fieldId}-step-${at}`} className="text-lg font-bold text-slate-950">
        {copy.steps[at].title}
      </h3>
      <p className="text-sm text-slate-700">{copy.steps[at].hint}</p>
    </div>
  );
  const back = (
    <Button
      type="button"
      variant="outline"
      data-wizard-only=""
      onClick={() => dispatch({ type: "back" })}
    >
      <Icon icon={ArrowLeft} />
      {copy.back}
    </Button>
  );

  return (
    <>
      {sent?.outcome === "page" ? (
        <p
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-semibold text-slate-950"
        >
          {copy.keptInPage}{" "}
          <PhoneLink phone={phone} tracked={tracked} className="text-blue-800 underline" />.
        </p>
      ) : null}
      {sent && afterSend ? (
        <afterSend.View
          sent={sent}
          phone={phone}
          headingRef={focusOnShow}
          onStartAgain={startAgain}
          words={props.nextSteps}
        />
      ) : null}
      <form
        ref={formRef}
        id={id}
        method="post"
        action={action}
        noValidate={enhanced}
        aria-label={copy.formLabel}
        onSubmit={handleSubmit}
        data-offer-form=""
        data-enhanced={enhanced ? "" : undefined}
        data-step={step}
        data-wording-phone={wording.withPhone}
        data-wording-no-phone={wording.withoutPhone}
        hidden={sent !== null && afterSend !== null}
        className="scroll-mt-24 space-y-5"
      >
        {/* Filled by the page script for a post without the island; ignored by it. */}
        <input type="hidden" name="id" defaultValue="" />
        <input type="hidden" name="source" value={source} />
        {language ? <input type="hidden" name={FORM_FIELDS.language} value={language} /> : null}
        {state ? <input type="hidden" name="state" value={state} /> : null}
        <input type="hidden" name={FORM_FIELDS.consentVersion} value={wording.version} />
        {/* Without script every field shows, the call and texts wording with them: its hash,
            written at build time; the page script sets the one for what it showed. */}
        <input type="hidden" name={FORM_FIELDS.consentShown} defaultValue={wording.withPhone} />
        {[
          FORM_FIELDS.consentAt,
          FORM_FIELDS.elapsedMs,
          FORM_FIELDS.attribution,
          FORM_FIELDS.pageUrl,
        ].map((name) => (
          <input key={name} type="hidden" name={name} defaultValue="" />
        ))}

        <div className="space-y-2" data-wizard-only="">
          <p className="text-sm font-medium text-slate-700" aria-hidden="true">
            {fillText(copy.progressLabel, { step, total: TOTAL_STEPS })}
          </p>
          <Progress
            value={step}
            max={TOTAL_STEPS}
            label={fillText(copy.progressLabel, { step, total: TOTAL_STEPS })}
          />
        </div>

        <div {...panel(1)}>
          {heading(1)}
          <TextField
            id={`${fieldId}-address`}
            label={copy.addressLabel}
            name="address"
            required
            // Something to see, not only spaces: the browser says so when no script runs.
            pattern=".*\S.*"
            // The HTML spec allows "street-address" on multi-line fields only.
            autoComplete="address-line1"
            maxLength={LEAD_LIMITS.addressMax}
            placeholder={placeholder}
            value={draft.address}
            error={problems.address}
            onChange={(event) => edit("address", event.target.value)}
            onKeyDown={enterMeansNext}
          />
          <div className="flex items-center gap-3">
            <Button
              type="button"
              className="ml-auto"
              data-wizard-only=""
              disabled={!canAdvance(wizard)}
              onClick={next}
            >
              {copy.next}
              <Icon icon={ArrowRight} />
            </Button>
          </div>
        </div>

        <div {...panel(2)}>
          {heading(2)}
          <ConditionOptions
            id={`${fieldId}-condition`}
            legend={copy.conditionLegend}
            value={draft.condition}
            error={problems.condition}
            onChoose={chooseCondition}
            onEnter={enterMeansNext}
            words={props.conditions}
          />
          <div className="flex items-center gap-3">
            {back}
            <Button
              type="button"
              className="ml-auto"
              data-wizard-only=""
              disabled={!canAdvance({ ...wizard, step: 2 })}
              onClick={next}
            >
              {copy.next}
              <Icon icon={ArrowRight} />
            </Button>
          </div>
        </div>

        <div {...panel(3)}>
          {heading(3)}
          <ContactStep
            fieldId={fieldId}
            draft={draft}
            copy={copy}
            wording={wording}
            problems={problems}
            onEdit={edit}
            onToggleCall={() => dispatch({ type: "toggle-call" })}
            onToggleTexts={() => dispatch({ type: "toggle-texts" })}
          />
          <div className="flex items-center gap-3">
            {back}
            <Button
              type="submit"
              variant="accent"
              className="ml-auto"
              // Before the island runs the browser checks the fields itself.
              disabled={enhanced && !canSubmit(wizard)}
            >
              {sending ? copy.sending : copy.submit}
            </Button>
          </div>
          <ConsentText parts={wording.submit} />
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

        <p className="text-xs text-slate-600">
          {copy.privacy.text}{" "}
          <a href={copy.privacy.link.href} className="font-medium text-blue-800 underline">
            {copy.privacy.link.text}
          </a>
        </p>
        <p className="flex flex-wrap items-center gap-x-1.5 border-t border-slate-200 pt-4 text-sm text-slate-700">
          {copy.preferToTalk}
          <PhoneLink
            phone={phone}
            tracked={tracked}
            className="inline-flex items-center gap-1 font-bold text-blue-800 hover:underline"
          >
            <Icon icon={Phone} className="size-4" />
          </PhoneLink>
        </p>
      </form>
    </>
  );
}
