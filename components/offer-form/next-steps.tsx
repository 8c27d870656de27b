import { Phone } from "lucide";
import type { Ref } from "react";

import { nextSteps } from "@/content/next-steps";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";

export type NextStepsProps = {
  phone: { display: string; href: string };
  headingRef?: Ref<HTMLHeadingElement>;
  onStartAgain: () => void;
};

/** What happens after a request is sent, shown in the offer card until the visitor starts again. */
export function NextSteps({ phone, headingRef, onStartAgain }: NextStepsProps) {
  return (
    <section
      aria-labelledby="next-steps-title"
      className="rounded-xl border border-green-200 bg-green-50 p-4"
    >
      <h3
        id="next-steps-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-slate-950 focus:outline-none"
      >
        {nextSteps.title}
      </h3>
      <ol className="mt-3 space-y-3">
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
      <p className="mt-4 flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900">
        {nextSteps.callLine}
        <a href={phone.href} className="inline-flex items-center gap-1 text-blue-800 underline">
          <Icon icon={Phone} className="size-4" />
          {phone.display}
        </a>
      </p>
      <Button type="button" variant="outline" size="sm" className="mt-4" onClick={onStartAgain}>
        {nextSteps.again}
      </Button>
    </section>
  );
}
