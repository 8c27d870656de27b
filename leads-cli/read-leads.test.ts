import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { leadFixture, leadRowFixture } from "../supabase/functions/_leads/lead-test-kit.ts";
import { listenOnLoopback } from "../local-server/local-test-kit.ts";
import { openPgliteStore } from "../local-server/pglite-store.ts";
import { readLeads } from "./read-leads.ts";
import { writeServerInfo } from "../local-server/server-info.ts";

// Jest's module sandbox has no dynamic import(), which PGlite's WebAssembly
// loader needs; Node's own require loads it outside the sandbox.
jest.mock("@electric-sql/pglite", () =>
  jest
    .requireActual<{ _load(request: string, parent: null): unknown }>("node:module")
    ._load(require.resolve("@electric-sql/pglite"), null),
);
jest.setTimeout(60_000);

const row = leadRowFixture();

describe("readLeads", () => {
  let root: string;
  let dataDir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "read-leads-"));
    dataDir = path.join(root, "leads");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("finds none before anything was stored", async () => {
    expect(await readLeads(dataDir)).toEqual([]);
  });

  it("opens the directory itself when no server is running", async () => {
    const store = await openPgliteStore({ dataDir });
    await store.insert(leadFixture());
    await store.close();

    expect(await readLeads(dataDir)).toEqual([
      {
        ...row,
        created_at: expect.any(String),
        notify_attempted_at: expect.any(String),
        notify_attempts: 1,
      },
    ]);
  });

  it("asks the running server, which holds the database", async () => {
    const { url, close } = await listenOnLoopback(
      http.createServer((_req, res) => res.end(JSON.stringify([row]))),
    );
    writeServerInfo({ pid: process.pid, url }, dataDir);

    try {
      expect(await readLeads(dataDir)).toEqual([row]);
    } finally {
      await close();
    }
  });

  it("says what to do when the server's process lives but does not answer", async () => {
    writeServerInfo({ pid: process.pid, url: "http://127.0.0.1:9" }, dataDir);
    await expect(readLeads(dataDir)).rejects.toThrow(
      `The local server (pid ${process.pid}) did not answer at http://127.0.0.1:9/__leads`,
    );
  });
});
