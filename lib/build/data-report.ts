import { daysBetween, RECHECK_WORDS, recheckDue, type Recheck } from "@/lib/build/data-dates";
import type { ForeclosureLaw, SmallEstateLaw } from "@/lib/build/state-law";
import { rowDue } from "@/lib/build/tax-versions";
import type { TransferTaxData } from "@/lib/build/transfer-taxes";
import { stateSummaries } from "@/lib/states";

/**
 * `npm run check:data`'s report: every figure due for a re-check, every "uncertain" note and
 * every source that is not official, with its age, grouped by state. It only reads: the
 * parsers have already refused a row with no source or versions that overlap.
 */

type Finding =
  | { kind: "due"; what: string; due: string; checked: string; recheck: Recheck }
  | { kind: "uncertain"; what: string; text: string }
  | { kind: "unofficial"; what: string; title: string; url: string; checked: string };

type Source = { title: string; url: string; official?: boolean };
type Row = { checked: string; uncertain?: string | undefined; sources: readonly Source[] };

function rowFindings(what: string, row: Row, due: string, recheck: Recheck): Finding[] {
  return [
    { kind: "due", what, due, checked: row.checked, recheck },
    ...(row.uncertain ? [{ kind: "uncertain" as const, what, text: row.uncertain }] : []),
    ...row.sources
      .filter((source) => source.official === false)
      .map((source) => ({
        kind: "unofficial" as const,
        what,
        title: source.title,
        url: source.url,
        checked: row.checked,
      })),
  ];
}

export type DataTables = {
  taxes: TransferTaxData;
  foreclosure: ForeclosureLaw;
  smallEstates: SmallEstateLaw;
};

/** Every finding, by state slug, in the site's order of states. */
export function collectFindings(tables: DataTables): Map<string, Finding[]> {
  const byState = new Map<string, Finding[]>(stateSummaries.map((state) => [state.slug, []]));
  for (const state of tables.taxes.states) {
    const found = byState.get(state.slug)!;
    found.push(...rowFindings("State transfer tax", state, rowDue(state), state.recheck));
    for (const place of state.localities?.choices ?? []) {
      found.push(...rowFindings(`Local taxes: ${place.name}`, place, rowDue(place), place.recheck));
    }
  }
  const law: [string, string, ForeclosureLaw | SmallEstateLaw][] = [
    ["Foreclosure", tables.foreclosure.asOf, tables.foreclosure],
    ["Small estates", tables.smallEstates.asOf, tables.smallEstates],
  ];
  for (const [table, asOf, { rows }] of law) {
    for (const row of rows) {
      const checked = row.readOn ?? asOf;
      const read = { ...row, checked };
      byState
        .get(row.slug)!
        .push(...rowFindings(`${table} law`, read, recheckDue(read), row.recheck));
    }
  }
  return byState;
}

const age = (checked: string, today: string) => {
  const days = daysBetween(checked, today);
  return days === 1 ? "1 day ago" : `${days} days ago`;
};

function line(finding: Finding, today: string): string {
  switch (finding.kind) {
    case "due":
      return `- **Due ${finding.due}**: ${finding.what}: read ${finding.checked} (${age(finding.checked, today)}); the figure ${RECHECK_WORDS[finding.recheck]}.`;
    case "uncertain":
      return `- Uncertain: ${finding.what}: ${finding.text}`;
    case "unofficial":
      return `- Not official: ${finding.what}: ${finding.title} <${finding.url}>, read ${finding.checked} (${age(finding.checked, today)}).`;
  }
}

/**
 * The report as Markdown: a count of each kind, then each state with anything to say, its
 * due re-checks first. A figure is due when its date is on or before `today`.
 */
export function dataReport(tables: DataTables, today: string): string {
  const byState = collectFindings(tables);
  const shown = (finding: Finding) => finding.kind !== "due" || finding.due <= today;
  const all = [...byState.values()].flat().filter(shown);
  const count = (kind: Finding["kind"]) => all.filter((finding) => finding.kind === kind).length;
  const sections = stateSummaries.flatMap((state) => {
    const findings = byState.get(state.slug)!.filter(shown);
    if (findings.length === 0) return [];
    const order = ["due", "uncertain", "unofficial"];
    findings.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
    return [`## ${state.name}`, "", ...findings.map((finding) => line(finding, today)), ""];
  });
  return [
    `# The data's dates on ${today}`,
    "",
    `Due for a re-check: ${count("due")}. Uncertain notes: ${count("uncertain")}. Sources not marked official: ${count("unofficial")} (the state-law tables do not mark their sources).`,
    "",
    ...sections,
  ].join("\n");
}
