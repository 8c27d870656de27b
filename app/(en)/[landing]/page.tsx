import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { buildMetadata } from "@/lib/seo";
import { getStatePage, getStatePages, type StatePage } from "@/lib/build/state-pages";
import { STATE_PATH_PREFIX, statePath } from "@/lib/states";
import { stateJsonLd } from "@/lib/structured-data";
import { JsonLd } from "@/components/site/json-ld";
import { Island } from "@/components/islands/island";
import { StateLanding } from "@/components/state/state-landing";
import { SiteFrame } from "@/components/site/site-frame";

type Params = { landing: string };
type Props = { params: Promise<Params> };

// An App Router segment cannot carry a literal prefix, so the whole
// "sell-house-fast-{slug}" is the parameter; nothing outside the 50 is built.
export const dynamicParams = false;

const landingPrefix = STATE_PATH_PREFIX.slice(1);

export function generateStaticParams(): Params[] {
  return getStatePages().map((state) => ({ landing: `${landingPrefix}${state.slug}` }));
}

function stateFor(landing: string): StatePage | undefined {
  if (!landing.startsWith(landingPrefix)) return undefined;
  return getStatePage(landing.slice(landingPrefix.length));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const state = stateFor((await params).landing);
  if (!state) return {};
  return buildMetadata({
    title: state.title,
    description: state.description,
    path: state.path,
    keywords: state.keywords,
  });
}

export default async function StateLandingPage({ params }: Props) {
  const state = stateFor((await params).landing);
  if (!state) notFound();
  return (
    <SiteFrame language="en" path={statePath(state.name)}>
      <>
        <JsonLd data={stateJsonLd(state)} />
        <Island name="scroll-to-top" props={{}} />
        <StateLanding state={state} />
      </>
    </SiteFrame>
  );
}
