import type { Metadata } from "next";

import { situationsCopy } from "@/content/situations";
import { getComparePage, getSituations } from "@/lib/build/situations";
import { buildMetadata } from "@/lib/seo";
import { guideJsonLd, type BreadcrumbItem } from "@/lib/structured-data";
import { JsonLd } from "@/components/site/json-ld";
import { GuideArticle } from "@/components/situations/guide-article";
import { SituationLinks } from "@/components/situations/situation-links";
import { SiteFrame } from "@/components/site/site-frame";

const page = getComparePage();
const trail: BreadcrumbItem[] = [
  { name: "Home", href: "/" },
  { name: page.cardTitle, href: page.path },
];

export const metadata: Metadata = buildMetadata({
  title: page.title,
  description: page.description,
  path: page.path,
});

export default function CashOfferVsListingPage() {
  return (
    <SiteFrame language="en">
      <>
        <JsonLd data={guideJsonLd(page, trail)} />
        <GuideArticle
          guide={page}
          breadcrumb={trail}
          related={
            <SituationLinks
              title={situationsCopy.index.title}
              headingId="situations"
              links={getSituations().map((situation) => ({
                href: situation.path,
                title: situation.cardTitle,
              }))}
            />
          }
        />
      </>
    </SiteFrame>
  );
}
