import { site } from "@/config/site";
import { notSentPages, receivedPage } from "@/content/form-post-pages";
import { homeCopy } from "@/content/home";
import { nextSteps } from "@/content/next-steps";
import { notSentPagesEs, receivedPageEs } from "@/content/es/form-post-pages";
import { homeCopyEs } from "@/content/es/home";
import { nextStepsEs } from "@/content/es/next-steps";
import { SPANISH_HOME_PATH, type Language } from "@/lib/languages";
import {
  FORM_RESULT_PATHS,
  NOT_SENT_SLUGS,
  notSentPath,
  type NotSentReason,
} from "@/supabase/functions/_shared/contract/lead-form.ts";
import { buttonVariants } from "@/components/ui/button";
import { Island } from "@/components/islands/island";
import { offerFormProps } from "@/components/offer-form/form-props";
import { FormPostPage } from "@/components/offer-form/form-post-page";
import { SiteFrame } from "@/components/site/site-frame";

/**
 * The pages the offer form lands on after posting itself without script, in the form's
 * language: the function answers a Spanish form's post with the Spanish ones
 * (contract/lead-form.ts, FORM_RESULT_PATHS and NOT_SENT_SLUGS).
 */
const WORDS = {
  en: {
    received: receivedPage,
    notSent: notSentPages,
    steps: nextSteps,
    home: homeCopy,
    root: "/",
  },
  es: {
    received: receivedPageEs,
    notSent: notSentPagesEs,
    steps: nextStepsEs,
    home: homeCopyEs,
    root: SPANISH_HOME_PATH,
  },
} as const;

/** The reason a not-sent page's slug stands for, in its language; none for an unknown slug. */
export function reasonForSlug(language: Language, slug: string): NotSentReason | undefined {
  const slugs = NOT_SENT_SLUGS[language];
  return (Object.keys(slugs) as NotSentReason[]).find((reason) => slugs[reason] === slug);
}

/** The request was taken: what happens next. */
export function ReceivedPage({ language }: { language: Language }) {
  const words = WORDS[language];
  return (
    <SiteFrame language={language} path={FORM_RESULT_PATHS[language].received}>
      <FormPostPage title={words.received.title} text={words.received.text} language={language}>
        <section aria-labelledby="next-title" className="rounded-xl bg-green-50 p-5">
          <h2 id="next-title" className="text-xl font-bold text-slate-950">
            {words.steps.title}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5">
            {words.steps.steps.map((step) => (
              <li key={step.title}>
                <span className="font-semibold text-slate-950">{step.title}.</span>{" "}
                <span className="text-slate-700">{step.text}</span>
              </li>
            ))}
          </ol>
        </section>
        <p className="flex flex-wrap gap-3">
          <a href={words.root} className={buttonVariants()}>
            {words.received.home}
          </a>
          <a href={`${words.root}#offer-form`} className={buttonVariants({ variant: "outline" })}>
            {words.received.again}
          </a>
        </p>
      </FormPostPage>
    </SiteFrame>
  );
}

/** The request was not taken: what to fix, or why to try later, with the form and the phone. */
export function NotSentPage({ language, reason }: { language: Language; reason: NotSentReason }) {
  const words = WORDS[language];
  const page = words.notSent[reason];
  const path = notSentPath(language, reason);
  return (
    <SiteFrame language={language} path={path}>
      <FormPostPage title={page.title} text={page.text} alert language={language}>
        <section
          aria-labelledby="again-title"
          className="rounded-2xl border border-slate-200 p-4 sm:p-6"
        >
          <h2 id="again-title" className="mb-4 text-xl font-bold text-slate-950">
            {words.home.offer.title}
          </h2>
          <Island
            name="offer-form"
            props={offerFormProps({
              id: "offer-form",
              path,
              placeholder: words.home.offer.addressPlaceholder,
              language,
            })}
          />
        </section>
        <p className="text-sm text-slate-600">{site.company.legalName}</p>
      </FormPostPage>
    </SiteFrame>
  );
}
