import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
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
  await held.release();
  expect(existsSync(socket)).toBe(false);
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

it("is free again when its holder is killed, without anyone cleaning up", async () => {
  const dataDir = freshDir();
  const script = path.join(root, "holder.mts");
  writeFileSync(
    script,
    `import { holdStore } from ${JSON.stringify(path.resolve("local-server/store-lock.ts"))};
     await holdStore(${JSON.stringify(dataDir)}, { pid: process.pid, role: "cli" });
     console.log("held");
     setInterval(() => {}, 1000);`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout.on("data", () => resolve()));
  await expect(holdStore(dataDir, me)).rejects.toThrow(`npm run leads (pid ${child.pid})`);
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  // The dead holder's socket file is still there; nobody listens on it.
  expect(existsSync(storeSocketPath(dataDir))).toBe(true);
  const held = await holdStore(dataDir, me);
  await held.release();
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
