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
import { DisclosureSummary } from "@/components/ui/disclosure-summary";

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
  table: StateLawTable;
  caption: string;
  asOf: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** What the table says for every state in a few lines, shown above it. */
  digest: ReactNode;
};

function Sources({ sources, readOn }: { sources: readonly LawSource[]; readOn?: string }) {
  return (
    <>
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
      {readOn ? (
        <p className="mt-1 text-slate-600" data-read-on={readOn}>
          Read {formatPostDate(readOn)}
        </p>
      ) : null}
    </>
  );
}

type StateGroup = { label: string; states: readonly string[] };

/** The table's digest, always visible: each answer with the states that give it, in a line. */
function StateGroups({ title, groups }: { title: string; groups: readonly StateGroup[] }) {
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
                {group.states.length === 1 ? "state" : "states"}
              </dt>
              <dd className="mt-1">{group.states.join(", ")}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

/**
 * A state-by-state table: when it was checked, a digest that names every state's main
 * answer, and the full table (a row header per state, each row's own sources, a warning on
 * any row that could not be confirmed) behind a disclosure. On a phone the table is 8,000 px
 * tall and was half the guide's layout while it loaded, so it waits for a tap. Open, it
 * scrolls sideways inside its own focusable region.
 */
function LawTable<Row extends LawRow>({
  id,
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
  return (
    <div className="my-8" data-state-table={table}>
      <p id={checkedId} className="text-sm text-slate-600">
        Checked {formatPostDate(asOf)}, later where a row says so. Laws and limits change; confirm
        yours before you rely on it.
      </p>
      {digest}
      {/* Wider than the text column on large screens once open, so the whole table fits. */}
      <details className="group mt-6 rounded-xl border border-slate-200 bg-white lg:open:-mx-40">
        <DisclosureSummary className="px-4 py-3">
          <span>{situationsCopy.stateTable.open[table]}</span>
        </DisclosureSummary>
        <p id={scrollsId} className="px-4 pb-2 text-sm text-slate-600 lg:hidden">
          {situationsCopy.stateTable.scrolls}
        </p>
        <div
          role="region"
          aria-labelledby={captionId}
          aria-describedby={`${checkedId} ${scrollsId}`}
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
                    <Sources sources={row.sources} readOn={row.readOn} />
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
      digest={
        <StateGroups
          title="The usual process"
          groups={(["judicial", "non-judicial"] as const).map((usual) => ({
            label: PROCESS_NAMES[usual],
            states: law.rows
              .filter((row) => row.usual === usual)
              .map((row) =>
                row.process === "both"
                  ? `${row.name} (${situationsCopy.stateTable.bothAllowed})`
                  : row.name,
              ),
          }))}
        />
      }
    />
  );
}

const REAL_ESTATE = { yes: "Yes", no: "No", limited: "In some cases" } as const;
const REAL_ESTATE_QUESTION = "Can a house pass by the simplified procedure?";
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
      digest={
        <StateGroups
          title={REAL_ESTATE_QUESTION}
          groups={(["yes", "limited", "no"] as const).map((realEstate) => ({
            label: REAL_ESTATE[realEstate],
            states: law.rows.filter((row) => row.realEstate === realEstate).map((row) => row.name),
          }))}
        />
      }
    />
  );
}
