"use client";

import { useEffect, useId, useMemo, useState, type ReactNode } from "react";

import type { CalculatorText } from "@/content/calculator";
import type { Translation } from "@/content/translation";
import {
  readFields,
  type CalculatorFields,
  type CashMode,
  type FieldError,
  type FieldErrors,
  type OtherClosingMode,
  type RepairsMode,
} from "@/lib/calculator-fields";
import {
  computeNetProceeds,
  formatCount,
  formatMoney,
  inForce,
  formatRange,
  type Column,
  type NetProceeds,
  type Range,
  type TransferTax,
} from "@/lib/net-proceeds";
import { fillText } from "@/lib/fill-text";

type Link = { title: string; url: string };

/**
 * A sentence the build writes, with its language where it is not the page's: on the Spanish
 * page the tax data's own notes (who pays, what is in doubt) stay in English, as their sources
 * are, and are marked so for screen readers.
 */
export type Note = readonly [text: string] | readonly [text: string, lang: string];

/**
 * Every word the island shows (content/calculator.ts, or content/es/calculator.ts), carried in
 * the HTML rather than the script: with the plurals of the arithmetic's units.
 */
export type CalculatorWords = Translation<CalculatorText> & {
  lines: { months: string; weeks: string };
};

/** A county or city the visitor can choose, with its own taxes and where they come from. */
export type CalculatorPlace = {
  id: string;
  name: string;
  taxes: TransferTax[];
  /** Why no tax is counted, where `taxes` is empty: said on its $0 line. */
  note?: string;
  /** Who customarily pays its taxes, where they apply, changes to come: said before its sources. */
  about: Note[];
  sources: Link[];
  /** When the rates were read in the sources, as the page says it: "November 27, 2026". */
  checked: string;
  /** What the sources leave in doubt, and whether the figures are due to be read again. */
  uncertain?: Note[];
};

export type CalculatorStateData = {
  code: string;
  name: string;
  slug: string;
  /** The state's landing page, where its offer form is. */
  statePath: string;
  /** The words of the link to it: "Get your real cash offer for your Ohio house". */
  offer: string;
  taxes: TransferTax[];
  /** Who pays each tax, what counties and cities add, what is in doubt: sentences the build writes. */
  notes: Note[];
  /** Where counties or cities add material taxes: the places to choose from. */
  localities?: { label: string; default: string; choices: CalculatorPlace[] };
  source: Link;
  /** When the figures were checked against the source, as the page says it. */
  checked: string;
};

export type NetProceedsCalculatorProps = {
  states: CalculatorStateData[];
  /** The state the page was rendered for (its two-letter code). */
  initialState: string;
  /** Every word the island shows, carried in the HTML, not the script. */
  text: CalculatorWords;
  /** The worked example's figures, as the fields show them before the visitor types. */
  example: Record<
    | "price"
    | "repairs"
    | "payoff"
    | "commissionPercent"
    | "listingMonths"
    | "otherClosing"
    | "payment"
    | "propertyTaxes"
    | "insurance"
    | "utilities"
    | "cashWeeks",
    string
  >;
  /** The repair checklist's items. */
  checklist: string[];
  /** "YYYY-MM-DD": the build's day, whose rates the HTML shows until the island knows today. */
  builtOn: string;
};

function initialFields(
  example: NetProceedsCalculatorProps["example"],
  checklist: readonly string[],
): CalculatorFields {
  return {
    ...example,
    repairsMode: "one",
    repairItems: checklist.map(() => ""),
    otherClosingMode: "percent",
    cashMode: "estimate",
    cashOffer: "",
  };
}

/** The place the worked example is for, in a state with places to choose from. */
function defaultPlace(state: CalculatorStateData): string | null {
  return state.localities?.default ?? null;
}

function stateFromQuery(
  states: readonly CalculatorStateData[],
  links: CalculatorWords["links"],
): CalculatorStateData | undefined {
  const code = new URLSearchParams(window.location.search).get(links.stateQuery);
  if (!code) return undefined;
  const wanted = code.trim().toLowerCase();
  return states.find((state) => state.code.toLowerCase() === wanted || state.slug === wanted);
}

/** Keeps the chosen state in the address, as the links to the calculator write it. */
function writeStateToUrl(state: CalculatorStateData, links: CalculatorWords["links"]) {
  const url = new URL(links.calculator, window.location.href);
  url.searchParams.set(links.stateQuery, state.code.toLowerCase());
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The net-proceeds calculator: the visitor's figures in, what listing with an agent and
 * selling as-is for cash would each leave them, every line of the arithmetic shown. The
 * build renders it with the worked example, so without script the page shows those numbers.
 */
export function NetProceedsCalculator({
  states,
  initialState,
  text,
  example,
  checklist,
  builtOn,
}: NetProceedsCalculatorProps) {
  const stateOf = (code: string) =>
    states.find((candidate) => candidate.code === code) ?? states[0]!;
  const [where, setWhere] = useState(() => ({
    state: initialState,
    place: defaultPlace(stateOf(initialState)),
  }));
  const [fields, setFields] = useState<CalculatorFields>(() => initialFields(example, checklist));
  // The rates in force on the visitor's own day: an enacted change needs no rebuild.
  const [day, setDay] = useState(builtOn);
  const copy = text.form;
  const id = useId();

  useEffect(() => {
    // The export is static: the query string is only known in the browser, after hydration.
    const fromQuery = stateFromQuery(states, text.links);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDay(new Date().toLocaleDateString("en-CA"));
    if (fromQuery) setWhere({ state: fromQuery.code, place: defaultPlace(fromQuery) });
  }, [states, text.links]);

  const state = stateOf(where.state);
  const place = state.localities?.choices.find((choice) => choice.id === where.place) ?? null;
  const read = useMemo(
    () =>
      readFields(fields, {
        state: inForce(state.taxes, day),
        local: place && { place: place.name, taxes: inForce(place.taxes, day), note: place.note },
      }),
    [fields, state, place, day],
  );
  const result = useMemo(
    () => (read.ok ? computeNetProceeds(read.input, text.lines) : null),
    [read, text.lines],
  );
  const errors: FieldErrors = read.ok ? {} : read.errors;
  const errorText = (error: FieldError | undefined) => (error ? text.errors[error] : null);

  const set = (key: keyof CalculatorFields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));
  // The money fields: "$" before the field for the eye, the unit read with it.
  const dollars = { prefix: "$", unit: copy.dollars };
  const dollarsAMonth = { prefix: "$", unit: copy.dollarsAMonth };
  const field = (key: keyof CalculatorFields & string) => ({
    id: `${id}${key}`,
    value: fields[key] as string,
    onChange: set(key),
    error: errorText(errors[key]),
  });

  return (
    // On a desktop the summary sits in the right column, in view beside the figures while the
    // visitor types and beside the workings below them; on a phone it comes between the two.
    <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-x-10">
      <form
        aria-label={copy.label}
        className="space-y-8 lg:col-start-1 lg:row-start-1"
        onSubmit={(event) => event.preventDefault()}
        noValidate
      >
        <p className="rounded-lg bg-blue-50 px-4 py-3 text-slate-800">{copy.lead}</p>

        <Group title={copy.house}>
          <Select
            id={`${id}state`}
            label={copy.state}
            value={state.code}
            options={states.map((option) => [option.code, option.name])}
            onChange={(code) => {
              const next = stateOf(code);
              setWhere({ state: next.code, place: defaultPlace(next) });
              writeStateToUrl(next, text.links);
            }}
          />
          {state.localities && place ? (
            <Select
              id={`${id}place`}
              label={state.localities.label}
              hint={copy.localityHint}
              value={place.id}
              options={state.localities.choices.map((option) => [option.id, option.name])}
              onChange={(value) => setWhere((current) => ({ ...current, place: value }))}
            />
          ) : null}
          <TextInput {...dollars} label={copy.price} hint={copy.priceHint} {...field("price")} />
          <Choice
            legend={copy.repairsMode}
            name={`${id}repairsMode`}
            value={fields.repairsMode}
            onChange={(value) => set("repairsMode")(value as RepairsMode)}
            options={[
              { value: "one", label: copy.repairsOne },
              { value: "list", label: copy.repairsList },
            ]}
          />
          {fields.repairsMode === "one" ? (
            <TextInput
              {...dollars}
              label={copy.repairsTotal}
              hint={copy.repairsHint}
              {...field("repairs")}
            />
          ) : (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-900">{copy.repairs}</legend>
              <p className="text-sm text-slate-700">{copy.repairsListHint}</p>
              <div className="grid gap-3 sm:grid-cols-2">
                {checklist.map((item, index) => (
                  <TextInput
                    {...dollars}
                    key={item}
                    label={item}
                    id={`${id}repairItem${index}`}
                    value={fields.repairItems[index] ?? ""}
                    onChange={(value) =>
                      setFields((current) => ({
                        ...current,
                        repairItems: current.repairItems.map((old, at) =>
                          at === index ? value : old,
                        ),
                      }))
                    }
                    error={errorText(errors[`repairItem${index}`])}
                  />
                ))}
              </div>
              {read.ok ? (
                <p className="text-sm font-semibold text-slate-900">
                  {fillText(copy.repairsSum, { amount: formatMoney(read.repairs) })}
                </p>
              ) : null}
            </fieldset>
          )}
          <TextInput {...dollars} label={copy.payoff} hint={copy.payoffHint} {...field("payoff")} />
        </Group>

        <Group title={copy.listing}>
          <TextInput
            label={copy.commission}
            unit={copy.percent}
            hint={
              <>
                {copy.commissionHint}{" "}
                <a
                  className="font-semibold text-blue-800 underline"
                  href={text.links.commissionPost}
                >
                  {copy.commissionPost}
                </a>
              </>
            }
            {...field("commissionPercent")}
          />
          <TextInput
            label={copy.months}
            unit={copy.monthsUnit}
            hint={copy.monthsHint}
            {...field("listingMonths")}
          />
          <Choice
            legend={copy.otherClosingMode}
            name={`${id}otherClosingMode`}
            value={fields.otherClosingMode}
            onChange={(value) => set("otherClosingMode")(value as OtherClosingMode)}
            options={[
              { value: "percent", label: copy.otherClosingPercent },
              { value: "amount", label: copy.otherClosingAmount },
            ]}
          />
          <TextInput
            {...(fields.otherClosingMode === "percent" ? { unit: copy.percent } : dollars)}
            label={copy.otherClosing}
            hint={<>{copy.otherClosingHint}</>}
            {...field("otherClosing")}
          />
        </Group>

        <Group title={copy.carrying} hint={copy.carryingHint}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput label={copy.payment} {...dollarsAMonth} {...field("payment")} />
            <TextInput label={copy.propertyTaxes} {...dollarsAMonth} {...field("propertyTaxes")} />
            <TextInput label={copy.insurance} {...dollarsAMonth} {...field("insurance")} />
            <TextInput label={copy.utilities} {...dollarsAMonth} {...field("utilities")} />
          </div>
        </Group>

        <Group title={copy.cash}>
          <Choice
            legend={copy.cashMode}
            name={`${id}cashMode`}
            value={fields.cashMode}
            onChange={(value) => set("cashMode")(value as CashMode)}
            options={[
              { value: "estimate", label: copy.cashEstimate },
              { value: "entered", label: copy.cashEntered },
            ]}
          />
          {fields.cashMode === "entered" ? (
            <TextInput {...dollars} label={copy.cashAmount} {...field("cashOffer")} />
          ) : (
            <p className="text-sm text-slate-700">{copy.cashEstimateHint}</p>
          )}
          <TextInput
            label={copy.cashWeeks}
            unit={copy.weeksUnit}
            hint={copy.cashWeeksHint}
            {...field("cashWeeks")}
          />
        </Group>
      </form>

      <Summary state={state} result={result} price={read.ok ? read.input.price : 0} text={text} />
      <Details state={state} place={place} result={result} text={text} />
    </div>
  );
}

function Select({
  id,
  label,
  hint,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  /** [value, what the visitor reads] */
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="calc-select"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold text-slate-950">{title}</legend>
      {hint ? <p className="text-sm text-slate-700">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

type FieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** Read with the field: "dollars", "dollars a month", "%", "months". */
  unit?: string;
  /** Shown before the field, for the eye only: "$". */
  prefix?: string;
};

// Plain elements, not components/ui's Input and Label: sharing those with the offer form
// would split them into a file of their own that both pages load (about 0.3 KB more each).
function TextInput({ id, label, value, onChange, error, hint, unit, prefix }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const unitId = `${id}-unit`;
  const describedBy = [unit ? unitId : null, error ? errorId : null, hint ? hintId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {prefix ? (
          <span aria-hidden="true" className="font-semibold text-slate-700">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="calc-input"
        />
        {unit ? (
          <span id={unitId} className="text-sm text-slate-700">
            {unit}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Choice({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-5 accent-blue-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * An amount or a range, `to` the word between its ends; each figure kept on one line ("−" and
 * "$" would otherwise part).
 */
function Amount({ range, to, signed = false }: { range: Range; to: string; signed?: boolean }) {
  const figure = (value: number) => (
    <span className="whitespace-nowrap">{formatMoney(value, { signed })}</span>
  );
  if (range.low === range.high) return figure(range.low);
  return (
    <>
      {figure(range.low)} {to} {figure(range.high)}
    </>
  );
}

function verdictText(result: NetProceeds, price: number, text: CalculatorWords): string {
  const { verdict, listing, cash } = result;
  const words = text.verdict;
  const { month, months, week, weeks, to } = text.results;
  const estimate = cash.offer.low !== cash.offer.high;
  const values = {
    price: formatMoney(price),
    months: formatCount(listing.months, month, months),
    weeks: formatCount(cash.weeks, week, weeks),
  };
  switch (verdict.kind) {
    case "listing": {
      const sentence = fillText(words.listing, { ...values, more: formatRange(verdict.more, to) });
      return estimate ? `${sentence} ${words.listingEstimate}` : sentence;
    }
    case "cash":
      return fillText(estimate ? words.cashEstimate : words.cash, {
        ...values,
        more: formatRange(verdict.more, to),
      });
    case "depends":
      return fillText(words.depends, {
        ...values,
        listing: formatMoney(verdict.listingUpTo),
        cash: formatMoney(verdict.cashUpTo),
      });
    case "same":
      return words.same;
  }
}

/**
 * The answer: which sale leaves more, the nets side by side, the cash each needs before it
 * closes and how long each takes. On a desktop it stays in view beside the figures.
 */
function Summary({
  state,
  result,
  price,
  text,
}: {
  state: CalculatorStateData;
  result: NetProceeds | null;
  price: number;
  text: CalculatorWords;
}) {
  const words = text.results;
  return (
    <section
      aria-labelledby="calculator-results-title"
      data-calculator-results=""
      className="mt-10 space-y-6 lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0"
    >
      <h2 id="calculator-results-title" className="text-2xl font-extrabold text-slate-950">
        {fillText(words.title, { state: state.name })}
      </h2>
      <div aria-live="polite" data-calculator-verdict="">
        {result ? (
          <p className="rounded-xl border-2 border-blue-700 bg-blue-50 p-4 text-lg font-semibold text-slate-950">
            {verdictText(result, price, text)}
          </p>
        ) : (
          <p className="rounded-xl border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-800">
            {text.errors.summary}
          </p>
        )}
      </div>
      {result ? <SummaryTable result={result} text={text} /> : null}
      <a href={`${state.statePath}#offer-form`} className="calc-cta">
        {state.offer}
      </a>
    </section>
  );
}

function SummaryTable({ result, text }: { result: NetProceeds; text: CalculatorWords }) {
  const words = text.results;
  const { listing, cash } = result;
  const rows: [string, string, ReactNode, ReactNode][] = [
    [
      "net",
      words.netRow,
      <Amount key="l" range={listing.net} to={words.to} />,
      <Amount key="c" range={cash.net} to={words.to} />,
    ],
    [
      "cash-needed",
      words.cashNeededRow,
      <Amount key="l" range={listing.cashNeeded} to={words.to} />,
      <Amount key="c" range={cash.cashNeeded} to={words.to} />,
    ],
    [
      "time",
      words.time,
      formatCount(listing.months, words.month, words.months),
      formatCount(cash.weeks, words.week, words.weeks),
    ],
  ];
  const cell = "px-3 py-3 text-right font-bold text-slate-950 tabular-nums sm:px-4";
  return (
    <table className="calc-table">
      <caption className="mb-2 text-left text-lg font-bold text-slate-950">
        {words.summaryCaption}
      </caption>
      <thead>
        <tr className="bg-slate-50 text-sm text-slate-700">
          <td />
          <th scope="col" className="px-3 py-2 text-right font-semibold sm:px-4">
            {words.listingShort}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold sm:px-4">
            {words.cashShort}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, label, listingValue, cashValue]) => (
          <tr key={key} data-summary={key} className="border-t border-slate-200">
            <th scope="row" className="px-3 py-3 font-semibold text-slate-900 sm:px-4">
              {label}
            </th>
            <td className={cell}>{listingValue}</td>
            <td className={cell}>{cashValue}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The workings: every line of both sales, with each tax's source, and the state's notes. */
function Details({
  state,
  place,
  result,
  text,
}: {
  state: CalculatorStateData;
  place: CalculatorPlace | null;
  result: NetProceeds | null;
  text: CalculatorWords;
}) {
  const words = text.results;
  const stateSource = <SourceNote links={[state.source]} checked={state.checked} text={text} />;
  const placeSource = place ? placeNote(place, text) : null;
  const sourceFor = (id: string) =>
    id.startsWith("transfer-tax") ? stateSource : id.startsWith("local-tax") ? placeSource : null;
  return (
    <section aria-labelledby="calculator-details-title" className="mt-10 space-y-6 lg:col-start-1">
      <h2 id="calculator-details-title" className="text-2xl font-extrabold text-slate-950">
        {words.detailsTitle}
      </h2>
      {result ? (
        <>
          <LineTable
            caption={words.listingCaption}
            column={result.listing}
            name="listing"
            text={text}
            sourceFor={sourceFor}
          />
          <LineTable caption={words.cashCaption} column={result.cash} name="cash" text={text} />
        </>
      ) : null}
      <StateNotes state={state} text={text} />
    </section>
  );
}

/**
 * Where a tax's figures come from and when they were checked, said next to its line: for a
 * place, with where its tax applies and what the sources leave in doubt.
 */
function SourceNote({
  links,
  checked,
  text,
  before,
  after,
}: {
  links: readonly Link[];
  checked: string;
  text: CalculatorWords;
  before?: readonly Note[] | undefined;
  after?: readonly Note[] | undefined;
}) {
  const words = text.notes;
  return (
    <>
      {before?.map(([note, lang]) => (
        <span key={note} lang={lang}>{`${note} `}</span>
      ))}
      {links.length > 1 ? words.sources : words.source}:{" "}
      {links.map((link, index) => (
        <span key={link.url + link.title}>
          {index > 0 ? "; " : null}
          <a className="text-blue-800 underline" href={link.url} rel="noopener">
            {link.title}
          </a>
        </span>
      ))}
      , {fillText(words.checked, { date: checked })}.
      {after?.map(([note, lang]) => (
        <span key={note} lang={lang}>{` ${note}`}</span>
      ))}
    </>
  );
}

/** A chosen place's sources, where its tax applies, and what the sources leave in doubt. */
function placeNote(place: CalculatorPlace, text: CalculatorWords) {
  return (
    <SourceNote
      links={place.sources}
      checked={place.checked}
      text={text}
      before={place.about}
      after={place.uncertain}
    />
  );
}

function LineTable({
  caption,
  column,
  name,
  text,
  sourceFor,
}: {
  caption: string;
  column: Column;
  name: string;
  text: CalculatorWords;
  /** What is said under a line about where its figures come from (the listing's lines). */
  sourceFor?: (id: string) => ReactNode;
}) {
  const words = text.results;
  const owes = column.net.low < 0;
  const cell = "px-4 py-3 text-right text-slate-950 tabular-nums";
  return (
    <table className="calc-table" data-column={name}>
      <caption className="mb-2 text-left text-lg font-bold text-slate-950">{caption}</caption>
      <thead>
        <tr className="bg-slate-50 text-sm text-slate-700">
          <th scope="col" className="px-4 py-2 font-semibold">
            {words.item}
          </th>
          <th scope="col" className="px-4 py-2 text-right font-semibold">
            {words.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {column.lines.map((line) => {
          const source = sourceFor?.(line.id);
          return (
            <tr key={line.id} data-line={line.id} className="border-t border-slate-200 align-top">
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="block font-semibold text-slate-900">{line.label}</span>
                <span className="block text-sm text-slate-700">{line.detail}</span>
                {source ? <span className="block text-sm text-slate-700">{source}</span> : null}
              </th>
              <td className={cell}>
                <Amount range={line.amount} to={words.to} signed />
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-slate-900" data-line="net">
          <th scope="row" className="px-4 py-3 font-bold text-slate-950">
            {words.net}
            {owes ? (
              <span className="block text-sm font-semibold text-red-800">
                {fillText(words.owes, { amount: formatMoney(-column.net.low) })}
              </span>
            ) : null}
          </th>
          <td className={`${cell} font-extrabold`}>
            <Amount range={column.net} to={words.to} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function StateNotes({ state, text }: { state: CalculatorStateData; text: CalculatorWords }) {
  const words = text.notes;
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 sm:p-6">
      <h3 className="text-lg font-bold text-slate-950">
        {fillText(words.title, { state: state.name })}
      </h3>
      {state.notes.map(([note, lang]) => (
        <p key={note} lang={lang}>
          {note}
        </p>
      ))}
    </div>
  );
}
