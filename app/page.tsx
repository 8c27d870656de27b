import type { Metadata } from "next";

import { homeFaq } from "@/content/faq";
import { homeCopy } from "@/content/home";
import { buildMetadata } from "@/lib/seo";
import { site } from "@/config/site";
import { homeJsonLd } from "@/lib/structured-data";
import { Hero } from "@/components/home/hero";
import { CalculatorLink } from "@/components/home/calculator-link";
import { HowItWorks } from "@/components/home/how-it-works";
import { PropertyTypes } from "@/components/home/property-types";
import { SituationList } from "@/components/home/situation-list";
import { StateLinks } from "@/components/home/state-links";
import { Island } from "@/components/islands/island";
import { offerFormProps } from "@/components/offer-form/form-props";
import { ClosingOffer } from "@/components/site/closing-offer";
import { Faq } from "@/components/site/faq";
import { JsonLd } from "@/components/site/json-ld";
import { OfferBarRegion } from "@/components/site/offer-bar-region";

const FORM_ID = "offer-form";

export const metadata: Metadata = buildMetadata({
  title: homeCopy.seo.title,
  description: homeCopy.seo.description,
  path: "/",
  keywords: site.keywords,
});

export default function HomePage() {
  return (
    <>
      <JsonLd data={homeJsonLd(homeFaq)} />
      <div className="bg-gradient-to-b from-blue-900 to-blue-700">
        <div className="mx-auto grid max-w-6xl gap-x-12 gap-y-5 px-4 py-5 sm:py-12 lg:grid-cols-[minmax(0,1fr)_27rem] lg:items-start lg:py-16">
          <Hero formId={FORM_ID} />
          <section
            aria-labelledby="offer-title"
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:p-8"
          >
            <h2 id="offer-title" className="text-xl font-extrabold text-slate-950 sm:text-2xl">
              {homeCopy.offer.title}
            </h2>
            <p className="mt-1 mb-3 text-sm text-slate-700 sm:mb-6 sm:text-base">
              {homeCopy.offer.lead}
            </p>
            <Island
              name="offer-form"
              props={offerFormProps({
                id: FORM_ID,
                path: "/",
                placeholder: homeCopy.offer.addressPlaceholder,
              })}
            />
          </section>
        </div>
      </div>
      <OfferBarRegion formId={FORM_ID}>
        <SituationList />
        <PropertyTypes />
        <HowItWorks />
        <CalculatorLink />
        <Faq
          id="faq"
          title={homeCopy.faqTitle}
          items={homeFaq}
          className="mx-auto max-w-3xl px-4 py-16"
        />
        <StateLinks />
      </OfferBarRegion>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <ClosingOffer
          formId={FORM_ID}
          title={homeCopy.closing.title}
          text={homeCopy.closing.text}
        />
      </div>
    </>
  );
}
