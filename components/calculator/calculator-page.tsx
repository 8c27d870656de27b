import {
  CALCULATOR_PATH,
  REPAIR_CHECKLIST,
  WORKED_EXAMPLE,
  calculatorPageCopy as copy,
  calculatorText,
} from "@/content/calculator";
import { getTransferTaxes, type StateTransferTaxes } from "@/lib/build/transfer-taxes";
import { statePath } from "@/lib/states";
import { Island } from "@/components/islands/island";
import type { CalculatorStateData } from "@/components/calculator/net-proceeds-calculator";
import { Breadcrumb } from "@/components/site/breadcrumb";

export type CalculatorPageProps = {
  /** The state the worked example is for (two-letter code). */
  stateCode: string;
};

/** What the island needs of a state: its taxes, notes and the source shown beside them. */
function islandState(state: StateTransferTaxes): CalculatorStateData {
  // The first official source, else the first: the one named beside the tax line.
  const source = state.sources.find((candidate) => candidate.official) ?? state.sources[0]!;
  return {
    code: state.code,
    name: state.name,
    slug: state.slug,
    statePath: statePath(state.name),
    taxes: state.taxes.map((tax) => ({
      name: tax.name,
      level: tax.level,
      method: tax.method,
      schedule: tax.schedule,
      ...(tax.per !== undefined ? { per: tax.per } : {}),
      ...(tax.minimumPrice !== undefined ? { minimumPrice: tax.minimumPrice } : {}),
      sellerShare: tax.sellerShare,
      paidBy: tax.paidBy,
      ...(tax.note ? { note: tax.note } : {}),
    })),
    local: state.local,
    source: { title: source.title, url: source.url },
    checked: state.checked,
    ...(state.uncertain ? { uncertain: state.uncertain } : {}),
  };
}

/**
 * The net-proceeds calculator page: the island, rendered by the build with the worked
 * example for one state, so the numbers are in the HTML before any script runs.
 */
export function CalculatorPage({ stateCode }: CalculatorPageProps) {
  const { asOf, states } = getTransferTaxes();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-12">
      <Breadcrumb
        items={[
          { name: "Home", href: "/" },
          { name: copy.breadcrumb, href: CALCULATOR_PATH },
        ]}
      />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-950 sm:mt-6 sm:text-5xl">
        {copy.headline}
      </h1>
      <p className="mt-3 text-slate-700 sm:mt-4 sm:text-lg">{copy.intro}</p>
      {/* Outside the island: the island never changes its markup after hydrating, which on a
          slow phone would re-render the whole form at once and shift the layout. */}
      <noscript>
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-slate-900">{copy.noScript}</p>
      </noscript>
      <div className="mt-8">
        <Island
          name="net-proceeds-calculator"
          props={{
            states: states.map(islandState),
            initialState: stateCode,
            asOf,
            text: calculatorText,
            example: WORKED_EXAMPLE,
            checklist: [...REPAIR_CHECKLIST],
          }}
        />
      </div>
    </div>
  );
}
