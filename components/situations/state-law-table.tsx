import type { ReactNode } from "react";

import { situationsCopy } from "@/content/situations";
import { formatPostDate } from "@/lib/build/blog";
import type {
  ForeclosureLaw,
  ForeclosureRow,
  LawSource,
  SmallEstateLaw,
  SmallEstateRow,
  StateLawTable,
} from "@/lib/build/state-law";

type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

type LawTableProps<
  Row extends { slug: string; name: string; sources: LawSource[]; uncertain?: string },
> = {
  id: string;
  table: StateLawTable;
  caption: string;
  asOf: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
};

function Sources({ sources }: { sources: readonly LawSource[] }) {
  return (
    <ul className="space-y-1">
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
  );
}

/**
 * A state-by-state table: a caption that names it and its date, a row header per state,
 * each row's own sources, and a warning on any row that could not be confirmed. It scrolls
 * sideways inside its own focusable region on a phone.
 */
function LawTable<
  Row extends { slug: string; name: string; sources: LawSource[]; uncertain?: string },
>({ id, table, caption, asOf, columns, rows }: LawTableProps<Row>) {
  const captionId = `${id}-caption`;
  const noteId = `${id}-note`;
  return (
    // Wider than the text column on large screens, so the whole table fits without scrolling.
    <div className="my-8 lg:-mx-40" data-state-table={table}>
      <p id={noteId} className="mb-2 text-sm text-slate-600">
        Checked {formatPostDate(asOf)}. Laws and limits change; confirm yours before you rely on it.
        On a small screen the table scrolls sideways.
      </p>
      <div
        role="region"
        aria-labelledby={captionId}
        aria-describedby={noteId}
        // A region that scrolls must take focus, or keyboard users cannot scroll it (axe:
        // scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
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
                State
              </th>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-3 py-2">
                  {column.header}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                {situationsCopy.stateTable.sourcesHeader}
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
                  {row.name}
                </th>
                {columns.map((column) => (
                  <td key={column.header} className={column.className ?? "px-3 py-2"}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <Sources sources={row.sources} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Uncertain({ table, text }: { table: StateLawTable; text?: string }) {
  if (!text) return null;
  return (
    <p data-uncertain="" className="mt-2 font-semibold text-amber-900">
      {situationsCopy.stateTable.checkWith[table]} {text}
    </p>
  );
}

const PROCESS_NAMES = {
  judicial: "Judicial (in court)",
  "non-judicial": "Non-judicial (out of court)",
} as const;

const foreclosureColumns: readonly Column<ForeclosureRow>[] = [
  {
    header: "Usual process",
    cell: (row) => (
      <>
        {PROCESS_NAMES[row.usual]}
        {row.process === "both" ? (
          <span className="block text-slate-600">Both are allowed</span>
        ) : null}
      </>
    ),
  },
  {
    header: "Redemption after the sale",
    cell: (row) =>
      row.redemption ?? <span className="text-slate-600">No general right after the sale</span>,
  },
  {
    header: "Good to know",
    className: "px-3 py-2 min-w-[16rem]",
    cell: (row) => (
      <>
        {row.note}
        <Uncertain table="foreclosure" text={row.uncertain} />
      </>
    ),
  },
];

export function ForeclosureTable({ law }: { law: ForeclosureLaw }) {
  return (
    <LawTable
      id="foreclosure-by-state"
      table="foreclosure"
      caption="Foreclosure by state: the usual process, and any right to buy the home back after the sale"
      asOf={law.asOf}
      columns={foreclosureColumns}
      rows={law.rows}
    />
  );
}

const REAL_ESTATE = { yes: "Yes", no: "No", limited: "In some cases" } as const;
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

const smallEstateColumns: readonly Column<SmallEstateRow>[] = [
  { header: "Simplified procedure", cell: (row) => row.procedure },
  {
    header: "Limit",
    cell: (row) =>
      row.limit === null ? (
        <span className="text-slate-600">No dollar limit</span>
      ) : (
        <span className="whitespace-nowrap">{dollars.format(row.limit)}</span>
      ),
  },
  { header: "Can a house pass this way?", cell: (row) => REAL_ESTATE[row.realEstate] },
  {
    header: "Good to know",
    className: "px-3 py-2 min-w-[16rem]",
    cell: (row) => (
      <>
        {row.limitNote}
        <Uncertain table="small-estates" text={row.uncertain} />
      </>
    ),
  },
];

export function SmallEstateTable({ law }: { law: SmallEstateLaw }) {
  return (
    <LawTable
      id="small-estates-by-state"
      table="small-estates"
      caption="Small estates by state: the simplified procedure, its limit, and whether a house can pass by it"
      asOf={law.asOf}
      columns={smallEstateColumns}
      rows={law.rows}
    />
  );
}
