import type { Metadata } from "next";

import { situationsCopy as copy } from "@/content/situations";
import { getComparePage, getSituations } from "@/lib/build/situations";
import { buildMetadata } from "@/lib/seo";
import { OFFER_FORM_ID, SITUATIONS_PATH } from "@/lib/situations";
import { listPageJsonLd, type BreadcrumbItem } from "@/lib/structured-data";
import { buttonVariants } from "@/components/ui/button";
import { Breadcrumb } from "@/components/site/breadcrumb";
import { JsonLd } from "@/components/site/json-ld";
import { SituationLinks } from "@/components/situations/situation-links";
import { SiteFrame } from "@/components/site/site-frame";

const trail: BreadcrumbItem[] = [
  { name: "Home", href: "/" },
  { name: copy.index.breadcrumb, href: SITUATIONS_PATH },
];

export const metadata: Metadata = buildMetadata({
  title: copy.index.title,
  description: copy.index.description,
  path: SITUATIONS_PATH,
});

export default function SituationsPage() {
  const compare = getComparePage();
  return (
    <SiteFrame language="en">
      <>
        <JsonLd data={listPageJsonLd(trail)} />
        <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
          <Breadcrumb items={trail} />
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">
            {copy.index.title}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{copy.index.lead}</p>
          <SituationLinks
            title="Guides by situation"
            headingId="guides"
            links={getSituations().map((situation) => ({
              href: situation.path,
              title: situation.cardTitle,
              text: situation.description,
            }))}
          />
          <SituationLinks
            title="Weighing the ways to sell"
            headingId="compare"
            links={[{ href: compare.path, title: compare.title, text: compare.description }]}
          />
          <p className="mt-12">
            <a href={`/#${OFFER_FORM_ID}`} className={buttonVariants({ size: "lg" })}>
              {copy.offer.jump}
            </a>
          </p>
        </div>
      </>
    </SiteFrame>
  );
}
