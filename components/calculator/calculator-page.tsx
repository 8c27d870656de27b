import {
  CALCULATOR_PATH,
  OTHER_CLOSING_ASSUMPTION,
  REPAIR_CHECKLIST,
  WORKED_EXAMPLE,
  calculatorPageCopy as copy,
  calculatorText,
} from "@/content/calculator";
import {
  getTransferTaxes,
  type LocalChoice,
  type StateTransferTaxes,
} from "@/lib/build/transfer-taxes";
import type { TransferTax } from "@/lib/net-proceeds";
import { formatPostDate } from "@/lib/build/blog";
import { todayIso } from "@/lib/build/data-dates";
import { comingChanges, dueWarning } from "@/lib/build/tax-versions";
import { fillText } from "@/lib/fill-text";
import { statePath } from "@/lib/states";
import { Island } from "@/components/islands/island";
import type {
  CalculatorPlace,
  CalculatorStateData,
} from "@/components/calculator/net-proceeds-calculator";
import { Breadcrumb } from "@/components/site/breadcrumb";

export type CalculatorPageProps = {
  /** The state the worked example is for (two-letter code). */
  stateCode: string;
};

/** What the island needs of a tax: the arithmetic and who pays, without the build's extras. */
function islandTax(tax: TransferTax): TransferTax {
  return {
    name: tax.name,
    method: tax.method,
    schedule: tax.schedule,
    ...(tax.per !== undefined ? { per: tax.per } : {}),
    ...(tax.minimumPrice !== undefined ? { minimumPrice: tax.minimumPrice } : {}),
    sellerShare: tax.sellerShare,
    paidBy: tax.paidBy,
    ...(tax.inForceFrom !== undefined ? { inForceFrom: tax.inForceFrom } : {}),
    ...(tax.inForceUntil !== undefined ? { inForceUntil: tax.inForceUntil } : {}),
  };
}

/** A county or city: its taxes, and every source by name and address (the quotes stay here). */
function islandPlace(choice: LocalChoice, day: string): CalculatorPlace {
  // Said beside the line: what is in doubt, and whether the figures are due to be read again.
  const doubts = [choice.uncertain, dueWarning(choice, day)].filter(Boolean).join(" ");
  return {
    id: choice.id,
    name: choice.name,
    taxes: choice.taxes.map(islandTax),
    ...(choice.note ? { note: choice.note } : {}),
    // Said beside its lines: who customarily pays (each different sentence once), where it applies.
    about: [
      ...new Set(choice.taxes.map((tax) => tax.paidBy)),
      ...(choice.taxes.length > 0 && choice.note ? [choice.note] : []),
      ...comingChanges(choice.taxes, day),
    ].join(" "),
    sources: choice.sources.map(({ title, url }) => ({ title, url })),
    checked: formatPostDate(choice.checked),
    ...(doubts ? { uncertain: doubts } : {}),
  };
}

/** The state's notes as the island shows them: who pays each tax, then the rest. */
function stateNotes(state: StateTransferTaxes, day: string): string[] {
  const words = copy.notes;
  const taxes =
    state.taxes.length === 0
      ? [fillText(words.noTax, { state: state.name })]
      : state.taxes.map(
          (tax) =>
            `${tax.name}${tax.level === "county" ? ` (${words.countyLevel})` : ""}: ${tax.paidBy}${tax.note ? ` ${tax.note}` : ""}`,
        );
  return [
    ...taxes,
    ...(state.local ? [`${words.local}: ${state.local}`] : []),
    ...comingChanges(state.taxes, day),
    ...(state.uncertain ? [state.uncertain] : []),
    ...[dueWarning(state, day)].filter((warning) => warning !== null),
  ];
}

/** What the island needs of a state: its taxes, places, notes and the source shown beside them. */
function islandState(state: StateTransferTaxes, day: string): CalculatorStateData {
  // The first official source, else the first: the one named beside the tax line.
  const source = state.sources.find((candidate) => candidate.official) ?? state.sources[0]!;
  return {
    code: state.code,
    name: state.name,
    slug: state.slug,
    statePath: statePath(state.name),
    taxes: state.taxes.map(islandTax),
    notes: stateNotes(state, day),
    ...(state.localities
      ? {
          localities: {
            label: state.localities.label,
            default: state.localities.default,
            choices: state.localities.choices.map((choice) => islandPlace(choice, day)),
          },
        }
      : {}),
    source: { title: source.title, url: source.url },
    checked: formatPostDate(state.checked),
  };
}

/**
 * The net-proceeds calculator page: the island, rendered by the build with the worked
 * example for one state, so the numbers are in the HTML before any script runs.
 */
export function CalculatorPage({ stateCode }: CalculatorPageProps) {
  const { asOf, states } = getTransferTaxes();
  // The build's day: the worked example's rates, the changes still to come and what is due.
  const day = todayIso();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-12">
      <Breadcrumb
        items={[
          { name: "Home", href: "/" },
          { name: copy.breadcrumb, href: CALCULATOR_PATH },
        ]}
      />
      <h1 className="mt-4 max-w-4xl text-3xl font-extrabold tracking-tight text-slate-950 sm:mt-6 sm:text-5xl">
        {copy.headline}
      </h1>
      <p className="mt-3 max-w-4xl text-slate-700 sm:mt-4 sm:text-lg">{copy.intro}</p>
      {/* Outside the island: the island never changes its markup after hydrating, which on a
          slow phone would re-render the whole form at once and shift the layout. */}
      <noscript>
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-slate-900">{copy.noScript}</p>
      </noscript>
      <div className="mt-8">
        <Island
          name="net-proceeds-calculator"
          props={{
            states: states.map((state) => islandState(state, day)),
            initialState: stateCode,
            text: calculatorText,
            example: WORKED_EXAMPLE,
            checklist: [...REPAIR_CHECKLIST],
            builtOn: day,
          }}
        />
      </div>
      <div className="mt-10 max-w-4xl space-y-3 text-sm text-slate-700">
        <p>
          {copy.after.rounding} {fillText(copy.after.asOf, { date: formatPostDate(asOf) })}
        </p>
        <p>{copy.after.notAdvice}</p>
        <p id="other-closing-sources">
          {fillText(copy.after.assumptions, {
            checked: fillText(calculatorText.notes.checked, {
              date: formatPostDate(OTHER_CLOSING_ASSUMPTION.checked),
            }),
          })}{" "}
          {OTHER_CLOSING_ASSUMPTION.sources.map((source, index) => (
            <span key={source.url}>
              {index > 0 ? "; " : null}
              <a className="text-blue-800 underline" href={source.url} rel="noopener">
                {source.title}
              </a>{" "}
              (“{source.quote}”)
            </span>
          ))}
          .
        </p>
      </div>
      <div className="mt-8 max-w-4xl rounded-xl bg-blue-900 p-6 text-white">
        <h2 className="text-xl font-bold">{copy.next.title}</h2>
        <p className="mt-2">{copy.next.offerLead}</p>
        <p className="mt-4">
          <a
            href={copy.next.compareHref}
            className="font-semibold text-white underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {copy.next.compare}
          </a>
        </p>
      </div>
    </div>
  );
}
