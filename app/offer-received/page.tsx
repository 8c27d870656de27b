import type { Metadata } from "next";

import { nextSteps } from "@/content/next-steps";
import { receivedPage } from "@/content/form-post-pages";
import { RECEIVED_PATH } from "@/supabase/functions/_shared/contract/lead-form.ts";
import { buttonVariants } from "@/components/ui/button";
import { FormPostPage } from "@/components/offer-form/form-post-page";

export const metadata: Metadata = {
  title: receivedPage.title,
  robots: { index: false },
  alternates: { canonical: RECEIVED_PATH },
};

/** Where the offer form lands after posting itself without script, when the request was taken. */
export default function OfferReceived() {
  return (
    <FormPostPage title={receivedPage.title} text={receivedPage.text}>
      <section aria-labelledby="next-title" className="rounded-xl bg-green-50 p-5">
        <h2 id="next-title" className="text-xl font-bold text-slate-950">
          {nextSteps.title}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          {nextSteps.steps.map((step) => (
            <li key={step.title}>
              <span className="font-semibold text-slate-950">{step.title}.</span>{" "}
              <span className="text-slate-700">{step.text}</span>
            </li>
          ))}
        </ol>
      </section>
      <p className="flex flex-wrap gap-3">
        <a href="/" className={buttonVariants()}>
          {receivedPage.home}
        </a>
        <a href="/#offer-form" className={buttonVariants({ variant: "outline" })}>
          {receivedPage.again}
        </a>
      </p>
    </FormPostPage>
  );
}
