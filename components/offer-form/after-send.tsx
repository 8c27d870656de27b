import { Phone } from "lucide";
import type { Ref } from "react";

import { nextSteps as englishSteps, type NextStepsCopy } from "@/content/next-steps";
import { typedPhoneDisplay } from "@/config/phone";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import type { Sent } from "@/components/offer-form/offer-form";

export type AfterSendProps = {
  sent: Sent;
  phone: { display: string; href: string };
  headingRef?: Ref<HTMLHeadingElement>;
  onStartAgain: () => void;
  /** The panel's words in the page's language (the form's props); English by default. */
  words?: NextStepsCopy | undefined;
};

/**
 * Shown in place of the form once a request is sent: what was sent, where it is, and what
 * happens next, until the visitor asks for another offer.
 */
export function AfterSend({
  sent,
  phone,
  headingRef,
  onStartAgain,
  words: nextSteps = englishSteps,
}: AfterSendProps) {
  const where = nextSteps.where[sent.outcome];
  return (
    <section
      aria-labelledby="after-send-title"
      // Below the toast, which a phone shows across the top of its screen (components/ui/toast.tsx).
      className="scroll-mt-44 space-y-4 rounded-xl border border-green-200 bg-green-50 p-4 sm:scroll-mt-4"
    >
      <h3
        id="after-send-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-slate-950 focus:outline-none"
      >
        {where.title}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">{nextSteps.addressLabel}</dt>
        <dd className="break-words text-slate-950">{sent.address}</dd>
        <dt className="font-semibold text-slate-700">{nextSteps.emailLabel}</dt>
        <dd className="break-words text-slate-950">{sent.email}</dd>
        {sent.phone ? (
          <>
            <dt className="font-semibold text-slate-700">{nextSteps.phoneLabel}</dt>
            <dd className="break-words text-slate-950" data-call-back="">
              {typedPhoneDisplay(sent.phone)}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm text-slate-800">{where.text}</p>
      <h4 className="font-bold text-slate-950">{nextSteps.title}</h4>
      <ol className="space-y-3">
        {nextSteps.steps.map((step, index) => (
          <li key={step.title} className="grid grid-cols-[auto_1fr] gap-x-3">
            <span className="flex size-6 items-center justify-center rounded-full bg-green-800 text-xs font-bold text-white">
              {index + 1}
            </span>
            <span className="font-semibold text-slate-950">{step.title}</span>
            <span className="col-start-2 text-sm text-slate-700">{step.text}</span>
          </li>
        ))}
      </ol>
      <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900">
        {nextSteps.callLine}
        <a href={phone.href} className="inline-flex items-center gap-1 text-blue-800 underline">
          <Icon icon={Phone} className="size-4" />
          {phone.display}
        </a>
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onStartAgain}>
        {nextSteps.again}
      </Button>
    </section>
  );
}
