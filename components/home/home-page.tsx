import { homeFaq } from "@/content/faq";
import { homeCopy } from "@/content/home";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { homeFaqEsFor } from "@/content/es/faq";
import { homeCopyEs } from "@/content/es/home";
import { SPANISH_HOME_PATH, type Language } from "@/lib/languages";
import { contactPhone } from "@/lib/site-chrome";
import { homeJsonLd, spanishHomeJsonLd } from "@/lib/structured-data";
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
import { SiteFrame } from "@/components/site/site-frame";
import { SpanishService } from "@/components/site/spanish-service";

const FORM_ID = "offer-form";

/**
 * The home page in either language: the same sections and the same form, every word from
 * the language's content (content/home.ts, content/es/home.ts). The Spanish page adds what a
 * Spanish-speaking homeowner must know before calling: the number answered in Spanish and
 * the language of the contract.
 */
export function HomePage({ language }: { language: Language }) {
  const copy = language === "es" ? homeCopyEs : homeCopy;
  const path = language === "es" ? SPANISH_HOME_PATH : "/";
  const faq = language === "es" ? homeFaqEsFor(contactPhone("es").phone.display) : homeFaq;
  return (
    <SiteFrame language={language} path={path}>
      <JsonLd
        data={
          language === "es"
            ? spanishHomeJsonLd({ name: copy.seo.title, description: copy.seo.description }, faq)
            : homeJsonLd(faq)
        }
      />
      <div className="bg-gradient-to-b from-blue-900 to-blue-700">
        <div className="mx-auto grid max-w-6xl gap-x-12 gap-y-5 px-4 py-5 sm:py-12 lg:grid-cols-[minmax(0,1fr)_27rem] lg:items-start lg:py-16">
          <Hero formId={FORM_ID} language={language} />
          <section
            aria-labelledby="offer-title"
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:p-8"
          >
            <h2 id="offer-title" className="text-xl font-extrabold text-slate-950 sm:text-2xl">
              {copy.offer.title}
            </h2>
            <p className="mt-1 mb-3 text-sm text-slate-700 sm:mb-6 sm:text-base">
              {copy.offer.lead}
            </p>
            <Island
              name="offer-form"
              props={offerFormProps({
                id: FORM_ID,
                path,
                placeholder: copy.offer.addressPlaceholder,
                language,
              })}
            />
          </section>
        </div>
      </div>
      <OfferBarRegion formId={FORM_ID} language={language}>
        {language === "es" ? <SpanishService className="mx-auto max-w-3xl px-4 pt-12" /> : null}
        <SituationList language={language} />
        <PropertyTypes language={language} />
        <HowItWorks language={language} />
        <CalculatorLink language={language} />
        <Faq
          id="faq"
          title={copy.faqTitle}
          items={faq}
          className="mx-auto max-w-3xl px-4 py-16"
          readMoreLabel={(language === "es" ? chromeCopyEs : chromeCopy).faq.readMore}
        />
        <StateLinks language={language} />
      </OfferBarRegion>
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <ClosingOffer
          formId={FORM_ID}
          title={copy.closing.title}
          text={copy.closing.text}
          language={language}
        />
      </div>
    </SiteFrame>
  );
}
