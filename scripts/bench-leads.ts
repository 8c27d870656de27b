/**
 * Load check of the local lead endpoint (not a timed test): starts the project's
 * server on a fresh store, sends 500 offer requests 20 at a time over loopback,
 * then checks that exactly 500 rows were stored and reports the latencies.
 *
 *   npm run bench:leads [-- --total 500 --concurrency 20]
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import { buildExport } from "../server/static-site.ts";
import { startProjectServer } from "./local-server.ts";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const total = option("total", 500);
const concurrency = option("concurrency", 20);
const port = option("port", 3590);
const base = `http://127.0.0.1:${port}`;
const dataRoot = mkdtempSync(path.join(tmpdir(), "qhb-bench-"));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

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
  };
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
  buildExport({ onlyIfStale: true });
  const server = await startProjectServer(port, path.join(dataRoot, "leads"));
  try {
    const latencies: number[] = [];
    const failures: string[] = [];
    let next = 0;
    const startedAt = performance.now();

    async function worker() {
      while (next < total) {
        const body = JSON.stringify(lead(next++));
        const sentAt = performance.now();
        const response = await fetch(`${base}/functions/v1/send-contact-email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base },
          body,
        });
        latencies.push(performance.now() - sentAt);
        if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
        else await response.arrayBuffer();
      }
    }

    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - startedAt) / 1000;
    const stored = ((await (await fetch(`${base}/__leads`)).json()) as unknown[]).length;
    const sorted = [...latencies].sort((a, b) => a - b);

    console.log(
      `${total} requests, ${concurrency} at a time, in ${seconds.toFixed(2)} s (${(total / seconds).toFixed(0)} req/s)`,
    );
    console.log(`errors: ${failures.length}; rows stored: ${stored}`);
    console.log(
      `latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}`,
    );
    if (failures.length > 0 || stored !== total) {
      console.error(failures.slice(0, 5).join("\n"));
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

void main();
