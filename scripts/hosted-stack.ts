/**
 * The hosted path run for real, on this machine: a throwaway PostgreSQL cluster with
 * Supabase's roles and grants and every migration, the loopback fakes of every service the
 * function delivers to (scripts/fake-services.ts: Resend, Twilio, Meta, a webhook receiver
 * that verifies signatures), and the function's own Deno entry
 * (supabase/functions/send-contact-email/index.ts) serving on loopback. Tests use
 * startHostedStack(); run as a script it prints one JSON line with the URLs and stops
 * on SIGTERM or SIGINT:
 *
 *   npx tsx scripts/hosted-stack.ts
 *   {"supabaseUrl":"http://127.0.0.1:3702","functionUrl":".../functions/v1/send-contact-email",...}
 *
 * A page built with NEXT_PUBLIC_SUPABASE_URL set to supabaseUrl posts its leads here.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { FUNCTION_NAME, FUNCTION_PATH } from "../supabase/functions/_shared/contract/site-facts.ts";
import { startFakeServices, type FakeServices } from "./fake-services.ts";
import { stopChild } from "./test-servers.ts";

const HOST = "127.0.0.1";
const MIGRATIONS_DIR = path.resolve("supabase", "migrations");
const FUNCTION_ENTRY = path.resolve("supabase", "functions", FUNCTION_NAME, "index.ts");
const DENO = path.resolve("node_modules", ".bin", "deno");
const INSTALL_HINT =
  "PostgreSQL's server binaries were not found in /usr/lib/postgresql/*/bin: apt-get install postgresql";

export type HostedStackOptions = {
  /** LEADS_RATE_LIMIT for the function; default "off". */
  rateLimit?: string;
  /** Origins whose pages may post, added to the site's; default any local port. */
  allowedOrigins?: string[];
  /** Treat X-Forwarded-For as the client's address, as on Supabase; default false. */
  trustForwardedFor?: boolean;
  /** Ports are taken from this range; default HOSTED_STACK_PORTS or 3700-3799. */
  ports?: [from: number, to: number];
  /** Where the function's and Postgres's output goes; default nowhere. */
  log?: (line: string) => void;
  /** More settings for the function, or "" to unset one of the fakes'. */
  env?: Record<string, string>;
};

export type HostedStack = {
  /** What NEXT_PUBLIC_SUPABASE_URL names: the functions client adds /functions/v1/<name>. */
  supabaseUrl: string;
  functionUrl: string;
  /** The retry run's endpoint; needs Authorization: Bearer <cronSecret>. */
  retryUrl: string;
  cronSecret: string;
  /** postgres://postgres@127.0.0.1:<port>/postgres, no password (a local test cluster). */
  databaseUrl: string;
  /** The fakes the function delivers to, and the settings that point it at them. */
  services: FakeServices;
  /** Lines the function wrote (its console.log). */
  functionLog: string[];
  stop(): Promise<void>;
};

/** The newest PostgreSQL on a Debian system, or an error that says how to install it. */
export function findPostgresBin(root = "/usr/lib/postgresql"): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(INSTALL_HINT);
  return path.join(root, versions[0]!, "bin");
}

function portRange(): [number, number] {
  const match = /^(\d+)-(\d+)$/.exec(process.env.HOSTED_STACK_PORTS ?? "");
  return match ? [Number(match[1]), Number(match[2])] : [3700, 3799];
}

/** A port nobody listens on in [from, to]; skips `taken`. */
async function freePort([from, to]: [number, number], taken: Set<number>): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createNetServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, HOST, () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`No free port on ${HOST} between ${from} and ${to}.`);
}

/** Runs a PostgreSQL tool; as root, as the postgres user, which the server insists on. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
}

function run(command: string, args: string[], what: string): void {
  const [file, argv] = asPostgres(command, args);
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(
      `${what} failed (${result.status}): ${result.stderr || result.stdout || result.error}`,
    );
  }
}

/** Roles and default grants as a new Supabase project has them on schema public. */
const SUPABASE_ROLES = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
`;

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  exited?: () => string | null,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    const gone = exited?.();
    if (gone) throw new Error(`${what} exited before it was ready: ${gone}`);
    if (Date.now() > deadline)
      throw new Error(`${what} was not ready within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startHostedStack(options: HostedStackOptions = {}): Promise<HostedStack> {
  const bin = findPostgresBin();
  const log = options.log ?? (() => {});
  const taken = new Set<number>();
  const range = options.ports ?? portRange();
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };

  try {
    // The cluster: a temp dir the postgres user owns when we are root.
    const root = mkdtempSync(path.join(tmpdir(), "hosted-stack-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      chownSync(root, uid, gid);
    }
    const dataDir = path.join(root, "data");
    run(
      path.join(bin, "initdb"),
      ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
      "initdb",
    );

    const pgPort = await freePort(range, taken);
    // pg_ctl starts the server in the background and stops it by its pid file, so a
    // stop works whatever runuser does with signals.
    const serverOptions = [
      `-k ${root}`,
      `-h ${HOST}`,
      `-p ${pgPort}`,
      // A throwaway cluster: nothing to make durable.
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    const pgLog = path.join(root, "postgres.log");
    run(
      path.join(bin, "pg_ctl"),
      ["start", "-w", "-t", "60", "-D", dataDir, "-l", pgLog, "-o", serverOptions],
      "Starting PostgreSQL",
    );
    cleanups.push(() => {
      const [file, argv] = asPostgres(path.join(bin, "pg_ctl"), [
        "stop",
        "-w",
        "-m",
        "fast",
        "-D",
        dataDir,
      ]);
      const result = spawnSync(file, argv, { encoding: "utf8" });
      if (result.status !== 0) log(`[postgres] pg_ctl stop: ${result.stderr}`);
    });
    const databaseUrl = `postgres://postgres@${HOST}:${pgPort}/postgres`;
    const psql = (args: string[], what: string) =>
      run(
        path.join(bin, "psql"),
        ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", databaseUrl, ...args],
        what,
      );
    psql(["-c", SUPABASE_ROLES], "Creating Supabase's roles");
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith(".sql"))
      .sort()) {
      psql(["-f", path.join(MIGRATIONS_DIR, file)], `Migration ${file}`);
    }

    const services = await startFakeServices({
      resend: await freePort(range, taken),
      twilio: await freePort(range, taken),
      meta: await freePort(range, taken),
      webhook: await freePort(range, taken),
    });
    cleanups.push(() => services.close());

    const functionPort = await freePort(range, taken);
    const cronSecret = randomBytes(24).toString("hex");
    const functionLog: string[] = [];
    const deno = spawn(
      DENO,
      ["run", "--no-prompt", "--no-lock", `--allow-net=${HOST}`, "--allow-env", FUNCTION_ENTRY],
      {
        env: {
          ...process.env,
          NO_COLOR: "1",
          SUPABASE_DB_URL: databaseUrl,
          PORT: String(functionPort),
          HOST,
          ALLOWED_ORIGINS: (
            options.allowedOrigins ?? ["http://127.0.0.1:*", "http://localhost:*"]
          ).join(","),
          ...services.env,
          LEADS_CRON_SECRET: cronSecret,
          LEADS_RATE_LIMIT: options.rateLimit ?? "off",
          LEADS_TRUST_FORWARDED_FOR: options.trustForwardedFor ? "1" : "0",
          ...options.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const capture = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        functionLog.push(line);
        log(`[function] ${line}`);
      }
    };
    deno.stdout?.on("data", capture);
    deno.stderr?.on("data", capture);
    cleanups.push(() => stopChild(deno));

    const supabaseUrl = `http://${HOST}:${functionPort}`;
    const functionUrl = `${supabaseUrl}${FUNCTION_PATH}`;
    await waitFor(
      "The function (deno run)",
      async () => (await fetch(functionUrl, { method: "OPTIONS" })).status === 204,
      180_000,
      () =>
        deno.exitCode !== null
          ? `exit code ${deno.exitCode}: ${functionLog.slice(-5).join(" | ")}`
          : null,
    );

    return {
      supabaseUrl,
      functionUrl,
      retryUrl: `${functionUrl}/retry-notifications`,
      cronSecret,
      databaseUrl,
      services,
      functionLog,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) =>
    Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  const uid = id("-u");
  const gid = id("-g");
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(INSTALL_HINT);
  return { uid, gid };
}

async function main() {
  const stack = await startHostedStack({
    rateLimit: process.env.LEADS_RATE_LIMIT ?? "off",
    log: process.env.HOSTED_STACK_VERBOSE ? (line) => console.error(line) : undefined,
  });
  const { supabaseUrl, functionUrl, retryUrl, cronSecret, databaseUrl } = stack;
  console.log(JSON.stringify({ supabaseUrl, functionUrl, retryUrl, cronSecret, databaseUrl }));
  const shutdown = () => {
    void stack.stop().then(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

if (/hosted-stack\.ts$/.test(process.argv[1] ?? "")) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
