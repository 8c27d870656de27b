import { defineConfig, devices } from "@playwright/test";

import { E2E_DATA_DIRS } from "./e2e/support/lead-store";
import { E2E_PORTS, e2eServers, e2eUrl } from "./e2e/support/servers";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_FLAGS } from "./scripts/chromium";

const mainUrl = e2eUrl("main");

/** A shell command that returns once `url` answers (Node only: no curl on a bare machine). */
function waitFor(url: string): string {
  const poll = `(async()=>{for(;;){try{await fetch('${url}');return}catch{await new Promise(r=>setTimeout(r,500))}}})()`;
  return `node -e "${poll}"`;
}

function server(listen: number, command: string, env: Record<string, string>) {
  return {
    command,
    url: `http://127.0.0.1:${listen}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM first, so each server closes its lead store.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
    stdout: "pipe" as const,
    env: { PORT: String(listen), HOST: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1", ...env },
  };
}

const servers = e2eServers();

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

/**
 * End-to-end tests of what a visitor sees, against the static export served by the
 * project's own server with its embedded lead store, and against the hosted path run for
 * real (PostgreSQL, the Deno function, a deploy build pointed at it). Debian's Chromium;
 * no browser download.
 */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: e2eUrl("main"),
    // Recording a trace of every test costs about a fifth of the run here (measured on the
    // a11y and offer-bar specs: 3.1 min with, 2.4 min without); CI retries a failure once
    // and keeps the trace of that retry.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: PLAYWRIGHT_CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      // Outage drills switch the function off for every visitor: they get a server of their
      // own, and run one after another. First: one worker works through them while the
      // others take the rest, instead of waiting on their retries alone at the end.
      name: "leads",
      testMatch: /leads\.spec\.ts/,
      use: { ...desktop, baseURL: e2eUrl("drill") },
    },
    {
      name: "chromium",
      testIgnore: /(leads|hosted)\.spec\.ts/,
      use: desktop,
    },
    {
      // Last: its site builds in the background while the others run (globalSetup).
      name: "hosted",
      testMatch: /hosted\.spec\.ts/,
      use: { ...desktop, baseURL: e2eUrl("hosted") },
    },
  ],
  // E2E_NO_BUILD=1 serves out/ as it is, without rebuilding a stale export. Every server
  // takes leads without a rate limit: the suite sends many from 127.0.0.1 (the limit has
  // tests of its own). E2E_SERVERS (e2e/support/servers.ts) picks which servers start.
  webServer: [
    servers.has("main") &&
      server(
        E2E_PORTS.main,
        `npx tsx local-server/serve.ts${process.env.E2E_NO_BUILD ? " --no-build" : ""}`,
        { LEADS_DATA_DIR: E2E_DATA_DIRS.main, LEADS_RATE_LIMIT: "off" },
      ),
    // Serves the export the first server may still be building: it starts once that one
    // answers, since the static server reads the list of files in out/ when it starts.
    servers.has("drill") &&
      server(E2E_PORTS.drill, `${waitFor(mainUrl)} && npx tsx local-server/serve.ts --no-build`, {
        LEADS_DATA_DIR: E2E_DATA_DIRS.drill,
        LEADS_RATE_LIMIT: "off",
        LOCAL_FAULTS: "1",
      }),
  ].filter((entry) => entry !== false),
  // The hosted site (a deploy build of its own, PostgreSQL, the Deno function) starts here,
  // in the background, once the servers above answer; a second build shares .next with the
  // first, so it waits for it.
  globalSetup: "./e2e/support/global-setup.ts",
});
