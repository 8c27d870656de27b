import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { situationsCopy } from "@/content/situations";
import { getSituation, getSituations, type Situation } from "@/lib/build/situations";
import { getForeclosureLaw, getSmallEstateLaw } from "@/lib/build/state-law";
import { buildMetadata } from "@/lib/seo";
import { COMPARE_PATH, SITUATIONS_PATH, situationPath } from "@/lib/situations";
import { guideJsonLd, type BreadcrumbItem } from "@/lib/structured-data";
import { JsonLd } from "@/components/site/json-ld";
import { GuideArticle } from "@/components/situations/guide-article";
import { SituationLinks } from "@/components/situations/situation-links";
import { ForeclosureTable, SmallEstateTable } from "@/components/situations/state-law-table";
import { SiteFrame } from "@/components/site/site-frame";

type Params = { slug: string };
type Props = { params: Promise<Params> };

export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return getSituations().map((situation) => ({ slug: situation.slug }));
}

function trail(situation: Situation): BreadcrumbItem[] {
  return [
    { name: "Home", href: "/" },
    { name: situationsCopy.index.breadcrumb, href: SITUATIONS_PATH },
    { name: situation.cardTitle, href: situation.path },
  ];
}

function stateTableOf(situation: Situation) {
  if (situation.stateTable === "foreclosure") return <ForeclosureTable law={getForeclosureLaw()} />;
  if (situation.stateTable === "small-estates") {
    return <SmallEstateTable law={getSmallEstateLaw()} />;
  }
  return undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const situation = getSituation((await params).slug);
  if (!situation) return {};
  return buildMetadata({
    title: situation.title,
    description: situation.description,
    path: situation.path,
  });
}

export default async function SituationPage({ params }: Props) {
  const situation = getSituation((await params).slug);
  if (!situation) notFound();
  const others = getSituations().filter((other) => other.slug !== situation.slug);
  return (
    <SiteFrame language="en" path={situationPath(situation.slug)}>
      <>
        <JsonLd data={guideJsonLd(situation, trail(situation))} />
        <GuideArticle
          guide={situation}
          breadcrumb={trail(situation)}
          stateTable={stateTableOf(situation)}
          related={
            <SituationLinks
              title={situationsCopy.otherSituations}
              headingId="other-situations"
              links={[
                ...others.map((other) => ({ href: other.path, title: other.cardTitle })),
                { href: COMPARE_PATH, title: situationsCopy.compareLink },
              ]}
            />
          }
        />
      </>
    </SiteFrame>
  );
}
