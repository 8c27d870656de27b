import { Calculator, CircleCheck, MapPin, Star } from "lucide";
import type { ReactNode } from "react";

import { calculatorHref } from "@/content/calculator";
import { statePageCopy } from "@/content/state-page";
import { calculatorHrefEs } from "@/content/es/calculator";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { languageCopy } from "@/content/es/language";
import { SITUATION_WORDS_ES } from "@/content/es/situations";
import { statePageCopyEs } from "@/content/es/state-page";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { situationLink } from "@/lib/build/situations";
import {
  SPANISH_HOME_PATH,
  hasSpanishGuide,
  spanishGuidePath,
  type Language,
} from "@/lib/languages";
import type { SituationSlug } from "@/lib/situations";
import type { StatePage } from "@/lib/build/state-pages";
import { Icon } from "@/components/ui/icon";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Island } from "@/components/islands/island";
import { offerFormProps } from "@/components/offer-form/form-props";
import { Breadcrumb } from "@/components/site/breadcrumb";
import { ClaimLink } from "@/components/site/claim-link";
import { ClosingOffer } from "@/components/site/closing-offer";
import { Faq } from "@/components/site/faq";
import { OfferBarRegion } from "@/components/site/offer-bar-region";
import { SpanishService } from "@/components/site/spanish-service";

export type StateLandingProps = { state: StatePage; language?: Language };

/** Where a state question's guide is read: the Spanish guide, else the English one, said so. */
function readMoreFor(situation: SituationSlug, language: Language) {
  if (language === "en") return situationLink(situation);
  if (hasSpanishGuide(situation)) {
    return { href: spanishGuidePath(situation), title: SITUATION_WORDS_ES[situation] };
  }
  const english = situationLink(situation);
  return { href: english.href, title: `${english.title} ${languageCopy.englishOnly}` };
}

const FORM_ID = "offer-form";

/** A benefit that says the company is licensed, with that word linked to its licences. */
function withLicenceLink(benefit: string, leadsTo: string): ReactNode {
  const licensed = /\blicensed\b|\bcon licencia\b/i.exec(benefit);
  if (!licensed) return benefit;
  const end = licensed.index + licensed[0].length;
  return (
    <>
      {benefit.slice(0, licensed.index)}
      <ClaimLink claim="licenses" leadsTo={leadsTo}>
        {licensed[0]}
      </ClaimLink>
      {benefit.slice(end)}
    </>
  );
}

/**
 * A state's landing page. On phones the offer card comes right after the headline and
 * intro, so the address field is in reach without scrolling; on large screens it is the
 * sticky right-hand column beside everything else.
 */
export function StateLanding({ state, language = "en" }: StateLandingProps) {
  const [firstCity = state.name] = state.majorCities;
  const spanish = language === "es";
  const copy = spanish ? statePageCopyEs : statePageCopy;
  const chrome = spanish ? chromeCopyEs : chromeCopy;
  // The state as the page names it; the form still sends the state's English name.
  const name = spanish ? STATE_NAMES_ES[state.name] : state.name;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-12">
      <Breadcrumb
        label={chrome.breadcrumb.label}
        items={[
          { name: chrome.breadcrumb.home, href: spanish ? SPANISH_HOME_PATH : "/" },
          { name: copy.breadcrumb(name), href: state.path },
        ]}
      />

      <div className="mt-4 grid gap-x-10 gap-y-8 sm:mt-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="state-title">
          <h1
            id="state-title"
            className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-5xl"
          >
            {copy.headline(name)}
          </h1>
          <p className="mt-3 text-slate-700 sm:mt-4 sm:text-lg">
            {copy.intro(name, state.majorCities)}
          </p>
        </section>

        <aside
          aria-labelledby="offer-card-title"
          className="lg:col-start-2 lg:row-span-5 lg:row-start-1"
        >
          <Card className="shadow-xl lg:sticky lg:top-6">
            <CardHeader className="pb-4">
              <h2 id="offer-card-title" className="text-2xl font-extrabold text-slate-950">
                {copy.offerTitle}
              </h2>
              <p className="text-slate-700">{copy.offerLead(name)}</p>
            </CardHeader>
            <CardContent>
              <Island
                name="offer-form"
                props={offerFormProps({
                  id: FORM_ID,
                  path: state.path,
                  state: state.name,
                  placeholder: copy.addressPlaceholder(firstCity, state.code),
                  language,
                })}
              />
            </CardContent>
          </Card>
        </aside>

        {/* On large screens the region's sections are the grid's own, beside the offer card. */}
        <OfferBarRegion formId={FORM_ID} className="grid gap-y-8 lg:contents" language={language}>
          <section aria-label={copy.ratingLabel}>
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <span className="flex text-amber-500" aria-hidden="true">
                {Array.from({ length: 5 }, (_, index) => (
                  <Icon icon={Star} key={index} className="size-5 fill-current" />
                ))}
              </span>
              <ClaimLink claim="rating" leadsTo={chrome.claims.rating.leadsTo}>
                {copy.rating}
              </ClaimLink>
            </p>
            <ul className="mt-5 grid grid-cols-3 gap-2 sm:gap-3">
              {copy.stats.map((stat) => (
                <li
                  key={stat.label}
                  className="flex flex-col justify-center rounded-xl bg-white px-2 py-3 text-center shadow-sm ring-1 ring-slate-200 sm:p-4"
                >
                  <span className="block text-xl font-extrabold whitespace-nowrap text-blue-700 sm:text-2xl">
                    {stat.value}
                  </span>
                  <span className="mt-1 block text-xs leading-tight text-slate-700 sm:text-sm">
                    {stat.label}
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="benefits-title">
            <h2 id="benefits-title" className="text-2xl font-extrabold text-slate-950">
              {copy.benefitsTitle(name)}
            </h2>
            <ul className="mt-5 space-y-4">
              {state.benefits.map((benefit) => (
                <li key={benefit} className="flex gap-3 text-slate-800">
                  <Icon icon={CircleCheck} className="mt-0.5 size-5 shrink-0 text-green-700" />
                  <span>{withLicenceLink(benefit, chrome.claims.licenses.leadsTo)}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="cities-title">
            <h2 id="cities-title" className="text-2xl font-extrabold text-slate-950">
              {copy.citiesTitle(name)}
            </h2>
            <p className="mt-2 text-slate-700">{copy.citiesLead(name)}</p>
            <ul className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {state.majorCities.map((city) => (
                <li key={city} className="flex items-center gap-2 text-slate-800">
                  <Icon icon={MapPin} className="size-4 shrink-0 text-blue-700" />
                  {city}
                </li>
              ))}
            </ul>
          </section>

          <section
            aria-labelledby="calculator-title"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
          >
            <h2 id="calculator-title" className="text-2xl font-extrabold text-slate-950">
              {copy.calculatorTitle(name)}
            </h2>
            <p className="mt-2 text-slate-700">{copy.calculatorLead(name)}</p>
            <a
              href={spanish ? calculatorHrefEs(state.code) : calculatorHref(state.code)}
              className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-blue-800 underline underline-offset-4"
            >
              <Icon icon={Calculator} className="size-5 shrink-0" />
              {copy.calculatorLink(name)}
            </a>
          </section>

          <Faq
            id="faq"
            title={copy.faqTitle(name)}
            items={state.faq.map((item) => ({
              ...item,
              ...(item.situation ? { readMore: readMoreFor(item.situation, language) } : {}),
            }))}
            readMoreLabel={chrome.faq.readMore}
          />
          {spanish ? <SpanishService /> : null}
        </OfferBarRegion>

        <ClosingOffer
          formId={FORM_ID}
          title={copy.closingTitle(name)}
          text={copy.closingText(name)}
          className="lg:col-span-2"
          language={language}
        />
      </div>
    </div>
  );
}
