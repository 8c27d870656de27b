import type { Metadata } from "next";

import {
  CALCULATOR_PATH_ES,
  REPAIR_CHECKLIST_ES,
  calculatorPageCopyEs as copy,
  calculatorTextEs,
} from "@/content/es/calculator";
import { buildMetadata } from "@/lib/seo";
import { calculatorJsonLd } from "@/lib/structured-data";
import { site } from "@/config/site";
import { CalculatorPage } from "@/components/calculator/calculator-page";
import { JsonLd } from "@/components/site/json-ld";
import { SiteFrame } from "@/components/site/site-frame";

export const metadata: Metadata = buildMetadata({
  title: copy.seo.title,
  description: copy.seo.description,
  path: CALCULATOR_PATH_ES,
  language: "es",
});

/** /es/calculadora: the net-proceeds calculator in Spanish, the English page's twin. */
export default function Calculadora() {
  return (
    <SiteFrame language="es" path={CALCULATOR_PATH_ES}>
      <>
        <JsonLd
          data={calculatorJsonLd({
            name: copy.seo.title,
            breadcrumb: copy.breadcrumb,
            description: copy.seo.description,
            path: CALCULATOR_PATH_ES,
            language: "es",
          })}
        />
        {/* The worked example without a state in the address is for the company's home state. */}
        <CalculatorPage
          stateCode={site.company.address.region}
          language="es"
          copy={copy}
          text={calculatorTextEs}
          checklist={REPAIR_CHECKLIST_ES}
        />
      </>
    </SiteFrame>
  );
}
