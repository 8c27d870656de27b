import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import type { LeadRow } from "../supabase/functions/_shared/lead-store.ts";
import { writeServerInfo } from "./server-info.ts";

jest.setTimeout(60_000);

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
const dataDir = path.join(root, "leads");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm run leads`, as the developer runs it, against a data directory of its own. */
async function leads(...args: string[]): Promise<string> {
  const { stdout } = await run(
    path.resolve("node_modules", ".bin", "tsx"),
    ["server/leads.ts", ...args],
    {
      env: { ...process.env, LEADS_DATA_DIR: dataDir },
    },
  );
  return stdout;
}

it("says there are no leads yet, in a table or as JSON", async () => {
  expect(await leads()).toBe("No leads yet.\n");
  expect(JSON.parse(await leads("--json"))).toEqual([]);
});

it("prints the running server's leads", async () => {
  const row: LeadRow = {
    id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
    created_at: "2026-11-21T19:08:23.759Z",
    address: "1 Elm St",
    condition: "Good",
    email: "pat@example.com",
    phone: "555-0100",
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    notified_at: null,
  };
  const server = http.createServer((_req, res) => res.end(JSON.stringify([row])));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  writeServerInfo(
    { pid: process.pid, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    dataDir,
  );

  try {
    expect(JSON.parse(await leads("--json"))).toEqual([row]);
    expect(await leads()).toContain("1 Elm St");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
