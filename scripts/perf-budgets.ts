/**
 * The performance budgets of issue 7 and the plain logic around them: medians,
 * the no-script copy of a page, the checks and the Markdown report. scripts/perf.ts
 * does the measuring.
 */

/** The pages measured: home, a state page, the blog and a post. */
export const PERF_PAGES = [
  { name: "Home", path: "/" },
  { name: "State page (Ohio)", path: "/sell-house-fast-ohio" },
  { name: "Blog", path: "/blog" },
  { name: "Blog post", path: "/blog/cash-offers-vs-traditional-sales" },
] as const;

export type PerfPage = (typeof PERF_PAGES)[number];

/** 1 KB = 1,000 bytes, the stricter reading, as Chrome's DevTools and Lighthouse count. */
export const KB = 1000;

export const BUDGETS = {
  scriptGzipBytes: 145 * KB,
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.01,
  lcpOverNoScript: 1.3,
} as const;

/** Strings only the supabase-js client carries (minifiers keep string literals). */
export const SUPABASE_CLIENT_MARKERS =
  /supabase-js|gotrue-js|realtime-js|FunctionsHttpError|FunctionsFetchError/;

export type ScriptFile = { url: string; gzipBytes: number; rawBytes: number };

export type ScriptLoad = {
  /**
   * Every script the page loads by itself, before its load event and after it until the
   * network is idle (Next's scripts start after the first paint), with no visitor action:
   * the budget.
   */
  files: ScriptFile[];
  /** URLs of those scripts that carry the supabase client. */
  supabaseFiles: string[];
};

/** One Lighthouse run, reduced to what the budgets read. */
export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

export type PageMeasurement = {
  page: PerfPage;
  scripts: ScriptLoad;
  /** Absent with --bytes-only. */
  lighthouse?: { runs: LighthouseRun[]; noScriptLcpMs: number[] };
};

export type Check = { metric: string; budget: string; measured: string; ok: boolean };

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each metric's median over the runs (a metric at a time, not the median run). */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const of = (key: keyof LighthouseRun) => median(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
  };
}

/**
 * The page with every script gone: <script> elements and the preload hints that
 * only fetch scripts. What is left is the floor no script can beat.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b(?=[^>]*\brel=["']?modulepreload\b)[^>]*>/gi, "")
    .replace(/<link\b(?=[^>]*\brel=["']?preload\b)(?=[^>]*\bas=["']?script\b)[^>]*>/gi, "");
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export function totalGzipBytes(files: readonly ScriptFile[]): number {
  return files.reduce((sum, file) => sum + file.gzipBytes, 0);
}

function describeFiles(files: readonly ScriptFile[]): string {
  return [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (file) =>
        `${file.url.replace(/^https?:\/\/[^/]+/, "").replace(/^.*\//, "")} ${formatKb(file.gzipBytes)}`,
    )
    .join(", ");
}

export function checksFor(measurement: PageMeasurement): Check[] {
  const { scripts, lighthouse } = measurement;
  const gzip = totalGzipBytes(scripts.files);
  const checks: Check[] = [
    {
      metric: "JavaScript at load (gzip)",
      budget: `≤ ${formatKb(BUDGETS.scriptGzipBytes)}`,
      measured: `${formatKb(gzip)} in ${scripts.files.length} files`,
      ok: gzip <= BUDGETS.scriptGzipBytes,
    },
    {
      metric: "Supabase client loaded",
      budget: "never",
      measured: scripts.supabaseFiles.length === 0 ? "no" : scripts.supabaseFiles.join(", "),
      ok: scripts.supabaseFiles.length === 0,
    },
  ];
  if (!lighthouse) return checks;

  const run = medianRun(lighthouse.runs);
  const floor = median(lighthouse.noScriptLcpMs);
  const ratio = run.lcpMs / floor;
  const score = (metric: string, value: number, budget: number, exact = false): Check => ({
    metric,
    budget: exact ? `${budget}` : `≥ ${budget}`,
    measured: `${value}`,
    ok: value >= budget,
  });
  checks.push(
    score("Performance", run.performance, BUDGETS.performance),
    score("Accessibility", run.accessibility, BUDGETS.accessibility, true),
    score("Best practices", run.bestPractices, BUDGETS.bestPractices, true),
    score("SEO", run.seo, BUDGETS.seo, true),
    {
      metric: "Largest Contentful Paint",
      budget: `≤ ${formatSeconds(BUDGETS.lcpMs)}`,
      measured: formatSeconds(run.lcpMs),
      ok: run.lcpMs <= BUDGETS.lcpMs,
    },
    {
      metric: "Total Blocking Time",
      budget: `≤ ${BUDGETS.tbtMs} ms`,
      measured: `${Math.round(run.tbtMs)} ms`,
      ok: run.tbtMs <= BUDGETS.tbtMs,
    },
    {
      metric: "Cumulative Layout Shift",
      budget: `≤ ${BUDGETS.cls}`,
      measured: run.cls.toFixed(3),
      ok: run.cls <= BUDGETS.cls,
    },
    {
      metric: "LCP ÷ LCP without scripts",
      budget: `≤ ${BUDGETS.lcpOverNoScript}`,
      measured: `${ratio.toFixed(2)} (${formatSeconds(run.lcpMs)} ÷ ${formatSeconds(floor)})`,
      ok: ratio <= BUDGETS.lcpOverNoScript,
    },
  );
  return checks;
}

export type ReportContext = { date: string; lighthouse?: string; chromium: string; runs: number };

/** The Markdown report: how it was measured, then a table per page. */
export function renderReport(measurements: readonly PageMeasurement[], context: ReportContext) {
  const lines = [
    "# Performance report",
    "",
    `Measured ${context.date} with \`npm run perf${context.lighthouse ? "" : ":bytes"}\`: the static export`,
    "served by the project's server (gzip on), loaded in Chromium " + `${context.chromium}.`,
    "JavaScript: every script file the page loads by itself (before its load event and after",
    "it until the network is idle, no visitor action), each body gzipped (level 6) and summed;",
    "the supabase client must not be among them.",
  ];
  if (context.lighthouse) {
    lines.push(
      `Lighthouse ${context.lighthouse}, mobile defaults (simulated slow 4G, 4x CPU slowdown),`,
      `median of ${context.runs} runs per page and metric. The no-script floor is the LCP of the`,
      "same page served with every <script> and script preload removed, same settings.",
    );
  }
  for (const measurement of measurements) {
    lines.push(
      "",
      `## ${measurement.page.name} (\`${measurement.page.path}\`)`,
      "",
      "| Metric | Budget | Measured | Result |",
      "| --- | --- | --- | --- |",
      ...checksFor(measurement).map(
        (check) =>
          `| ${check.metric} | ${check.budget} | ${check.measured} | ${check.ok ? "pass" : "**FAIL**"} |`,
      ),
      "",
      `Scripts, largest first: ${describeFiles(measurement.scripts.files)}.`,
    );
  }
  return `${lines.join("\n")}\n`;
}

export function failedChecks(measurements: readonly PageMeasurement[]) {
  return measurements.flatMap((measurement) =>
    checksFor(measurement)
      .filter((check) => !check.ok)
      .map((check) => ({ page: measurement.page.path, ...check })),
  );
}
