import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { leadFixture, leadRowFixture } from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { openPgliteStore } from "../local-server/pglite-store.ts";
import { holdStore } from "../local-server/store-lock.ts";
import { NoStoreError, openOperatorStore } from "./operator-store.ts";

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

  it("refuses a folder with no store, saying which folder and how to point at the right one", async () => {
    const refused = readLeads(dataDir);
    await expect(refused).rejects.toThrow(NoStoreError);
    await expect(refused).rejects.toThrow(
      `No lead store in ${dataDir}: the folder does not exist.\n`,
    );
    await expect(refused).rejects.toThrow(/LEADS_DATA_DIR=\/path\/to\/leads npm run leads/);
    await expect(refused).rejects.toThrow(/--db "\$SUPABASE_DB_URL"/);
    expect(existsSync(dataDir)).toBe(false);
    // Let go: a server can take it at once.
    const server = await holdStore(dataDir, { pid: process.pid, role: "server" });
    await server.release();

    mkdirSync(dataDir);
    await expect(readLeads(dataDir)).rejects.toThrow(
      `No lead store in ${dataDir}: the folder is empty.`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("finds no leads in a store that has none", async () => {
    await (await openPgliteStore({ dataDir })).close();
    expect(await readLeads(dataDir)).toEqual({ rows: [], via: "files" });
  });

  it("creates the store to write in a new folder, never among other files", async () => {
    const store = await openOperatorStore(dataDir, { write: true });
    await store.recordOptOut("+16145550100", "texts");
    await store.close();
    expect(await readLeads(dataDir)).toEqual({ rows: [], via: "files" });

    const elsewhere = path.join(root, "project");
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, "package.json"), "{}");
    await expect(openOperatorStore(elsewhere, { write: true })).rejects.toThrow(
      `No lead store in ${elsewhere}: the folder holds other files, and no store.`,
    );
    expect(readdirSync(elsewhere)).toEqual(["package.json"]);
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
    await (await openPgliteStore({ dataDir })).close();
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
