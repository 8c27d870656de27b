/**
 * Offer requests sent many at a time to a local server started as `npm start` starts it:
 * the lead benchmark's load and the restart tests' load, one piece of code for both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";

import { FUNCTION_PATH } from "../supabase/functions/_shared/contract/site-facts.ts";

export type LoadLead = ReturnType<typeof loadLead>;
/** A request's answer: its status, how long it took, and when it came (Date.now()). */
export type Outcome = { id: string; status: number | "failed"; ms: number; at: number };

/** A request as the browser's form sends it, different for each index. */
const AREA_CODES = ["614", "216", "513", "330", "419", "740", "937", "440", "234", "380"];

function loadPhone(index: number): string {
  const line = Math.floor(index / 2);
  const area = AREA_CODES[Math.floor(line / 100) % AREA_CODES.length];
  return `${area}-555-01${String(line % 100).padStart(2, "0")}`;
}

export function loadLead(index: number) {
  return {
    id: randomUUID(),
    address: `${100 + index} Benchmark Ave, Columbus, OH`,
    condition: ["Excellent", "Good", "Fair", "Needs Work", "Poor"][index % 5],
    email: `bench-${index}@example.com`,
    // A number of its own for each (555-0100 to 555-0199, fiction's range, in Ohio's area
    // codes): a homeowner's confirmation text goes to a number once a day.
    phone: index % 2 ? loadPhone(index) : "",
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    website: "",
    elapsedMs: 15_000,
    // Half ask for a call and tick the box for texts, as the current wording has it.
    consent: {
      version: "2026-11-25",
      at: new Date().toISOString(),
      ...(index % 2 ? { calls: true, texts: true } : {}),
    },
    attribution: {
      last: {
        landing_page: "/sell-house-fast-ohio",
        at: new Date().toISOString(),
        utm_source: "bench",
      },
    },
  };
}

/** One POST to the function; a request that got no answer is "failed". */
export async function sendLead(base: string, body: LoadLead): Promise<Outcome> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${base}${FUNCTION_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { id: body.id, status: response.status, ms: performance.now() - sentAt, at: Date.now() };
  } catch {
    return { id: body.id, status: "failed", ms: performance.now() - sentAt, at: Date.now() };
  }
}

/**
 * Sends the leads `concurrency` at a time. `onOutcome` sees each answer as it comes; once
 * it returns true, no new request is started. With `untilAnswered`, a request that got no
 * 200 is sent again with its id after `retryMs`, as the browser's outbox does.
 */
export async function runLoad(
  base: string,
  leads: readonly LoadLead[],
  {
    concurrency,
    onOutcome = () => false,
    untilAnswered = false,
    retryMs = 100,
  }: {
    concurrency: number;
    onOutcome?: (outcome: Outcome) => boolean;
    untilAnswered?: boolean;
    retryMs?: number;
  },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let stopped = false;
  async function worker() {
    while (next < leads.length && !stopped) {
      const lead = leads[next++]!;
      for (;;) {
        const outcome = await sendLead(base, lead);
        outcomes.push(outcome);
        if (onOutcome(outcome)) stopped = true;
        if (!untilAnswered || outcome.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

export type LocalServer = {
  child: ChildProcess;
  /** Resolves when it listens; rejects if it exits first, with what it wrote to stderr. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  stderr: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * local-server/serve.ts in a process of its own (node --import tsx, so a signal reaches the
 * server itself), without its build step, e-mail off.
 */
export function startLocalServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): LocalServer {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "local-server/serve.ts", "--no-build"],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        LEADS_DATA_DIR: options.dataDir,
        LEADS_RATE_LIMIT: "off",
        // No e-mail settings: each lead is one log line, which is not what is measured.
        RESEND_API_KEY: "",
        LEADS_RETRY_INTERVAL_MS: "off",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ready = new Promise<void>((resolve, reject) => {
    let stdout = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes(" is served at ")) resolve();
    });
    void exited.then((code) =>
      reject(new Error(`local-server/serve.ts exited with ${code}: ${stderr.trim()}`)),
    );
  });
  ready.catch(() => {});
  return {
    child,
    ready,
    exited,
    stderr: () => stderr,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
