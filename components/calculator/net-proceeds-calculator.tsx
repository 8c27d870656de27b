"use client";

import { useEffect, useId, useMemo, useState, type ReactNode } from "react";

import type { CalculatorText } from "@/content/calculator";
import {
  readFields,
  type CalculatorFields,
  type CashMode,
  type FieldErrors,
  type OtherClosingMode,
  type RepairsMode,
} from "@/lib/calculator-fields";
import {
  computeNetProceeds,
  formatMoney,
  formatRange,
  type Column,
  type NetProceeds,
  type Range,
  type TransferTax,
} from "@/lib/net-proceeds";
import { fillText } from "@/lib/fill-text";

export type CalculatorStateData = {
  code: string;
  name: string;
  slug: string;
  /** The state's landing page, where its offer form is. */
  statePath: string;
  taxes: (TransferTax & { level: "state" | "county"; note?: string })[];
  local: string | null;
  source: { title: string; url: string };
  /** "YYYY-MM-DD": when the figures were checked against the source. */
  checked: string;
  uncertain?: string;
};

export type NetProceedsCalculatorProps = {
  states: CalculatorStateData[];
  /** The state the page was rendered for (its two-letter code). */
  initialState: string;
  /** "YYYY-MM-DD": the transfer-tax data's as-of date. */
  asOf: string;
  /** Every word the island shows (content/calculator.ts), carried in the HTML, not the script. */
  text: CalculatorText;
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

/** "2026-11-25" -> "November 25, 2026", the same on the build server and in any browser. */
function formatDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  const months = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ];
  return `${months[month! - 1]} ${day}, ${year}`;
}

function stateFromQuery(
  states: readonly CalculatorStateData[],
  links: CalculatorText["links"],
): CalculatorStateData | undefined {
  const code = new URLSearchParams(window.location.search).get(links.stateQuery);
  if (!code) return undefined;
  const wanted = code.trim().toLowerCase();
  return states.find((state) => state.code.toLowerCase() === wanted || state.slug === wanted);
}

/** Keeps the chosen state in the address, as the links to the calculator write it. */
function writeStateToUrl(state: CalculatorStateData, links: CalculatorText["links"]) {
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
  asOf,
  text,
  example,
  checklist,
}: NetProceedsCalculatorProps) {
  const [stateCode, setStateCode] = useState(initialState);
  const [fields, setFields] = useState<CalculatorFields>(() => initialFields(example, checklist));
  const copy = text.form;
  const id = useId();

  useEffect(() => {
    // The export is static: the query string is only known in the browser, after hydration.
    const fromQuery = stateFromQuery(states, text.links);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (fromQuery) setStateCode(fromQuery.code);
  }, [states, text.links]);

  const state = states.find((candidate) => candidate.code === stateCode) ?? states[0]!;
  const read = useMemo(() => readFields(fields, state.taxes), [fields, state]);
  const result = useMemo(() => (read.ok ? computeNetProceeds(read.input) : null), [read]);
  const errors: FieldErrors = read.ok ? {} : read.errors;

  const set = (key: keyof CalculatorFields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));
  // The money fields: "$" before the field for the eye, the unit read with it.
  const dollars = { prefix: "$", unit: copy.dollars };
  const dollarsAMonth = { prefix: "$", unit: copy.dollarsAMonth };
  const field = (key: keyof CalculatorFields & string) => {
    const error = errors[key];
    return {
      id: `${id}${key}`,
      value: fields[key] as string,
      onChange: set(key),
      error: error ? text.errors[error] : null,
    };
  };

  return (
    <div className="space-y-10">
      <form
        aria-label={copy.label}
        className="space-y-8"
        onSubmit={(event) => event.preventDefault()}
        noValidate
      >
        <p className="rounded-lg bg-blue-50 px-4 py-3 text-slate-800">{copy.lead}</p>

        <Group title={copy.house}>
          <div className="space-y-2">
            <label htmlFor={`${id}state`} className="block text-sm font-semibold text-slate-900">
              {copy.state}
            </label>
            <select
              id={`${id}state`}
              value={state.code}
              onChange={(event) => {
                const next = states.find((candidate) => candidate.code === event.target.value);
                if (!next) return;
                setStateCode(next.code);
                writeStateToUrl(next, text.links);
              }}
              className="h-12 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
            >
              {states.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
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
            <TextInput {...dollars} label={copy.repairsTotal} {...field("repairs")} />
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
                    error={errors[`repairItem${index}`] ? text.errors.money : null}
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
          {fields.otherClosingMode === "percent" ? (
            <TextInput
              label={copy.otherClosing}
              unit={copy.percent}
              hint={copy.otherClosingHint}
              {...field("otherClosing")}
            />
          ) : (
            <TextInput
              {...dollars}
              label={copy.otherClosing}
              hint={copy.otherClosingHint}
              {...field("otherClosing")}
            />
          )}
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

      <Results
        state={state}
        result={result}
        price={read.ok ? read.input.price : 0}
        asOf={asOf}
        text={text}
      />
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
          className="h-12 w-full max-w-56 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:border-blue-700 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-blue-600 aria-invalid:border-red-700"
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

/** An amount or a range, each figure kept on one line ("−" and "$" would otherwise part). */
function Amount({ range, signed = false }: { range: Range; signed?: boolean }) {
  const figure = (value: number) => (
    <span className="whitespace-nowrap">{formatMoney(value, { signed })}</span>
  );
  if (range.low === range.high) return figure(range.low);
  return (
    <>
      {figure(range.low)} to {figure(range.high)}
    </>
  );
}

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

function verdictText(result: NetProceeds, price: number, text: CalculatorText): string {
  const { verdict, listing, cash } = result;
  const words = text.verdict;
  const estimate = cash.offer.low !== cash.offer.high;
  const values = {
    price: formatMoney(price),
    months: count(listing.months, text.results.month, text.results.months),
    weeks: count(cash.weeks, text.results.week, text.results.weeks),
  };
  switch (verdict.kind) {
    case "listing": {
      const sentence = fillText(words.listing, { ...values, more: formatRange(verdict.more) });
      return estimate ? `${sentence} ${words.listingEstimate}` : sentence;
    }
    case "cash":
      return fillText(estimate ? words.cashEstimate : words.cash, {
        ...values,
        more: formatRange(verdict.more),
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

type ResultsProps = {
  state: CalculatorStateData;
  result: NetProceeds | null;
  price: number;
  asOf: string;
  text: CalculatorText;
};

function Results({ state, result, price, asOf, text }: ResultsProps) {
  const words = text.results;
  return (
    <section aria-labelledby="calculator-results-title" className="space-y-6">
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
      {result ? (
        <>
          <SummaryTable result={result} text={text} />
          <LineTable
            caption={words.listingCaption}
            column={result.listing}
            name="listing"
            text={text}
            source={<SourceNote state={state} asOf={asOf} text={text} />}
            noTax={state.taxes.length === 0 ? state.name : null}
          />
          <LineTable caption={words.cashCaption} column={result.cash} name="cash" text={text} />
          <p className="text-sm text-slate-700">{words.rounding}</p>
        </>
      ) : null}
      <StateNotes state={state} asOf={asOf} text={text} />
      <NextSteps state={state} text={text} />
    </section>
  );
}

function SummaryTable({ result, text }: { result: NetProceeds; text: CalculatorText }) {
  const words = text.results;
  const rows: [string, string, ReactNode][] = [
    ["listing-net", words.listingNet, <Amount key="listing" range={result.listing.net} />],
    ["cash-net", words.cashNet, <Amount key="cash" range={result.cash.net} />],
    ["difference", words.difference, <Amount key="difference" range={result.difference} signed />],
    [
      "time",
      words.time,
      fillText(words.timeValue, {
        months: count(result.listing.months, words.month, words.months),
        weeks: count(result.cash.weeks, words.week, words.weeks),
      }),
    ],
  ];
  return (
    <table className="w-full border-collapse bg-white text-left shadow-sm ring-1 ring-slate-200">
      <caption className="mb-2 text-left text-lg font-bold text-slate-950">
        {words.summaryCaption}
      </caption>
      <tbody>
        {rows.map(([key, label, value]) => (
          <tr key={key} data-summary={key} className="border-t border-slate-200 first:border-t-0">
            <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
              {label}
            </th>
            <td className="px-4 py-3 text-right font-bold text-slate-950 tabular-nums">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The transfer tax's source and dates, said next to the tax line. */
function SourceNote({
  state,
  asOf,
  text,
}: {
  state: CalculatorStateData;
  asOf: string;
  text: CalculatorText;
}) {
  const words = text.notes;
  return (
    <>
      {words.source}:{" "}
      <a className="text-blue-800 underline" href={state.source.url} rel="noopener">
        {state.source.title}
      </a>
      , {fillText(words.checked, { date: formatDate(state.checked) })}.{" "}
      {fillText(words.asOf, { date: formatDate(asOf) })}
    </>
  );
}

function LineTable({
  caption,
  column,
  name,
  text,
  source,
  noTax = null,
}: {
  caption: string;
  column: Column;
  name: string;
  text: CalculatorText;
  source?: ReactNode;
  /** The state's name where it has no transfer tax: a $0 line says so. */
  noTax?: string | null;
}) {
  const words = text.results;
  const owes = column.net.low < 0;
  const cell = "px-4 py-3 text-right text-slate-950 tabular-nums";
  return (
    <table
      className="w-full border-collapse bg-white text-left shadow-sm ring-1 ring-slate-200"
      data-column={name}
    >
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
        {column.lines.map((line) => (
          <tr key={line.id} data-line={line.id} className="border-t border-slate-200 align-top">
            <th scope="row" className="px-4 py-3 font-normal">
              <span className="block font-semibold text-slate-900">{line.label}</span>
              <span className="block text-sm text-slate-700">{line.detail}</span>
              {source && line.id.startsWith("transfer-tax") ? (
                <span className="block text-sm text-slate-700">{source}</span>
              ) : null}
            </th>
            <td className={cell}>
              <Amount range={line.amount} signed />
            </td>
          </tr>
        ))}
        {noTax ? (
          <tr data-line="transfer-tax-none" className="border-t border-slate-200 align-top">
            <th scope="row" className="px-4 py-3 font-normal">
              <span className="block font-semibold text-slate-900">{words.transferTax}</span>
              <span className="block text-sm text-slate-700">
                {fillText(text.notes.noTax, { state: noTax })}
              </span>
              <span className="block text-sm text-slate-700">{source}</span>
            </th>
            <td className={cell}>$0</td>
          </tr>
        ) : null}
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
            <Amount range={column.net} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function StateNotes({
  state,
  asOf,
  text,
}: {
  state: CalculatorStateData;
  asOf: string;
  text: CalculatorText;
}) {
  const words = text.notes;
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 sm:p-6">
      <h3 className="text-lg font-bold text-slate-950">
        {fillText(words.title, { state: state.name })}
      </h3>
      {state.taxes.length === 0 ? <p>{fillText(words.noTax, { state: state.name })}</p> : null}
      {state.taxes.map((tax) => (
        <p key={tax.name}>
          <span className="font-semibold">{tax.name}</span>
          {tax.level === "county" ? ` (${words.countyLevel})` : ""}: {tax.paidBy}
          {tax.note ? ` ${tax.note}` : ""}
        </p>
      ))}
      {state.local ? (
        <p>
          <span className="font-semibold">{words.local}:</span> {state.local}
        </p>
      ) : null}
      {state.uncertain ? <p>{state.uncertain}</p> : null}
      <p>
        <SourceNote state={state} asOf={asOf} text={text} />
      </p>
      <p>{words.notAdvice}</p>
    </div>
  );
}

function NextSteps({ state, text }: { state: CalculatorStateData; text: CalculatorText }) {
  return (
    <div className="rounded-xl bg-blue-900 p-6 text-white">
      <h3 className="text-xl font-bold">{text.next.title}</h3>
      <p className="mt-2">{text.next.offerLead}</p>
      <a
        href={`${state.statePath}#offer-form`}
        className="mt-4 inline-flex min-h-11 items-center rounded-md bg-white px-4 py-2 font-bold text-blue-900 hover:bg-blue-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {fillText(text.next.offer, { state: state.name })}
      </a>
      <p className="mt-4">
        <a
          href={text.next.compareHref}
          className="font-semibold text-white underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {text.next.compare}
        </a>
      </p>
    </div>
  );
}
