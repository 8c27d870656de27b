import { spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { askHolder, holdStore, storeSocketPath, StoreHeldError } from "./store-lock.ts";

jest.setTimeout(30_000);

const root = mkdtempSync(path.join(tmpdir(), "store-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
const freshDir = () => path.join(root, `store-${++count}`, "leads");
const me = { pid: process.pid, role: "server" as const, url: "http://127.0.0.1:3000" };

it("is a socket beside the data directory that only its owner may use", async () => {
  const dataDir = freshDir();
  const held = await holdStore(dataDir, me);
  const socket = storeSocketPath(dataDir);
  expect(socket).toBe(path.join(path.dirname(dataDir), "leads.sock"));
  expect(statSync(socket).isSocket()).toBe(true);
  expect(statSync(socket).mode & 0o777).toBe(0o600);
  expect(await askHolder(socket, { method: "holder" })).toEqual(me);
  // Who made it, for a user who may not ask: readable by all, naming no lead.
  expect(statSync(`${socket}.holder`).mode & 0o777).toBe(0o644);
  await held.release();
  expect(existsSync(socket)).toBe(false);
  expect(existsSync(`${socket}.holder`)).toBe(false);
});

it("goes to exactly one of many processes asking at once", async () => {
  const dataDir = freshDir();
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, (_, index) =>
      holdStore(dataDir, { pid: index, role: "server" }, { waitMs: 0 }),
    ),
  );
  const won = results.filter((result) => result.status === "fulfilled");
  expect(won).toHaveLength(1);
  for (const result of results) {
    if (result.status === "rejected") expect(result.reason).toBeInstanceOf(StoreHeldError);
  }
  await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof holdStore>>>).value.release();
});

it("waits for the holder to let go, then takes it", async () => {
  const dataDir = freshDir();
  const first = await holdStore(dataDir, me);
  const lines: string[] = [];
  const second = holdStore(
    dataDir,
    { ...me, url: "http://127.0.0.1:3001" },
    {
      waitMs: 10_000,
      log: (line) => lines.push(line),
    },
  );
  setTimeout(() => void first.release(), 500);
  const held = await second;
  expect(lines).toEqual([
    `The lead store ${dataDir} is held by a local server (pid ${process.pid}, http://127.0.0.1:3000); waiting up to 10 s for it to close.`,
  ]);
  await held.release();
});

/**
 * A process of its own that takes the store (as `uid` when given) and prints what became of
 * it: `stay` keeps holding it, `release` lets go (before printing) and ends.
 */
const holdScript = path.join(root, "hold.mts");
writeFileSync(
  holdScript,
  `import { holdStore } from ${JSON.stringify(path.resolve("local-server/store-lock.ts"))};
   const [dataDir, waitMs, then] = process.argv.slice(2);
   const started = Date.now();
   try {
     const held = await holdStore(dataDir, { pid: process.pid, role: "cli" }, { waitMs: Number(waitMs) });
     const ms = Date.now() - started;
     if (then === "release") await held.release();
     else setInterval(() => {}, 1000);
     console.log(JSON.stringify({ held: true, ms }));
   } catch (error) {
     console.log(JSON.stringify({ held: false, ms: Date.now() - started, error: error.message }));
   }`,
);

type Outcome = { held: boolean; ms: number; error?: string };

function holdElsewhere(
  dataDir: string,
  { waitMs = 0, then = "stay", uid }: { waitMs?: number; then?: "stay" | "release"; uid?: number },
) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", holdScript, dataDir, String(waitMs), then],
    {
      stdio: ["ignore", "pipe", "inherit"],
      ...(uid === undefined ? {} : { uid, gid: uid }),
    },
  );
  const outcome = new Promise<Outcome>((resolve, reject) => {
    let text = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      text += chunk;
      if (text.includes("\n")) resolve(JSON.parse(text) as Outcome);
    });
    child.once("exit", (code) => reject(new Error(`exited ${code} before saying: ${text}`)));
  });
  const kill = async () => {
    child.kill("SIGKILL");
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => child.once("exit", resolve));
    }
  };
  return { child, outcome, kill };
}

/** A store whose socket file outlived its holder, killed without cleaning up. */
async function deadSocket(dataDir: string): Promise<string> {
  const holder = holdElsewhere(dataDir, {});
  expect(await holder.outcome).toMatchObject({ held: true });
  await holder.kill();
  const socket = storeSocketPath(dataDir);
  // Nobody listens on it.
  expect(statSync(socket).isSocket()).toBe(true);
  return socket;
}

/** Settles with the promise, or rejects when it has not within `ms`: a hang fails, not stalls. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

it("is free again when its holder is killed, without anyone cleaning up", async () => {
  const dataDir = freshDir();
  const holder = holdElsewhere(dataDir, {});
  expect(await holder.outcome).toMatchObject({ held: true });
  await expect(holdStore(dataDir, me)).rejects.toThrow(`npm run leads (pid ${holder.child.pid})`);
  await holder.kill();
  // The dead holder's socket file is still there; nobody listens on it.
  expect(existsSync(storeSocketPath(dataDir))).toBe(true);
  const held = await holdStore(dataDir, me);
  await held.release();
});

it("goes to exactly one of many processes finding the same dead holder's socket", async () => {
  const dataDir = freshDir();
  await deadSocket(dataDir);
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, (_, index) =>
      holdStore(dataDir, { pid: index, role: "server" }, { waitMs: 0 }),
    ),
  );
  const won = results.filter((result) => result.status === "fulfilled");
  expect(won).toHaveLength(1);
  await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof holdStore>>>).value.release();
});

describe("a store left by another user", () => {
  /**
   * Another user's socket (mode 0600) cannot be connected to. As root, the process asking
   * runs as nobody, in a directory nobody owns; as anyone else, the socket's mode is taken
   * away, which refuses its owner the same way (root would connect regardless).
   */
  const asRoot = process.getuid?.() === 0;
  const NOBODY = 65534;
  if (asRoot) chmodSync(root, 0o755);
  const foreignDir = () => {
    const dataDir = freshDir();
    mkdirSync(path.dirname(dataDir), { recursive: true });
    if (asRoot) chownSync(path.dirname(dataDir), NOBODY, NOBODY);
    return dataDir;
  };
  const unreachable = (socket: string) => {
    if (!asRoot) chmodSync(socket, 0);
  };
  const otherUser = asRoot ? NOBODY : undefined;

  it("takes over, within the wait, the socket of a holder that has ended", async () => {
    const dataDir = foreignDir();
    const socket = await deadSocket(dataDir);
    unreachable(socket);
    const outcome = await holdElsewhere(dataDir, {
      waitMs: 20_000,
      then: "release",
      uid: otherUser,
    }).outcome;
    expect(outcome).toEqual({ held: true, ms: expect.any(Number) });
    expect(outcome.ms).toBeLessThan(5_000);
    // Let go, it leaves nothing behind: the socket and its note are gone.
    expect(existsSync(socket)).toBe(false);
    expect(existsSync(`${socket}.holder`)).toBe(false);
  });

  it("leaves the socket of a holder that still runs, and names it", async () => {
    const dataDir = foreignDir();
    const holder = holdElsewhere(dataDir, {});
    expect(await holder.outcome).toMatchObject({ held: true });
    try {
      unreachable(storeSocketPath(dataDir));
      const outcome = await holdElsewhere(dataDir, { waitMs: 0, uid: otherUser }).outcome;
      expect(outcome.held).toBe(false);
      expect(outcome.error).toContain(`is held by npm run leads (pid ${holder.child.pid})`);
    } finally {
      await holder.kill();
    }
  });
});

describe("a takeover left behind", () => {
  const minuteAgo = () => new Date(Date.now() - 60_000);
  it.each<[string, (mutex: string) => void]>([
    [
      "a directory holding a file, a minute old",
      (mutex) => {
        mkdirSync(mutex);
        writeFileSync(path.join(mutex, "note"), "x");
        utimesSync(mutex, minuteAgo(), minuteAgo());
      },
    ],
    [
      "a directory holding a file, just made",
      (mutex) => {
        mkdirSync(mutex);
        mkdirSync(path.join(mutex, "inner"));
      },
    ],
    ["a file", (mutex) => writeFileSync(mutex, "")],
    [
      "an empty directory dated a day ahead",
      (mutex) => {
        mkdirSync(mutex);
        const tomorrow = new Date(Date.now() + 86_400_000);
        utimesSync(mutex, tomorrow, tomorrow);
      },
    ],
  ])("never holds up a start, even with no wait: %s", async (_case, leave) => {
    const dataDir = freshDir();
    const socket = await deadSocket(dataDir);
    leave(`${socket}.takeover`);
    const held = await within(3_000, holdStore(dataDir, me, { waitMs: 0 }));
    expect(existsSync(`${socket}.takeover`)).toBe(false);
    await held.release();
  });
});

it("answers the CLI's calls only once the store is open, and says what failed", async () => {
  const dataDir = freshDir();
  const held = await holdStore(dataDir, me);
  const socket = storeSocketPath(dataDir);
  await expect(askHolder(socket, { method: "list" })).rejects.toThrow(
    "The store is still opening; try again in a moment.",
  );
  held.serve(async (request) => {
    if (request.method === "list") return [{ id: "a" }];
    throw new Error(`no ${request.method}`);
  });
  expect(await askHolder(socket, { method: "list" })).toEqual([{ id: "a" }]);
  await expect(askHolder(socket, { method: "purge" })).rejects.toThrow("no purge");
  await held.release();
});
