import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { getSpanishGuide, getSpanishGuides, type SpanishGuide } from "@/lib/build/situations";
import { getForeclosureLaw, getSmallEstateLaw } from "@/lib/build/state-law";
import { buildMetadata } from "@/lib/seo";
import { COMPARE_PATH } from "@/lib/situations";
import { guideJsonLd, HOME_ES, type BreadcrumbItem } from "@/lib/structured-data";
import { languageCopy } from "@/content/es/language";
import { JsonLd } from "@/components/site/json-ld";
import { SiteFrame } from "@/components/site/site-frame";
import { SpanishService } from "@/components/site/spanish-service";
import { GuideArticle } from "@/components/situations/guide-article";
import { GUIDE_WORDS } from "@/components/situations/guide-words";
import { SituationLinks } from "@/components/situations/situation-links";
import { ForeclosureTable, SmallEstateTable } from "@/components/situations/state-law-table";

type Params = { slug: string };
type Props = { params: Promise<Params> };

const words = GUIDE_WORDS.es;

export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return getSpanishGuides().map((guide) => ({ slug: guide.slug }));
}

/** Inicio > the guide: the Spanish guides have no index page of their own. */
function trail(guide: SpanishGuide): BreadcrumbItem[] {
  return [HOME_ES, { name: guide.cardTitle, href: guide.path }];
}

function stateTableOf(guide: SpanishGuide) {
  if (guide.stateTable === "foreclosure") {
    return <ForeclosureTable law={getForeclosureLaw()} words={words} />;
  }
  if (guide.stateTable === "small-estates") {
    return <SmallEstateTable law={getSmallEstateLaw()} words={words} />;
  }
  return undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const guide = getSpanishGuide((await params).slug);
  if (!guide) return {};
  return buildMetadata({
    title: guide.title,
    description: guide.description,
    path: guide.path,
    language: "es",
  });
}

/** /es/situaciones/<slug>: a situation guide in Spanish, with its state table and offer form. */
export default async function GuiaPage({ params }: Props) {
  const guide = getSpanishGuide((await params).slug);
  if (!guide) notFound();
  const others = getSpanishGuides().filter((other) => other.slug !== guide.slug);
  return (
    <SiteFrame language="es" path={guide.path}>
      <>
        <JsonLd data={guideJsonLd(guide, trail(guide), "es")} />
        <GuideArticle
          guide={guide}
          breadcrumb={trail(guide)}
          stateTable={stateTableOf(guide)}
          words={words}
          related={
            <>
              <SituationLinks
                title={words.copy.otherSituations}
                headingId="other-situations"
                links={[
                  ...others.map((other) => ({ href: other.path, title: other.cardTitle })),
                  {
                    href: COMPARE_PATH,
                    title: `${words.copy.compareLink} ${languageCopy.englishOnly}`,
                  },
                ]}
              />
              <SpanishService className="mt-12" />
            </>
          }
        />
      </>
    </SiteFrame>
  );
}
