import type { ReactNode } from "react";

import type {
  ForeclosureLaw,
  ForeclosureRow,
  LawSource,
  SmallEstateLaw,
  SmallEstateRow,
  StateLawTable,
} from "@/lib/build/state-law";
import { DisclosureSummary } from "@/components/ui/disclosure-summary";
import { GUIDE_WORDS, type GuideWords } from "@/components/situations/guide-words";

type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

type LawRow = {
  slug: string;
  name: string;
  sources: LawSource[];
  readOn?: string;
  uncertain?: string;
};

type LawTableProps<Row extends LawRow> = {
  id: string;
  words: GuideWords;
  table: StateLawTable;
  caption: string;
  asOf: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** What the table says for every state in a few lines, shown above it. */
  digest: ReactNode;
};

/**
 * The rows' own words (content/state-law/*.json) are English, quoted from English sources: on a
 * page in another language they say so to screen readers, which then pronounce them as English.
 */
function rowsLang(words: GuideWords): "en" | undefined {
  return words.rowsInEnglish ? "en" : undefined;
}

/** A row's own text, marked English on a page in another language. */
function RowText({ words, children }: { words: GuideWords; children: ReactNode }) {
  const lang = rowsLang(words);
  return lang ? <span lang={lang}>{children}</span> : <>{children}</>;
}

function Sources({
  sources,
  readOn,
  words,
}: {
  sources: readonly LawSource[];
  readOn?: string;
  words: GuideWords;
}) {
  return (
    <>
      <ul className="space-y-1" lang={rowsLang(words)}>
        {sources.map((source) => (
          <li key={`${source.url} ${source.quote}`}>
            <a
              href={source.url}
              className="text-blue-700 underline underline-offset-2"
              rel="nofollow"
            >
              {source.title}
            </a>
          </li>
        ))}
      </ul>
      {readOn ? (
        <p className="mt-1 text-slate-600" data-read-on={readOn}>
          {fill(words.stateLaw.readOn, words.formatDate(readOn))}
        </p>
      ) : null}
    </>
  );
}

/** "Read {date}" with its date. */
function fill(template: string, date: string): string {
  return template.replace("{date}", date);
}

type StateGroup = { label: string; states: readonly string[] };

/** The table's digest, always visible: each answer with the states that give it, in a line. */
function StateGroups({
  title,
  groups,
  words,
}: {
  title: string;
  groups: readonly StateGroup[];
  words: GuideWords;
}) {
  return (
    <div className="mt-4">
      <p className="font-semibold text-slate-950">{title}</p>
      <dl className="mt-2 space-y-3 text-slate-800" data-state-groups="">
        {groups
          .filter((group) => group.states.length > 0)
          .map((group) => (
            <div key={group.label}>
              <dt className="font-semibold">
                {group.label}: {group.states.length}{" "}
                {group.states.length === 1 ? words.stateLaw.state : words.stateLaw.states}
              </dt>
              <dd className="mt-1">{group.states.join(", ")}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

/**
 * A state-by-state table: on a page in another language, that its rows stay English; when it
 * was checked; a digest that names every state's main answer; and the full table (a row
 * header per state, each row's own sources, a warning on any row that could not be
 * confirmed) behind a disclosure. On a phone the table is 8,000 px tall and was half the
 * guide's layout while it loaded, so it waits for a tap. Open, it
 * scrolls sideways inside its own focusable region.
 */
function LawTable<Row extends LawRow>({
  id,
  words,
  table,
  caption,
  asOf,
  columns,
  rows,
  digest,
}: LawTableProps<Row>) {
  const captionId = `${id}-caption`;
  const checkedId = `${id}-checked`;
  const scrollsId = `${id}-scrolls`;
  const rowsLanguageId = words.rowsInEnglish ? `${id}-rows-language` : undefined;
  const { copy, stateLaw } = words;
  return (
    <div className="my-8" data-state-table={table}>
      {words.rowsInEnglish ? (
        <p id={rowsLanguageId} className="mb-2 text-sm text-slate-600" data-rows-language="">
          {words.rowsInEnglish}
        </p>
      ) : null}
      <p id={checkedId} className="text-sm text-slate-600">
        {fill(stateLaw.checked, words.formatDate(asOf))}
      </p>
      {digest}
      {/* Wider than the text column on large screens once open, so the whole table fits. */}
      <details className="group mt-6 rounded-xl border border-slate-200 bg-white lg:open:-mx-40">
        <DisclosureSummary className="px-4 py-3">
          <span>{copy.stateTable.open[table]}</span>
        </DisclosureSummary>
        <p id={scrollsId} className="px-4 pb-2 text-sm text-slate-600 lg:hidden">
          {copy.stateTable.scrolls}
        </p>
        <div
          role="region"
          aria-labelledby={captionId}
          aria-describedby={[checkedId, scrollsId, rowsLanguageId].filter(Boolean).join(" ")}
          // A region that scrolls must take focus, or keyboard users cannot scroll it (axe:
          // scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="overflow-x-auto border-t border-slate-200"
        >
          <table id={id} className="w-full min-w-[56rem] border-collapse text-left text-sm">
            <caption
              id={captionId}
              className="px-4 py-3 text-left text-base font-bold text-slate-950"
            >
              {caption}
            </caption>
            <thead className="bg-slate-100 text-slate-900">
              <tr>
                <th scope="col" className="sticky left-0 bg-slate-100 px-3 py-2 lg:static">
                  {stateLaw.stateHeader}
                </th>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className="px-3 py-2">
                    {column.header}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  {copy.stateTable.sourcesHeader}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top text-slate-800">
              {rows.map((row) => (
                <tr key={row.slug} id={`${id}-${row.slug}`} data-state={row.slug}>
                  <th
                    scope="row"
                    className="sticky left-0 bg-white px-3 py-2 font-semibold text-slate-950 lg:static"
                  >
                    {words.stateName(row.name)}
                  </th>
                  {columns.map((column) => (
                    <td key={column.header} className={column.className ?? "px-3 py-2"}>
                      {column.cell(row)}
                    </td>
                  ))}
                  <td className="px-3 py-2">
                    <Sources sources={row.sources} readOn={row.readOn} words={words} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

function Uncertain({
  table,
  text,
  words,
}: {
  table: StateLawTable;
  text?: string;
  words: GuideWords;
}) {
  if (!text) return null;
  return (
    <p data-uncertain="" className="mt-2 font-semibold text-amber-900">
      {words.copy.stateTable.checkWith[table]} <RowText words={words}>{text}</RowText>
    </p>
  );
}

function foreclosureColumns(words: GuideWords): readonly Column<ForeclosureRow>[] {
  const { foreclosure } = words.stateLaw;
  return [
    {
      header: foreclosure.usualProcess,
      cell: (row) => (
        <>
          {foreclosure.process[row.usual]}
          {row.process === "both" ? (
            <span className="block text-slate-600">{foreclosure.bothAllowed}</span>
          ) : null}
        </>
      ),
    },
    {
      header: foreclosure.redemption,
      cell: (row) =>
        row.redemption === null ? (
          <span className="text-slate-600">{foreclosure.noRedemption}</span>
        ) : (
          <RowText words={words}>{row.redemption}</RowText>
        ),
    },
    {
      header: foreclosure.goodToKnow,
      className: "px-3 py-2 min-w-[16rem]",
      cell: (row) => (
        <>
          <RowText words={words}>{row.note}</RowText>
          <Uncertain table="foreclosure" text={row.uncertain} words={words} />
        </>
      ),
    },
  ];
}

export type StateLawTableProps<Law> = {
  law: Law;
  /** The table's words, dates and state names; English unless told. */
  words?: GuideWords;
};

export function ForeclosureTable({
  law,
  words = GUIDE_WORDS.en,
}: StateLawTableProps<ForeclosureLaw>) {
  const { foreclosure } = words.stateLaw;
  return (
    <LawTable
      id="foreclosure-by-state"
      words={words}
      table="foreclosure"
      caption={foreclosure.caption}
      asOf={law.asOf}
      columns={foreclosureColumns(words)}
      rows={law.rows}
      digest={
        <StateGroups
          title={foreclosure.digestTitle}
          words={words}
          groups={(["judicial", "non-judicial"] as const).map((usual) => ({
            label: foreclosure.process[usual],
            states: law.rows
              .filter((row) => row.usual === usual)
              .map((row) =>
                row.process === "both"
                  ? `${words.stateName(row.name)} (${words.copy.stateTable.bothAllowed})`
                  : words.stateName(row.name),
              ),
          }))}
        />
      }
    />
  );
}

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

function smallEstateColumns(words: GuideWords): readonly Column<SmallEstateRow>[] {
  const { smallEstates } = words.stateLaw;
  return [
    {
      header: smallEstates.procedure,
      cell: (row) => <RowText words={words}>{row.procedure}</RowText>,
    },
    {
      header: smallEstates.limit,
      cell: (row) =>
        row.limit === null ? (
          <span className="text-slate-600">{smallEstates.noLimit}</span>
        ) : (
          <span className="whitespace-nowrap">{dollars.format(row.limit)}</span>
        ),
    },
    { header: smallEstates.house, cell: (row) => smallEstates.realEstate[row.realEstate] },
    {
      header: smallEstates.goodToKnow,
      className: "px-3 py-2 min-w-[16rem]",
      cell: (row) => (
        <>
          <RowText words={words}>{row.limitNote}</RowText>
          <Uncertain table="small-estates" text={row.uncertain} words={words} />
        </>
      ),
    },
  ];
}

export function SmallEstateTable({
  law,
  words = GUIDE_WORDS.en,
}: StateLawTableProps<SmallEstateLaw>) {
  const { smallEstates } = words.stateLaw;
  return (
    <LawTable
      id="small-estates-by-state"
      words={words}
      table="small-estates"
      caption={smallEstates.caption}
      asOf={law.asOf}
      columns={smallEstateColumns(words)}
      rows={law.rows}
      digest={
        <StateGroups
          title={smallEstates.digestTitle}
          words={words}
          groups={(["yes", "limited", "no"] as const).map((realEstate) => ({
            label: smallEstates.realEstate[realEstate],
            states: law.rows
              .filter((row) => row.realEstate === realEstate)
              .map((row) => words.stateName(row.name)),
          }))}
        />
      }
    />
  );
}
