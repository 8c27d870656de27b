/**
 * The site as a deploy ships it, against the hosted path run for real: starts the hosted
 * stack (PostgreSQL with Supabase's roles, the migrations, the Deno function), builds the
 * export with NEXT_PUBLIC_SUPABASE_URL pointing at that function (a deploy build: no
 * QHB_LOCAL_BUILD) into out-hosted/, and serves it as a static host would. It is a test
 * site with the example company, which a deploy build refuses: QHB_ALLOW_EXAMPLE_COMPANY=1
 * is this harness's test-only way past that check, never a deploy's. Writes what the tests
 * need to reach the database to .data/e2e/hosted.json. Started in the background by the
 * end-to-end tests' global setup (e2e/support/hosted-site.ts); stops everything on SIGTERM.
 *
 *   PORT=3213 npx tsx scripts/hosted-site.ts [--after http://127.0.0.1:3210/]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { ALLOW_EXAMPLE_COMPANY_FLAG, LOCAL_BUILD_FLAG } from "../config/env.ts";
import { EXAMPLE_SPANISH_PHONE } from "../config/languages.mjs";
import { startHostedStack } from "./hosted-stack.ts";
import { startStaticServer, stopChild, waitForUrl } from "./test-servers.ts";

export const HOSTED_EXPORT_DIR = "out-hosted";
export const HOSTED_INFO_FILE = path.join(".data", "e2e", "hosted.json");

export type HostedInfo = {
  databaseUrl: string;
  supabaseUrl: string;
  retryUrl: string;
  cronSecret: string;
};

/**
 * What the test site sets of the company, beyond the examples: tracking numbers (reserved
 * for fiction, as the examples are) and where each claim's evidence would be, so the deploy
 * build's call tracking and claim links are tested (e2e/trust.hosted.spec.ts).
 */
export const HOSTED_COMPANY_ENV = {
  COMPANY_PHONE_BY_SOURCE:
    "google=(614) 555-0150,bing=(614) 555-0151,facebook=(614) 555-0152,organic=(614) 555-0153",
  COMPANY_RATING_URL: "https://reviews.example.com/quick-home-buyers",
  COMPANY_BBB_URL: "https://bbb.example.org/profile/quick-home-buyers",
  COMPANY_LICENSE_URL: "https://licenses.example.net/quick-home-buyers",
  // The Spanish site, with the example's line answered in Spanish (config/languages.mjs).
  COMPANY_SPANISH_PHONE: EXAMPLE_SPANISH_PHONE,
} as const;

/**
 * The environment of the hosted path's deploy build: no QHB_LOCAL_BUILD, leads to the
 * hosted stack's function, the export in its own folder, and the example company let
 * through (a test site; see the top of this file).
 */
export function hostedBuildEnv(base: NodeJS.ProcessEnv, supabaseUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    NEXT_PUBLIC_SUPABASE_URL: supabaseUrl,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: "hosted-test-anon-key",
    QHB_EXPORT_DIR: HOSTED_EXPORT_DIR,
    ...HOSTED_COMPANY_ENV,
    [ALLOW_EXAMPLE_COMPANY_FLAG]: "1",
  };
  delete env[LOCAL_BUILD_FLAG];
  return env;
}

async function main() {
  const port = Number(process.env.PORT ?? 3213);
  // Builds share .next: wait until the server that builds out/ is up before building this one.
  const after = process.argv.indexOf("--after");
  if (after > 0) await waitForUrl(process.argv[after + 1]!, 300_000);

  const stack = await startHostedStack({ rateLimit: "off" });
  let build: ChildProcess | undefined;
  const stop = async () => {
    if (build) await stopChild(build);
    await stack.stop();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());

  // The deploy build (`npm run build`): next build, then the check that the islands ran.
  // A child of its own, so a SIGTERM during the build is answered at once.
  build = spawn(process.execPath, ["--import", "tsx", "scripts/islands/next-build.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: hostedBuildEnv(process.env, stack.supabaseUrl),
  });
  const status = await new Promise<number | null>((resolve) => build!.once("exit", resolve));
  build = undefined;
  if (status !== 0) {
    await stack.stop();
    throw new Error(`The deploy build for the hosted path failed (${status})`);
  }

  const info: HostedInfo = {
    databaseUrl: stack.databaseUrl,
    supabaseUrl: stack.supabaseUrl,
    retryUrl: stack.retryUrl,
    cronSecret: stack.cronSecret,
  };
  mkdirSync(path.dirname(HOSTED_INFO_FILE), { recursive: true });
  writeFileSync(HOSTED_INFO_FILE, JSON.stringify(info));
  const site = await startStaticServer(port, undefined, path.resolve(HOSTED_EXPORT_DIR));
  console.log(
    `The hosted-path site is served at ${site.url}, its leads go to ${stack.supabaseUrl}`,
  );
}

// Run as a script; the tests import the constants above.
if (/hosted-site\.ts$/.test(process.argv[1] ?? "")) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
