import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { statePageCopyEs } from "@/content/es/state-page";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { getSpanishStatePages, type StatePage } from "@/lib/build/state-pages";
import { buildMetadata } from "@/lib/seo";
import { spanishStateJsonLd } from "@/lib/structured-data";
import { Island } from "@/components/islands/island";
import { JsonLd } from "@/components/site/json-ld";
import { SiteFrame } from "@/components/site/site-frame";
import { StateLanding } from "@/components/state/state-landing";

type Params = { estado: string };
type Props = { params: Promise<Params> };

// The whole "vender-casa-rapido-{estado}" is the parameter, as for the English pages; only
// the ten states with a Spanish page are built.
export const dynamicParams = false;

const segmentOf = (state: StatePage) => state.path.split("/").at(-1)!;

export function generateStaticParams(): Params[] {
  return getSpanishStatePages().map((state) => ({ estado: segmentOf(state) }));
}

function stateFor(estado: string): StatePage | undefined {
  return getSpanishStatePages().find((state) => segmentOf(state) === estado);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const state = stateFor((await params).estado);
  if (!state) return {};
  return buildMetadata({
    title: state.title,
    description: state.description,
    path: state.path,
    keywords: state.keywords,
    language: "es",
  });
}

/** A state's page in Spanish: the same page as the English, every word in Spanish. */
export default async function EstadoPage({ params }: Props) {
  const state = stateFor((await params).estado);
  if (!state) notFound();
  return (
    <SiteFrame language="es" path={state.path}>
      <JsonLd
        data={spanishStateJsonLd({
          ...state,
          breadcrumb: statePageCopyEs.breadcrumb(STATE_NAMES_ES[state.name]),
        })}
      />
      <Island name="scroll-to-top" props={{}} />
      <StateLanding state={state} language="es" />
    </SiteFrame>
  );
}
