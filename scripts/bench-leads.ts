/**
 * Benchmark of the local lead endpoint, with a report (not a timed test):
 *
 * 1. Load: 2,000 offer requests, 50 at a time, over loopback to a fresh local
 *    server (rate limit off): throughput, latency percentiles, errors, rows stored.
 * 2. Crash: the same load again; halfway through the server is killed with SIGKILL
 *    and started again on the same data directory. Every request answered 200
 *    before the kill must be in the store; the ones that failed at the kill are
 *    sent again with the same ids, as the browser's outbox would, and stored once.
 *
 *   npm run bench:leads [-- --total 2000 --concurrency 50 --port 3750]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import { FUNCTION_PATH } from "../supabase/functions/_leads/site-facts.ts";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const total = option("total", 2000);
const concurrency = option("concurrency", 50);
const port = option("port", 3750);
const base = `http://127.0.0.1:${port}`;
const FUNCTION_URL = `${base}${FUNCTION_PATH}`;

type Lead = ReturnType<typeof lead>;
type Outcome = { id: string; status: number | "failed"; ms: number };

function lead(index: number) {
  return {
    id: randomUUID(),
    address: `${100 + index} Benchmark Ave, Columbus, OH`,
    condition: ["Excellent", "Good", "Fair", "Needs Work", "Poor"][index % 5],
    email: `bench-${index}@example.com`,
    phone: index % 2 ? "614-555-0100" : "",
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    website: "",
    elapsedMs: 15_000,
    consent: { version: "2026-11-23", at: new Date().toISOString() },
    attribution: {
      last: {
        landing_page: "/sell-house-fast-ohio",
        at: new Date().toISOString(),
        utm_source: "bench",
      },
    },
  };
}

/** local-server/serve.ts in one process (node --import tsx), so SIGKILL kills the server itself. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "local-server/serve.ts", "--no-build"],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        LEADS_DATA_DIR: dataDir,
        LEADS_RATE_LIMIT: "off",
        // No e-mail settings: each lead is one log line, which is not what is measured.
        RESEND_API_KEY: "",
        LEADS_RETRY_INTERVAL_MS: "off",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`local-server/serve.ts exited with ${child.exitCode}`);
    const up = await fetch(`${base}/__leads`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error("The server did not answer within 60 s.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopServer(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

async function send(body: Lead): Promise<Outcome> {
  const sentAt = performance.now();
  try {
    const response = await fetch(FUNCTION_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { id: body.id, status: response.status, ms: performance.now() - sentAt };
  } catch {
    return { id: body.id, status: "failed", ms: performance.now() - sentAt };
  }
}

/**
 * Sends the leads `concurrency` at a time. `onOutcome` sees each answer as it comes;
 * once it returns true, no new request is started.
 */
async function load(
  leads: Lead[],
  onOutcome: (outcome: Outcome) => boolean = () => false,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let stopped = false;
  async function worker() {
    while (next < leads.length && !stopped) {
      const outcome = await send(leads[next++]!);
      outcomes.push(outcome);
      if (onOutcome(outcome)) stopped = true;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

async function storedIds(): Promise<Set<string>> {
  const rows = (await (await fetch(`${base}/__leads`)).json()) as { id: string }[];
  return new Set(rows.map((row) => row.id));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main() {
  if (
    await fetch(`${base}/`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Port ${port} is already taken; pass --port to use another.`);
  }
  const dataRoot = mkdtempSync(path.join(tmpdir(), "qhb-bench-"));
  const dataDir = path.join(dataRoot, "leads");
  let server: ChildProcess | null = null;
  let failed = false;
  try {
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}, Node ${process.version}`,
    );

    // 1. Load.
    server = await startServer(dataDir);
    const leads = Array.from({ length: total }, (_, index) => lead(index));
    const startedAt = performance.now();
    const outcomes = await load(leads);
    const seconds = (performance.now() - startedAt) / 1000;
    const sorted = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const errors = outcomes.filter((outcome) => outcome.status !== 200);
    const stored = await storedIds();
    console.log(
      `\n1. Load: ${total} requests, ${concurrency} at a time, fresh store, rate limit off`,
    );
    console.log(`   ${seconds.toFixed(2)} s, ${(total / seconds).toFixed(0)} requests/s`);
    console.log(
      `   latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${(sorted.at(-1) ?? 0).toFixed(1)}`,
    );
    console.log(`   errors: ${errors.length}; rows stored: ${stored.size} of ${total}`);
    if (errors.length > 0 || leads.some((item) => !stored.has(item.id))) failed = true;

    // 2. Crash: SIGKILL once half the requests have been answered.
    const crashLeads = Array.from({ length: total }, (_, index) => lead(total + index));
    let answered = 0;
    const running = server;
    const crashOutcomes = await load(crashLeads, (outcome) => {
      if (outcome.status === 200) answered += 1;
      if (answered >= total / 2 && !running.killed) running.kill("SIGKILL");
      return running.killed;
    });
    await stopServer(running, "SIGKILL");
    const ok = crashOutcomes.filter((outcome) => outcome.status === 200);
    const lost = crashOutcomes.filter((outcome) => outcome.status !== 200);

    server = await startServer(dataDir);
    const afterRestart = await storedIds();
    const missing = ok.filter((outcome) => !afterRestart.has(outcome.id));
    const resent = await load(
      crashLeads.filter((item) => lost.some((outcome) => outcome.id === item.id)),
    );
    const finalIds = await storedIds();
    const sentBeforeKill = crashOutcomes.map((outcome) => outcome.id);
    console.log(
      `\n2. Crash: SIGKILL after ${total / 2} answers, restart on the same data directory`,
    );
    console.log(
      `   answered 200 before the kill: ${ok.length}; failed at the kill: ${lost.length}`,
    );
    console.log(
      `   after the restart: ${ok.length - missing.length} of the ${ok.length} answered 200 found (${missing.length} missing); rows in the store: ${afterRestart.size}`,
    );
    console.log(
      `   the ${lost.length} failed ones sent again with the same ids: ${resent.filter((outcome) => outcome.status === 200).length} answered 200; all ${sentBeforeKill.length} now stored: ${sentBeforeKill.every((id) => finalIds.has(id))}; rows: ${finalIds.size}`,
    );
    if (missing.length > 0 || !sentBeforeKill.every((id) => finalIds.has(id))) failed = true;
  } finally {
    if (server) await stopServer(server);
    rmSync(dataRoot, { recursive: true, force: true });
  }
  if (failed) {
    console.error(
      "\nA request answered 200 is missing from the store, or requests failed under load.",
    );
    process.exitCode = 1;
  }
}

void main();
