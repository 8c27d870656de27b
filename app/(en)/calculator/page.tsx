import type { Metadata } from "next";

import { CALCULATOR_PATH, calculatorPageCopy as copy } from "@/content/calculator";
import { buildMetadata } from "@/lib/seo";
import { calculatorJsonLd } from "@/lib/structured-data";
import { site } from "@/config/site";
import { CalculatorPage } from "@/components/calculator/calculator-page";
import { JsonLd } from "@/components/site/json-ld";
import { SiteFrame } from "@/components/site/site-frame";

export const metadata: Metadata = buildMetadata({
  title: copy.seo.title,
  description: copy.seo.description,
  path: CALCULATOR_PATH,
});

export default function Calculator() {
  return (
    <SiteFrame language="en" path={CALCULATOR_PATH}>
      <>
        <JsonLd
          data={calculatorJsonLd({
            name: copy.seo.title,
            breadcrumb: copy.breadcrumb,
            description: copy.seo.description,
            path: CALCULATOR_PATH,
          })}
        />
        {/* The worked example without a state in the address is for the company's home state. */}
        <CalculatorPage stateCode={site.company.address.region} />
      </>
    </SiteFrame>
  );
}
