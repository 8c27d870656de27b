import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

import { stopChild, waitForUrl } from "../../scripts/test-servers";

/**
 * The hosted test site (scripts/hosted-site.ts) takes a deploy build of its own, about a
 * minute and a half here. As one of Playwright's web servers it held back every test
 * until it was up; started here instead, from the global setup, it builds while the other
 * projects' tests run, and only its own specs wait for it (they run last: projects run in
 * the order playwright.config.ts lists them).
 */
const DIR = path.join(".data", "e2e");
/** What the hosted site printed: its build, its stack, its errors. */
export const HOSTED_LOG_FILE = path.join(DIR, "hosted.log");
/** Written when the hosted site's process ends, with how it ended. */
const HOSTED_EXIT_FILE = path.join(DIR, "hosted.exit");

/** How long its specs wait for it: the build, PostgreSQL's start and the function's. */
export const HOSTED_SITE_TIMEOUT_MS = 420_000;

/** Starts the hosted site in the background; returns what stops it (and its PostgreSQL). */
export function startHostedSite(port: number, after: string): () => Promise<void> {
  mkdirSync(DIR, { recursive: true });
  rmSync(HOSTED_EXIT_FILE, { force: true });
  const log = openSync(HOSTED_LOG_FILE, "w");
  // Node itself with tsx's loader, not npx: a SIGTERM must reach the process that stops
  // the stack.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/hosted-site.ts", "--after", after],
    {
      stdio: ["ignore", log, log],
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  closeSync(log);
  child.once("exit", (code, signal) => {
    writeFileSync(HOSTED_EXIT_FILE, signal ? `signal ${signal}` : `code ${code}`);
  });
  return () => stopChild(child);
}

/**
 * Resolves once the hosted site answers at `url`; fails at once, with the end of its log,
 * if its process has ended (a failed build, PostgreSQL missing).
 */
export function hostedSiteUp(
  url: string,
  timeoutMs = HOSTED_SITE_TIMEOUT_MS - 10_000,
): Promise<void> {
  return waitForUrl(url, timeoutMs, () => {
    if (!existsSync(HOSTED_EXIT_FILE)) return;
    const tail = readFileSync(HOSTED_LOG_FILE, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(
      `The hosted site ended (${readFileSync(HOSTED_EXIT_FILE, "utf8")}) before it was up. The end of ${HOSTED_LOG_FILE}:\n${tail}`,
    );
  });
}
