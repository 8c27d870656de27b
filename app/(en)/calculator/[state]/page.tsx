import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { CALCULATOR_PATH, calculatorPageCopy as copy } from "@/content/calculator";
import { buildMetadata } from "@/lib/seo";
import { stateSummaries } from "@/lib/states";
import { CalculatorPage } from "@/components/calculator/calculator-page";
import { SiteFrame } from "@/components/site/site-frame";

type Params = { state: string };
type Props = { params: Promise<Params> };

/**
 * The calculator with one state's worked example, pre-rendered for each state so that
 * /calculator?state=oh can be answered with /calculator/ohio by hosts that rewrite on the
 * query (out/_redirects), and read the same without script. Fifty near copies of one tool:
 * search engines are pointed at /calculator and asked not to index these.
 */
export const dynamicParams = false;

export function generateStaticParams(): Params[] {
  return stateSummaries.map((state) => ({ state: state.slug }));
}

function stateFor(slug: string) {
  return stateSummaries.find((state) => state.slug === slug);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const state = stateFor((await params).state);
  if (!state) return {};
  return {
    ...buildMetadata({
      title: copy.seo.stateTitle(state.name),
      description: copy.seo.stateDescription(state.name),
      path: CALCULATOR_PATH,
    }),
    robots: { index: false, follow: true },
  };
}

export default async function StateCalculator({ params }: Props) {
  const state = stateFor((await params).state);
  if (!state) notFound();
  return (
    <SiteFrame language="en" path={`${CALCULATOR_PATH}/${state.slug}`}>
      <CalculatorPage stateCode={state.code} />
    </SiteFrame>
  );
}
