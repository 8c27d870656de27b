import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { leadFixture, leadRowFixture } from "../supabase/functions/_leads/lead-test-kit.ts";
import { EXPORT_COLUMNS } from "./lead-columns.ts";
import { openPgliteStore } from "../local-server/pglite-store.ts";
import { holdStore } from "../local-server/store-lock.ts";

// Jest's module sandbox has no dynamic import(), which PGlite's WebAssembly
// loader needs; Node's own require loads it outside the sandbox.
jest.mock("@electric-sql/pglite", () =>
  jest
    .requireActual<{ _load(request: string, parent: null): unknown }>("node:module")
    ._load(require.resolve("@electric-sql/pglite"), null),
);
jest.setTimeout(120_000);

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `npm run leads`, as the developer runs it, against a data directory of its own. */
async function leads(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    path.resolve("node_modules", ".bin", "tsx"),
    ["leads-cli/leads.ts", ...args],
    {
      env: { ...process.env, LEADS_DATA_DIR: dataDir },
    },
  );
  return stdout;
}

/** ESC, BEL, CSI, the other C0/C1 controls and bidi overrides: none may reach the terminal. */
const RAW_CONTROL =
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

it("says there are no leads yet, in a table, as JSON or as CSV", async () => {
  const dataDir = path.join(root, "empty", "leads");
  expect(await leads(dataDir)).toBe("No leads yet.\n");
  expect(JSON.parse(await leads(dataDir, "--json"))).toEqual([]);
  expect(await leads(dataDir, "--csv")).toBe(`${EXPORT_COLUMNS.join(",")}\r\n`);
});

describe("with leads and held spam in the directory", () => {
  const dataDir = path.join(root, "stored", "leads");
  const real = leadFixture({
    id: "11111111-1111-4111-8111-111111111111",
    address: "1 Elm St",
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    landing_page: "/sell-house-fast-ohio",
    touched_at: "2026-11-20T09:00:00.000Z",
    gclid: "abc",
    utm_campaign: "ohio-probate",
  });
  const hostile = leadFixture({
    id: "22222222-2222-4222-8222-222222222222",
    address: "\u001b]0;owned\u0007\u001b[2J\u009b31m9 Bad Rd\u202e",
    email: "=cmd|' /C calc'!A0@example.com",
  });
  const spam = leadFixture({
    id: "33333333-3333-4333-8333-333333333333",
    address: "cheap pills",
    spam_reason: 'the hidden "website" field was filled in',
    fill_ms: 400,
  });

  beforeAll(async () => {
    const store = await openPgliteStore({ dataDir });
    for (const lead of [real, hostile, spam]) await store.insert(lead);
    await store.close();
  });

  it("lists the real leads with their source, and counts what is held", async () => {
    const table = await leads(dataDir);
    expect(table).toContain("1 Elm St");
    expect(table).toMatch(/google\s+cpc\s+ohio-probate/);
    expect(table).not.toContain("cheap pills");
    expect(table).toContain("2 leads.\n1 more held as suspected spam: npm run leads -- --spam\n");
  });

  it("lists only the held requests, with the reason, under --spam", async () => {
    const held = await leads(dataDir, "--spam");
    expect(held).toContain("cheap pills");
    expect(held).toContain('the hidden "website" field was filled in');
    expect(held).not.toContain("1 Elm St");
  });

  it("carries every column in --json and --csv", async () => {
    const json = JSON.parse(await leads(dataDir, "--json")) as Record<string, unknown>[];
    expect(json).toHaveLength(2);
    expect(Object.keys(json[0] ?? {})).toEqual([...EXPORT_COLUMNS]);
    expect(json.find((row) => row.id === real.id)).toMatchObject({
      gclid: "abc",
      spam_reason: null,
    });
    expect(json.find((row) => row.id === hostile.id)?.address).toBe(hostile.address);

    const csv = (await leads(dataDir, "--csv")).split("\r\n");
    expect(csv[0]).toBe(EXPORT_COLUMNS.join(","));
    expect(csv).toHaveLength(4);
    expect(csv.join("\n")).toContain(",'=cmd|' /C calc'!A0@example.com,");

    const spamJson = JSON.parse(await leads(dataDir, "--spam", "--json")) as { id: string }[];
    expect(spamJson.map((row) => row.id)).toEqual([spam.id]);
  });

  it("reports leads per landing page, source and state", async () => {
    const report = await leads(dataDir, "--report", "--since", "30d");
    expect(report).toContain("(suspected spam left out)");
    expect(report).toMatch(/\/sell-house-fast-ohio\s+1/);
    expect(report).toMatch(/google \/ cpc \/ ohio-probate\s+1/);
    expect(report).toMatch(/Ohio\s+1/);
  });

  it("never writes a control or direction character to the terminal, in any format", async () => {
    for (const args of [[], ["--json"], ["--csv"], ["--report"], ["--spam"]]) {
      const output = (await leads(dataDir, ...args)).replace(/\r?\n/g, "");
      expect(output).not.toMatch(RAW_CONTROL);
    }
  });

  it("says what is wrong with --since", async () => {
    await expect(leads(dataDir, "--report", "--since", "last week")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        "--since takes a date (2026-11-01) or a number of days (30d)",
      ),
    });
  });
});

it("prints the leads of the server that holds the store, asking it through the store's socket", async () => {
  const dataDir = path.join(root, "served", "leads");
  const row = leadRowFixture({ address: "1 Elm St", phone: "555-0100", state: "Ohio" });
  const held = await holdStore(dataDir, { pid: process.pid, role: "server" });
  held.serve(async (request) => (request.method === "list" ? [row] : null));
  try {
    expect(JSON.parse(await leads(dataDir, "--json"))).toEqual([row]);
    expect(await leads(dataDir)).toContain("1 Elm St");
  } finally {
    await held.release();
  }
});
