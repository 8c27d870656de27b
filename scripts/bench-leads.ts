/**
 * Benchmark of the local lead endpoint, with a report (not a timed test):
 *
 * 1. Load: 2,000 offer requests, 50 at a time, over loopback to a fresh local
 *    server (rate limit off): throughput, latency percentiles, errors, rows stored.
 * 2. Crash: the same load again; halfway through the server is killed with SIGKILL
 *    and started again on the same data directory. Every request answered 200
 *    before the kill must be in the store; the ones that failed at the kill are
 *    sent again with the same ids, as the browser's outbox would, and stored once.
 * 3. Restart overlap: the load again; a second server is started on the same store and
 *    port, and the first is stopped (SIGTERM) while it drains. The second waits for the
 *    store; every lead answered 200 by either must be stored once, and every index must
 *    match its table (amcheck).
 * 4. Speed to lead: a fresh server with every channel pointed at the loopback fakes
 *    (scripts/fake-services.ts); --deliveries leads (500), 50 at a time; for each channel,
 *    the time from a lead's answer to the fake receiving its delivery, p50 and p95.
 *
 *   npm run bench:leads [-- --total 2000 --concurrency 50 --port 3750 --deliveries 500] [-- --total 2000 --concurrency 50 --port 3750]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import type { IntegrityReport } from "../supabase/functions/_shared/store/lead-records.ts";
import { askHolder, storeSocketPath } from "../local-server/store-lock.ts";
import { startFakeServices, type Received } from "./fake-services.ts";
import { loadLead, runLoad, startLocalServer, type LocalServer } from "./lead-load.ts";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const total = option("total", 2000);
const deliveryLeads = option("deliveries", 500);
const concurrency = option("concurrency", 50);
const port = option("port", 3750);
const base = `http://127.0.0.1:${port}`;

/** What the store holds, asked of the server that holds it, as npm run leads asks. */
async function storedIds(dataDir: string): Promise<Set<string>> {
  const rows = (await askHolder(storeSocketPath(dataDir), { method: "list" })) as { id: string }[];
  return new Set(rows.map((row) => row.id));
}

async function integrity(dataDir: string): Promise<IntegrityReport> {
  return (await askHolder(storeSocketPath(dataDir), {
    method: "checkIntegrity",
  })) as IntegrityReport;
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
  const start = async () => {
    const started = startLocalServer({ port, dataDir });
    await started.ready;
    return started;
  };
  let server: LocalServer | null = null;
  const problems: string[] = [];
  try {
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}, Node ${process.version}`,
    );
    console.log("Store: PGlite, every commit synced to the disk (fsync) before the answer.");

    // 1. Load.
    server = await start();
    const leads = Array.from({ length: total }, (_, index) => loadLead(index));
    const startedAt = performance.now();
    const outcomes = await runLoad(base, leads, { concurrency });
    const seconds = (performance.now() - startedAt) / 1000;
    const sorted = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const errors = outcomes.filter((outcome) => outcome.status !== 200);
    const stored = await storedIds(dataDir);
    console.log(
      `\n1. Load: ${total} requests, ${concurrency} at a time, fresh store, rate limit off`,
    );
    console.log(`   ${seconds.toFixed(2)} s, ${(total / seconds).toFixed(0)} requests/s`);
    console.log(
      `   latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${(sorted.at(-1) ?? 0).toFixed(1)}`,
    );
    console.log(`   errors: ${errors.length}; rows stored: ${stored.size} of ${total}`);
    if (errors.length > 0 || leads.some((item) => !stored.has(item.id))) {
      problems.push("load: requests failed or a stored lead is missing");
    }

    // 2. Crash: SIGKILL once half the requests have been answered.
    const crashLeads = Array.from({ length: total }, (_, index) => loadLead(total + index));
    let answered = 0;
    const running: LocalServer = server;
    const crashOutcomes = await runLoad(base, crashLeads, {
      concurrency,
      onOutcome: (outcome) => {
        if (outcome.status === 200) answered += 1;
        if (answered >= total / 2 && !running.child.killed) running.child.kill("SIGKILL");
        return running.child.killed;
      },
    });
    await running.stop("SIGKILL");
    const ok = crashOutcomes.filter((outcome) => outcome.status === 200);
    const lost = crashOutcomes.filter((outcome) => outcome.status !== 200);

    server = await start();
    const afterRestart = await storedIds(dataDir);
    const missing = ok.filter((outcome) => !afterRestart.has(outcome.id));
    const resent = await runLoad(
      base,
      crashLeads.filter((item) => lost.some((outcome) => outcome.id === item.id)),
      { concurrency },
    );
    const finalIds = await storedIds(dataDir);
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
    if (missing.length > 0 || !sentBeforeKill.every((id) => finalIds.has(id))) {
      problems.push("crash: a lead answered 200 before the kill is missing");
    }

    // 3. Restart overlap: a new server is started on the same store and port while the old
    // one is under load; the old one is then stopped (SIGTERM) and drains. Every request
    // that got no 200 is sent again with its id, as the browser's outbox does.
    const overlapLeads = Array.from({ length: total }, (_, index) => loadLead(2 * total + index));
    const old: LocalServer = server;
    let next: LocalServer | null = null;
    let overlapAnswered = 0;
    const overlapStarted = performance.now();
    const overlapOutcomes = await runLoad(base, overlapLeads, {
      concurrency,
      untilAnswered: true,
      onOutcome: (outcome) => {
        if (outcome.status === 200) overlapAnswered += 1;
        if (overlapAnswered === total / 4 && !next) {
          next = startLocalServer({ port, dataDir });
          setTimeout(() => void old.stop("SIGTERM"), 500);
        }
        return false;
      },
    });
    const overlapSeconds = (performance.now() - overlapStarted) / 1000;
    await old.exited;
    server = next;
    if (!server) throw new Error("The second server was never started.");
    await (server as LocalServer).ready;
    const overlapIds = await storedIds(dataDir);
    const answeredIds = new Set(
      overlapOutcomes.filter((outcome) => outcome.status === 200).map((outcome) => outcome.id),
    );
    const overlapMissing = [...answeredIds].filter((id) => !overlapIds.has(id));
    const check = await integrity(dataDir);
    console.log(
      `\n3. Restart overlap: a second server started on the same store after ${total / 4} answers, the first stopped (SIGTERM) 0.5 s later`,
    );
    console.log(
      `   ${overlapOutcomes.length} attempts for ${total} leads in ${overlapSeconds.toFixed(2)} s (${overlapOutcomes.length - total} sent again after no answer or 503)`,
    );
    console.log(
      `   answered 200: ${answeredIds.size}; missing from the store: ${overlapMissing.length}; rows: ${overlapIds.size}; indexes checked: ${check.indexes}, damaged: ${check.problems.length}`,
    );
    if (overlapMissing.length > 0 || answeredIds.size < total || check.problems.length > 0) {
      problems.push("restart overlap: an answered lead is missing or an index is damaged");
    }
    await (server as LocalServer).stop();
    server = null;

    // 4. Speed to lead.
    problems.push(...(await speedToLead(path.join(dataRoot, "deliveries"))));
  } finally {
    await server?.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`\nFailed: ${problems.join("; ")}.`);
    process.exitCode = 1;
  }
}

/**
 * Every channel on: from each lead's answer (the moment its 200 arrived) to its delivery
 * reaching the channel's fake, per channel, at `concurrency` requests at a time.
 */
async function speedToLead(dataDir: string): Promise<string[]> {
  const services = await startFakeServices();
  const server = startLocalServer({
    port,
    dataDir,
    // The site's own share is measured: the hourly cap on homeowner messages (30 by default,
    // tested in delivery/deliver.test.ts) would hold all but 30 of these confirmations.
    env: {
      ...services.env,
      LEADS_RETRY_INTERVAL_MS: "1000",
      LEADS_HOMEOWNER_MESSAGES_PER_HOUR: "0",
    },
  });
  try {
    await server.ready;
    const leads = Array.from({ length: deliveryLeads }, (_, index) => loadLead(5 * total + index));
    const outcomes = await runLoad(base, leads, { concurrency });
    const answeredAt = new Map(
      outcomes.filter((o) => o.status === 200).map((outcome) => [outcome.id, outcome.at]),
    );
    const byAddress = new Map(leads.map((lead) => [lead.address, lead.id]));
    const withPhone = leads.filter((lead) => lead.phone).length;
    const expected = {
      "team e-mail": leads.length,
      "confirmation e-mail": leads.length,
      "team text": leads.length,
      "confirmation text": withPhone,
      webhook: leads.length,
      "Meta event": leads.length,
    };
    const leadOfMail = (mail: Received<{ body: { subject: string } }>) =>
      byAddress.get(
        mail.body.subject.replace(/^(New cash offer request|We received your request for):? /, ""),
      );
    // A homeowner's text, not the team's alert (a lead's number may be the team's own).
    const isConfirmation = (text: string) => text.includes("Reply STOP to opt out");
    const arrivals: Record<keyof typeof expected, () => [string | undefined, number][]> = {
      "team e-mail": () =>
        services.resend
          .delivered()
          .filter((m) => m.body.to[0] === "team@example.com")
          .map((m) => [leadOfMail(m), m.at]),
      "confirmation e-mail": () =>
        services.resend
          .delivered()
          .filter((m) => m.body.to[0] !== "team@example.com")
          .map((m) => [leadOfMail(m), m.at]),
      "team text": () =>
        services.twilio.requests
          .filter((t) => t.status === 201 && !isConfirmation(t.body))
          .map((t) => [leads.find((lead) => t.body.includes(lead.address))?.id, t.at]),
      "confirmation text": () =>
        services.twilio.requests
          .filter((t) => t.status === 201 && isConfirmation(t.body))
          .map((t) => [leads.find((lead) => t.body.includes(lead.address))?.id, t.at]),
      webhook: () =>
        services.webhook.processed().map((w) => [w.body?.data.lead_id as string | undefined, w.at]),
      "Meta event": () =>
        services.meta.requests
          .filter((r) => r.status === 200)
          .map((r) => [r.body.data[0]?.event_id as string | undefined, r.at]),
    };
    const all = () =>
      Object.entries(arrivals).every(
        ([name, got]) => got().length >= expected[name as keyof typeof expected],
      );
    const deadline = Date.now() + 120_000;
    while (!all() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));

    console.log(
      `\n4. Speed to lead: ${leads.length} leads, ${concurrency} at a time, every channel on (loopback fakes); from each answer to the delivery's arrival`,
    );
    const problems: string[] = [];
    for (const [name, got] of Object.entries(arrivals)) {
      const delays = got()
        .flatMap(([id, at]) =>
          id && answeredAt.has(id) ? [Math.max(0, at - answeredAt.get(id)!)] : [],
        )
        .sort((a, b) => a - b);
      const want = expected[name as keyof typeof expected];
      console.log(
        `   ${name.padEnd(20)} ${String(delays.length).padStart(4)} of ${want}  p50 ${(percentile(delays, 50) / 1000).toFixed(2)} s  p95 ${(percentile(delays, 95) / 1000).toFixed(2)} s  max ${((delays.at(-1) ?? 0) / 1000).toFixed(2)} s`,
      );
      if (delays.length < want)
        problems.push(`speed to lead: ${want - delays.length} ${name} deliveries did not arrive`);
    }
    return problems;
  } finally {
    await server.stop();
    await services.close();
  }
}

void main();
