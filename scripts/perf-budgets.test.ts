import {
  BUDGETS,
  PERF_PAGES,
  checksFor,
  failedChecks,
  median,
  hostLine,
  phoneLine,
  medianRun,
  quartiles,
  renderReport,
  stripScripts,
  type AssertionResult,
  type LighthouseRun,
  type PageMeasurement,
  type ThrottledLoad,
} from "./perf-budgets";

const home = PERF_PAGES[0];
const blog = PERF_PAGES[2];

function run(overrides: Partial<LighthouseRun> = {}): LighthouseRun {
  return {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 1000,
    tbtMs: 0,
    cls: 0,
    benchmarkIndex: 1500,
    ...overrides,
  };
}

const load = (lcpMs: number, formHydratedMs: number | null = 1500): ThrottledLoad => ({
  lcpMs,
  firstPaintMs: 900,
  formHydratedMs,
  formWorksMs: formHydratedMs === null ? null : 900,
});

const passed: AssertionResult = {
  auditId: "total-blocking-time",
  actual: 20,
  expected: 50,
  operator: "<=",
  passed: true,
};

function measurement(overrides: Partial<PageMeasurement> = {}): PageMeasurement {
  return {
    page: home,
    scripts: {
      files: [{ url: "/a.js", rawBytes: 200_000, gzipBytes: 70_000 }],
      sending: [{ url: "/send.js", rawBytes: 9_000, gzipBytes: 3_000 }],
    },
    throttled: { withScripts: [load(1000), load(1020), load(990)], noScript: [load(1000, null)] },
    lighthouse: { runs: [run(), run(), run()], noScriptRuns: [run(), run()], assertions: [passed] },
    ...overrides,
  };
}

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it("is taken metric by metric over the runs", () => {
    const result = medianRun([
      run({ lcpMs: 1400, tbtMs: 90, performance: 97 }),
      run({ lcpMs: 1200, tbtMs: 10, performance: 99 }),
      run({ lcpMs: 2000, tbtMs: 30, performance: 100 }),
    ]);
    expect(result).toMatchObject({ lcpMs: 1400, tbtMs: 30, performance: 99 });
  });
});

describe("quartiles", () => {
  it("bound the middle half of the loads, outliers outside it", () => {
    expect(quartiles([880, 1290, 860, 940, 900, 820, 1220])).toEqual([860, 1220]);
    expect(quartiles([4, 1, 3, 2])).toEqual([1.5, 3.5]);
    expect(quartiles([900])).toEqual([900, 900]);
  });
});

describe("stripScripts", () => {
  it("removes every script element and script preload, and nothing else", () => {
    const html = [
      '<html><head><link rel="stylesheet" href="/a.css"/>',
      '<link rel="preload" as="script" fetchPriority="low" href="/x.js"/>',
      '<link rel="modulepreload" href="/m.js">',
      '<link rel="preload" href="/font.woff2" as="font" type="font/woff2"/>',
      '<script type="module" src="/x.js"></script></head>',
      "<body><h1>Hi</h1>",
      '<SCRIPT type="application/ld+json">{}</SCRIPT ></body></html>',
    ].join("");
    const stripped = stripScripts(html);
    expect(stripped).not.toMatch(/<script|x\.js|m\.js/i);
    expect(stripped).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(stripped).toContain('as="font"');
    expect(stripped).toContain("<h1>Hi</h1>");
  });
});

describe("the checks", () => {
  it("pass a page within every budget", () => {
    expect(failedChecks([measurement()])).toEqual([]);
  });

  it("hold JavaScript to 80.5 KB gzip, counted in thousands of bytes", () => {
    const files = (gzipBytes: number) => ({
      scripts: { files: [{ url: "/a.js", rawBytes: 0, gzipBytes }] },
    });
    expect(failedChecks([measurement(files(BUDGETS.scriptGzipBytes))])).toEqual([]);
    expect(failedChecks([measurement(files(80_501))])).toEqual([
      expect.objectContaining({ page: "/", metric: "JavaScript (gzip)" }),
    ]);
  });

  it("hold what sending a lead loads to 10 KB gzip", () => {
    const sending = (gzipBytes: number) =>
      failedChecks([
        measurement({
          scripts: { files: [], sending: [{ url: "/send.js", rawBytes: 0, gzipBytes }] },
        }),
      ]).map((check) => check.metric);
    expect(sending(BUDGETS.sendingGzipBytes)).toEqual([]);
    expect(sending(10_001)).toEqual(["Sending a lead (gzip, beyond the page's scripts)"]);
  });

  it("ask the form to take a lead from the first paint", () => {
    const late = { ...load(1000), formWorksMs: 1500 };
    const failed = failedChecks([
      measurement({ throttled: { withScripts: [late, late, late], noScript: [load(1000, null)] } }),
    ]);
    expect(failed.map((check) => check.metric)).toEqual(["Form works (takes a lead)"]);
  });

  it("hold the observed LCP to 1.05 times the same page without scripts, on the medians", () => {
    const ratio = (lcps: number[], floor: number) =>
      failedChecks([
        measurement({
          throttled: { withScripts: lcps.map((lcp) => load(lcp)), noScript: [load(floor, null)] },
        }),
      ]).map((check) => check.metric);
    expect(ratio([1050, 3000, 900], 1000)).toEqual([]);
    expect(ratio([1060, 1100, 900], 1000)).toEqual(["Observed LCP ÷ no-script LCP"]);
  });

  it("hold the form's hydration to 2.2 s where the page has the form", () => {
    const hydrated = (times: (number | null)[], page: (typeof PERF_PAGES)[number] = home) =>
      failedChecks([
        measurement({
          page,
          throttled: {
            withScripts: times.map((time) => load(1000, time)),
            noScript: [load(1000, null)],
          },
        }),
      ]).map((check) => check.metric);
    expect(hydrated([2200, 2100, 9000])).toEqual([]);
    expect(hydrated([2300, 2250, 1000])).toEqual(["Form hydrated"]);
    expect(hydrated([1000, null, 1000])).toEqual(["Form hydrated"]);
    expect(hydrated([null, null, null], blog)).toEqual([]);
  });

  it("report a failed Lighthouse CI assertion as a failed check", () => {
    const failed = failedChecks([
      measurement({
        lighthouse: {
          runs: [run()],
          noScriptRuns: [],
          assertions: [
            {
              ...passed,
              auditId: "categories",
              auditProperty: "performance",
              actual: 0.95,
              expected: 0.98,
              operator: ">=",
              passed: false,
            },
          ],
        },
      }),
    ]);
    expect(failed).toEqual([
      expect.objectContaining({
        metric: "Lighthouse performance",
        measured: "95",
        budget: ">= 98",
      }),
    ]);
  });

  it("show how far the runs spread for blocking time and the performance score", () => {
    const runs = [
      run({ tbtMs: 65, performance: 100 }),
      run({ tbtMs: 180 }),
      run({ tbtMs: 311, performance: 93 }),
    ];
    const checks = checksFor(
      measurement({
        lighthouse: {
          runs,
          noScriptRuns: [run({ tbtMs: 156 }), run({ tbtMs: 0 }), run({ tbtMs: 55 })],
          assertions: [
            { ...passed, actual: 180, expected: 50, passed: false },
            {
              ...passed,
              auditId: "categories",
              auditProperty: "performance",
              actual: 1,
              expected: 0.98,
              operator: ">=",
            },
            {
              ...passed,
              auditId: "categories",
              auditProperty: "seo",
              actual: 1,
              expected: 1,
              operator: ">=",
            },
          ],
        },
      }),
    );
    const measured = (metric: string) => checks.find((check) => check.metric === metric)?.measured;
    expect(measured("Total Blocking Time")).toBe(
      "180 ms (runs 65 ms to 311 ms); without script 55 ms (runs 0 ms to 156 ms)",
    );
    expect(measured("Lighthouse performance")).toBe("100 (runs 93 to 100)");
    // Scores the runs agree on, and the ones not followed run by run, stand alone.
    expect(measured("Lighthouse SEO")).toBe("100");
  });

  it("leave the throttled loads and Lighthouse out in the bytes-only mode", () => {
    const checks = checksFor(measurement({ throttled: undefined, lighthouse: undefined }));
    expect(checks.map((check) => check.metric)).toEqual([
      "JavaScript (gzip)",
      "Sending a lead (gzip, beyond the page's scripts)",
    ]);
  });
});

describe("renderReport", () => {
  it("writes the summary table and a table per page, with the failures marked", () => {
    const report = renderReport(
      [
        measurement(),
        measurement({
          page: PERF_PAGES[1],
          lighthouse: {
            runs: [run({ tbtMs: 250 })],
            noScriptRuns: [run({ tbtMs: 40 })],
            assertions: [{ ...passed, actual: 250, passed: false }],
          },
        }),
      ],
      { date: "2026-01-01", chromium: "1.0", lighthouse: "13.5.0", runs: 5, loads: 15 },
    );
    expect(report).toContain("## Home (`/`)");
    expect(report).toContain("| JavaScript (gzip) | ≤ 80.5 KB | 70.0 KB in 1 files | pass |");
    expect(report).toContain(
      "| Total Blocking Time | <= 50 ms | 250 ms; without script 40 ms | **FAIL** |",
    );
    expect(report).toContain(
      "| `/` | 70.0 KB | 3.0 KB | 100 | 100 | 100 | 100 | 0 ms | 0 ms | 0.000 | 1.00 s | 1.00 s | 1.00 s | 1.00 | 0.90 s | 1.50 s |",
    );
    expect(report).toContain("| TBT | TBT no script | CLS |");
    expect(report).toContain("Lighthouse 13.5.0 with --throttling-method=devtools");
  });

  it("describes only what was measured: no Lighthouse without its runs, no table for bytes only", () => {
    const context = {
      date: "2026-01-01",
      chromium: "1.0",
      lighthouse: "13.5.0",
      runs: 5,
      loads: 15,
    };
    const loadsOnly = renderReport([measurement({ lighthouse: undefined })], context);
    expect(loadsOnly).toContain("median of 15 loads per page");
    expect(loadsOnly).not.toContain("Lighthouse 13.5.0");
    expect(loadsOnly).toContain("| Page | JS (gzip) | Sending | Observed LCP |");

    const bytesOnly = renderReport([measurement({ lighthouse: undefined, throttled: undefined })], {
      ...context,
      lighthouse: undefined,
    });
    expect(bytesOnly).toContain("`npm run perf:bytes`");
    expect(bytesOnly).not.toContain("Applied throttling");
    expect(bytesOnly).not.toContain("| Page |");
    expect(bytesOnly).toContain("| JavaScript (gzip) | ≤ 80.5 KB | 70.0 KB in 1 files | pass |");
  });
});

describe("the report's line on the machine", () => {
  it("gives the median benchmark index and its spread, and says a slow host makes times pessimistic", () => {
    const line = hostLine([
      run({ benchmarkIndex: 700 }),
      run({ benchmarkIndex: 760 }),
      run({ benchmarkIndex: 820 }),
    ]);
    expect(line).toContain("median 760 (runs 700 to 820)");
    expect(line).toContain("below the 1000");
    expect(line).toContain("pessimistic");
  });

  it("says when the host is above the index Lighthouse warns under but slower than 4× is tuned for", () => {
    const line = hostLine([run({ benchmarkIndex: 1203 })]);
    expect(line).toContain("median 1203,");
    expect(line).toContain("above the 1000 under which Lighthouse warns");
    expect(line).toContain("below the high-end desktop (1,500 and up)");
    expect(line).toContain("pessimistic");
  });

  it("says when the host is the kind Lighthouse's 4× is tuned for", () => {
    const line = hostLine([run({ benchmarkIndex: 2440 })]);
    expect(line).toContain("median 2440,");
    expect(line).toContain("in or above the high-end desktop bracket (1,500 and up)");
    expect(line).not.toContain("pessimistic");
  });

  it("says when Lighthouse did not report it", () => {
    expect(hostLine([run({ benchmarkIndex: Number.NaN })])).toBe(
      "This machine's Lighthouse benchmark index was not reported.",
    );
  });
});

describe("the report's line on the emulated phone", () => {
  it("gives the median index at the applied slowdown beside DevTools' reference phones", () => {
    const line = phoneLine([313, 302, 329]);
    expect(line).toContain("at 4× CPU, median 313 (302 to 329)");
    expect(line).toContain("low-tier phone (a Moto G Power 2022) at 264");
    expect(line).toContain("mid-tier phone (a Pixel 5) at 1,000");
  });

  it("says when it was not measured", () => {
    expect(phoneLine([Number.NaN])).toBe("The emulated phone's benchmark index was not measured.");
  });
});
