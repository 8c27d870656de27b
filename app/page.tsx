import type { Metadata } from "next";

import { homeCopy } from "@/content/home";
import { buildMetadata } from "@/lib/seo";
import { site } from "@/lib/site";
import { homeJsonLd } from "@/lib/structured-data";
import { Hero } from "@/components/home/hero";
import { HowItWorks } from "@/components/home/how-it-works";
import { PropertyTypes } from "@/components/home/property-types";
import { StateLinks } from "@/components/home/state-links";
import { OfferForm } from "@/components/offer-form/offer-form";
import { JsonLd } from "@/components/site/json-ld";

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
      <JsonLd data={homeJsonLd()} />
      <Hero formId={FORM_ID} />
      <section aria-labelledby="offer-title" className="px-4">
        <div className="mx-auto -mt-8 max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8">
          <h2 id="offer-title" className="text-2xl font-extrabold text-slate-950">
            {homeCopy.offer.title}
          </h2>
          <p className="mt-1 mb-6 text-slate-700">{homeCopy.offer.lead}</p>
          <OfferForm id={FORM_ID} />
        </div>
      </section>
      <PropertyTypes />
      <HowItWorks />
      <StateLinks />
    </>
  );
}
