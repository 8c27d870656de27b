import type { Metadata } from "next";
import { notFound } from "next/navigation";

import {
  CALCULATOR_PATH_ES,
  REPAIR_CHECKLIST_ES,
  calculatorPageCopyEs as copy,
  calculatorTextEs,
} from "@/content/es/calculator";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { spanishCalculatorStatePath } from "@/lib/languages";
import { buildMetadata } from "@/lib/seo";
import { stateSummaries } from "@/lib/states";
import { CalculatorPage } from "@/components/calculator/calculator-page";
import { SiteFrame } from "@/components/site/site-frame";

type Params = { estado: string };
type Props = { params: Promise<Params> };

/**
 * The Spanish calculator with one state's worked example, for each state, so that
 * /es/calculadora?state=oh is answered with it by hosts that rewrite on the query and reads
 * the same without script, as the English /calculator/<state>. Search engines are pointed at
 * /es/calculadora and asked not to index these.
 */
export const dynamicParams = false;

const segmentOf = (name: (typeof stateSummaries)[number]["name"]) =>
  spanishCalculatorStatePath(name).split("/").at(-1)!;

export function generateStaticParams(): Params[] {
  return stateSummaries.map((state) => ({ estado: segmentOf(state.name) }));
}

function stateFor(estado: string) {
  return stateSummaries.find((state) => segmentOf(state.name) === estado);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const state = stateFor((await params).estado);
  if (!state) return {};
  return {
    ...buildMetadata({
      title: copy.seo.stateTitle(STATE_NAMES_ES[state.name]),
      description: copy.seo.stateDescription(STATE_NAMES_ES[state.name]),
      path: CALCULATOR_PATH_ES,
      language: "es",
    }),
    robots: { index: false, follow: true },
  };
}

export default async function CalculadoraEstado({ params }: Props) {
  const state = stateFor((await params).estado);
  if (!state) notFound();
  return (
    <SiteFrame language="es" path={spanishCalculatorStatePath(state.name)}>
      <CalculatorPage
        stateCode={state.code}
        language="es"
        copy={copy}
        text={calculatorTextEs}
        checklist={REPAIR_CHECKLIST_ES}
      />
    </SiteFrame>
  );
}
