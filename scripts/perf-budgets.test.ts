import {
  BUDGETS,
  PERF_PAGES,
  SUPABASE_CLIENT_MARKERS,
  checksFor,
  failedChecks,
  median,
  medianRun,
  renderReport,
  stripScripts,
  type LighthouseRun,
  type PageMeasurement,
} from "./perf-budgets";

const home = PERF_PAGES[0];

function run(overrides: Partial<LighthouseRun> = {}): LighthouseRun {
  return {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 1000,
    tbtMs: 0,
    cls: 0,
    ...overrides,
  };
}

function measurement(overrides: Partial<PageMeasurement> = {}): PageMeasurement {
  return {
    page: home,
    scripts: {
      files: [{ url: "/a.js", rawBytes: 300_000, gzipBytes: 100_000 }],
      supabaseFiles: [],
    },
    lighthouse: { runs: [run(), run(), run()], noScriptLcpMs: [900, 900, 900] },
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

describe("stripScripts", () => {
  it("removes every script element and script preload, and nothing else", () => {
    const html = [
      '<html><head><link rel="stylesheet" href="/a.css"/>',
      '<link rel="preload" as="script" fetchPriority="low" href="/x.js"/>',
      '<link rel="modulepreload" href="/m.js">',
      '<link rel="preload" href="/font.woff2" as="font" type="font/woff2"/>',
      '<script src="/x.js" async=""></script></head>',
      '<body><h1>Hi</h1><script>self.__next_f.push([1,"<div>"])</script>',
      '<SCRIPT type="application/ld+json">{}</SCRIPT ></body></html>',
    ].join("");
    const stripped = stripScripts(html);
    expect(stripped).not.toMatch(/<script|x\.js|m\.js/i);
    expect(stripped).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(stripped).toContain('as="font"');
    expect(stripped).toContain("<h1>Hi</h1>");
  });
});

describe("the supabase markers", () => {
  it("match the client library, not the form code that imports it on demand", () => {
    expect(SUPABASE_CLIENT_MARKERS.test('{"X-Client-Info":`supabase-js-web/2.109.0`}')).toBe(true);
    expect(SUPABASE_CLIENT_MARKERS.test("class FunctionsHttpError extends Error{}")).toBe(true);
    expect(
      SUPABASE_CLIENT_MARKERS.test(
        "e(x.default.env.NEXT_PUBLIC_SUPABASE_URL||window.location.origin",
      ),
    ).toBe(false);
  });
});

describe("the checks", () => {
  it("pass a page within every budget", () => {
    expect(checksFor(measurement()).every((check) => check.ok)).toBe(true);
    expect(failedChecks([measurement()])).toEqual([]);
  });

  it("hold JavaScript at load to 145 KB gzip, counted in thousands of bytes", () => {
    const files = (gzipBytes: number) => ({
      scripts: {
        files: [{ url: "/a.js", rawBytes: 0, gzipBytes }],
        supabaseFiles: [],
      },
    });
    expect(failedChecks([measurement(files(BUDGETS.scriptGzipBytes))])).toEqual([]);
    expect(failedChecks([measurement(files(145_001))])).toEqual([
      expect.objectContaining({ page: "/", metric: "JavaScript at load (gzip)" }),
    ]);
  });

  it("fail when the supabase client is loaded", () => {
    const failed = failedChecks([
      measurement({ scripts: { files: [], supabaseFiles: ["/supabase.js"] } }),
    ]);
    expect(failed.map((check) => check.metric)).toEqual(["Supabase client loaded"]);
  });

  it("fail each Lighthouse budget on its own", () => {
    const failing = (overrides: Partial<LighthouseRun>) =>
      failedChecks([
        measurement({
          lighthouse: { runs: [run(overrides)], noScriptLcpMs: [1000] },
        }),
      ]).map((check) => check.metric);
    expect(failing({ performance: 97 })).toEqual(["Performance"]);
    expect(failing({ accessibility: 99 })).toEqual(["Accessibility"]);
    expect(failing({ bestPractices: 96 })).toEqual(["Best practices"]);
    expect(failing({ seo: 92 })).toEqual(["SEO"]);
    expect(failing({ lcpMs: 1501 })).toEqual([
      "Largest Contentful Paint",
      "LCP ÷ LCP without scripts",
    ]);
    expect(failing({ tbtMs: 101 })).toEqual(["Total Blocking Time"]);
    expect(failing({ cls: 0.011 })).toEqual(["Cumulative Layout Shift"]);
  });

  it("hold the LCP to 1.3 times the no-script floor", () => {
    const ratio = (lcpMs: number, floorMs: number) =>
      failedChecks([
        measurement({ lighthouse: { runs: [run({ lcpMs })], noScriptLcpMs: [floorMs] } }),
      ]).map((check) => check.metric);
    expect(ratio(1300, 1000)).toEqual([]);
    expect(ratio(1400, 1000)).toEqual(["LCP ÷ LCP without scripts"]);
  });

  it("leave Lighthouse out in the bytes-only mode", () => {
    const checks = checksFor(measurement({ lighthouse: undefined }));
    expect(checks.map((check) => check.metric)).toEqual([
      "JavaScript at load (gzip)",
      "Supabase client loaded",
    ]);
  });
});

describe("renderReport", () => {
  it("writes a table per page with the failures marked", () => {
    const report = renderReport(
      [
        measurement(),
        measurement({
          page: PERF_PAGES[1],
          lighthouse: { runs: [run({ tbtMs: 250 })], noScriptLcpMs: [1000] },
        }),
      ],
      { date: "2026-01-01", chromium: "1.0", lighthouse: "12.8.2", runs: 3 },
    );
    expect(report).toContain("## Home (`/`)");
    expect(report).toContain("## State page (Ohio) (`/sell-house-fast-ohio`)");
    expect(report).toContain(
      "| JavaScript at load (gzip) | ≤ 145.0 KB | 100.0 KB in 1 files | pass |",
    );
    expect(report).toContain("| Total Blocking Time | ≤ 100 ms | 250 ms | **FAIL** |");
    expect(report).toContain("Lighthouse 12.8.2");
  });
});
