import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { leadFixture, leadRowFixture } from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { openPgliteStore } from "../local-server/pglite-store.ts";
import { holdStore } from "../local-server/store-lock.ts";
import { openOperatorStore } from "./operator-store.ts";

jest.setTimeout(60_000);

const row = leadRowFixture();

/** What `npm run leads` lists, through whichever way the store is open. */
async function readLeads(dataDir: string) {
  const store = await openOperatorStore(dataDir);
  try {
    return { rows: await store.list(), via: store.via };
  } finally {
    await store.close();
  }
}

describe("openOperatorStore", () => {
  let root: string;
  let dataDir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "operator-store-"));
    dataDir = path.join(root, "leads");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("finds none before anything was stored, and creates no database", async () => {
    expect(await readLeads(dataDir)).toEqual({ rows: [], via: "files" });
    expect(existsSync(dataDir)).toBe(false);
  });

  it("opens the directory itself when no server holds it, and lets it go after", async () => {
    const store = await openPgliteStore({ dataDir });
    await store.insert(leadFixture());
    await store.close();

    expect(await readLeads(dataDir)).toEqual({
      rows: [{ ...row, created_at: expect.any(String) }],
      via: "files",
    });
    // Released: a server can take it now, at once.
    const server = await holdStore(dataDir, { pid: process.pid, role: "server" });
    await server.release();
  });

  it("asks the server that holds the store, and never opens its files", async () => {
    const server = await holdStore(dataDir, { pid: process.pid, role: "server" });
    const asked: string[] = [];
    server.serve(async (request) => {
      asked.push(request.method);
      return [row];
    });
    try {
      expect(await readLeads(dataDir)).toEqual({ rows: [row], via: "server" });
      expect(asked).toEqual(["list"]);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await server.release();
    }
  });

  it("keeps a server from starting on the store while it reads", async () => {
    const cli = await openOperatorStore(dataDir);
    try {
      await expect(
        holdStore(dataDir, { pid: process.pid, role: "server" }, { waitMs: 300 }),
      ).rejects.toThrow(
        `The lead store ${dataDir} is held by npm run leads (pid ${process.pid}) and was not released within 0 s.`,
      );
    } finally {
      await cli.close();
    }
  });
});
