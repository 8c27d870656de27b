import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import {
  DISCLOSURE_VERSION,
  sha256Hex,
  shownDisclosure,
} from "../supabase/functions/_shared/contract/disclosures.ts";
import { planDelivery } from "../supabase/functions/_shared/delivery/outbox.ts";
import { leadFixture, leadRowFixture } from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { listedLeadFixture } from "./cli-test-kit.ts";
import { EXPORT_COLUMNS } from "./lead-columns.ts";
import { runLeads } from "./leads.ts";
import { openPgliteStore } from "../local-server/pglite-store.ts";
import { answerOperator } from "../local-server/operator-calls.ts";
import { holdStore } from "../local-server/store-lock.ts";

jest.setTimeout(120_000);

const execFileAsync = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Printed = { stdout: string; stderr: string };

/**
 * `npm run leads` as the developer runs it (tsx's loader in a process of its own), against a
 * data directory of its own; a run that exits other than 0 rejects with its code, stdout and
 * stderr. Seconds apiece on a small machine: kept for what only a process shows (its exit
 * code, its streams, the store's lock between processes).
 */
function leadsProcess(dataDir: string, ...args: string[]): Promise<Printed> {
  return execFileAsync(process.execPath, ["--import", "tsx", "leads-cli/leads.ts", ...args], {
    env: { ...process.env, LEADS_DATA_DIR: dataDir },
  });
}

/** The same command run in this process by the CLI's own entry point: the same contract. */
async function leadsHere(dataDir: string, ...args: string[]): Promise<Printed> {
  const printed = { stdout: "", stderr: "" };
  const code = await runLeads(args, {
    dataDir,
    output: {
      stdout: (text) => (printed.stdout += text),
      stderr: (text) => (printed.stderr += text),
    },
  });
  if (code !== 0) {
    throw Object.assign(new Error(`leads ${args.join(" ")} exited with ${code}`), {
      code,
      ...printed,
    });
  }
  return printed;
}

/** What the command prints on stdout, run in this process. */
async function leads(dataDir: string, ...args: string[]): Promise<string> {
  return (await leadsHere(dataDir, ...args)).stdout;
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}

/** The store opened and held as the local server holds it: every command goes through its socket. */
async function serveStore(dataDir: string) {
  const held = await holdStore(dataDir, { pid: process.pid, role: "server" });
  const store = await openPgliteStore({ dataDir });
  held.serve((request) => answerOperator(store, request));
  return {
    store,
    async close() {
      await store.close();
      await held.release();
    },
  };
}

/** ESC, BEL, CSI, the other C0/C1 controls and bidi overrides: none may reach the terminal. */
const RAW_CONTROL =
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

it("says there are no leads yet, in a table, as JSON or as CSV", async () => {
  const dataDir = path.join(root, "empty", "leads");
  await (await openPgliteStore({ dataDir })).close();
  expect(await leads(dataDir)).toBe("No leads yet.\n");
  expect(JSON.parse(await leads(dataDir, "--json"))).toEqual([]);
  expect(await leads(dataDir, "--csv")).toBe(`${EXPORT_COLUMNS.join(",")}\r\n`);
});

it("exits 1 on a folder with no store, saying on stderr which folder and how to point at the right one", async () => {
  const dataDir = path.join(root, "nowhere", "leads");
  const told = [
    `No lead store in ${dataDir}: the folder does not exist.`,
    `npm run leads looked there as LEADS_DATA_DIR=${dataDir}.`,
    "Point it at the store the local server uses with LEADS_DATA_DIR=/path/to/leads npm run leads,",
    'or at the hosted one with npm run leads -- --db "$SUPABASE_DB_URL".',
    "",
  ].join("\n");
  await expect(leadsProcess(dataDir)).rejects.toMatchObject({ code: 1, stdout: "", stderr: told });
  for (const args of [["--json"], ["--waiting"], ["--deliveries"]]) {
    await expect(leadsHere(dataDir, ...args)).rejects.toMatchObject({
      code: 1,
      stdout: "",
      stderr: expect.stringContaining(`No lead store in ${dataDir}: the folder does not exist.\n`),
    });
  }
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

  const long = leadFixture({
    id: "99999999-9999-4999-8999-999999999999",
    address: `${"Long Address Road ".repeat(20)}Apt 1`,
    email: `${"a".repeat(60)}@example.com`,
    phone: "(614) 555-0177 ext 2",
  });

  beforeAll(async () => {
    const store = await openPgliteStore({ dataDir });
    for (const lead of [real, hostile, spam, long]) {
      await store.insert(lead, {
        deliveries: lead.spam_reason
          ? []
          : await Promise.all([
              planDelivery(lead.id, {
                channel: "team_email",
                event: "lead.created",
                destination: "log",
              }),
              planDelivery(lead.id, {
                channel: "webhook",
                event: "lead.created",
                destination: "https://crm.example/hook",
              }),
            ]),
      });
    }
    // The team's e-mail went to the log; the webhook was refused once and waits to retry.
    for (const { delivery } of await store.claimDeliveries({ limit: 10 })) {
      await store.recordAttempt(
        delivery.id,
        1,
        delivery.channel === "team_email"
          ? { status: "logged" }
          : {
              status: "pending",
              error: "503 from the webhook",
              httpStatus: 503,
              delaySeconds: 300,
            },
      );
    }
    await store.close();
  });

  it("lists the real leads with the call asked for, where each came from and what went out, and counts what is held, opening the store itself", async () => {
    // No server holds the store: the CLI's process opens the directory itself.
    const { stdout: table } = await leadsProcess(dataDir);
    expect(table).toContain("1 Elm St");
    expect(table).toContain("Google Ads, ohio-probate");
    expect(table).toContain("(614) 555-0177 ext 2");
    expect(table).toMatch(/new\s+not asked\s+Good\s+en\s+1 Elm St/);
    expect(table).toContain("team e-mail: logged only: no provider configured");
    expect(table).toMatch(
      /webhook to crm\.example: retrying \(1\), next \d\d:\d\d(:\d\d)?: 503 from the webhook/,
    );
    expect(table).not.toContain("team e-mail: sent");
    expect(table).not.toContain("cheap pills");
    expect(table).toContain("3 leads.\n1 more held as suspected spam: npm run leads -- --spam\n");
  });

  describe("held by the local server", () => {
    let served: Awaited<ReturnType<typeof serveStore>> | undefined;
    beforeAll(async () => {
      served = await serveStore(dataDir);
    });
    afterAll(() => served?.close());

    it("fits a 120-column terminal, however long the address or e-mail", async () => {
      for (const args of [[], ["--spam"], ["--deliveries"], ["--waiting"]]) {
        const lines = (await leads(dataDir, ...args)).split("\n");
        expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(120);
      }
    });

    it("lists every delivery, and one lead's", async () => {
      const all = await leads(dataDir, "--deliveries");
      expect(all).toContain("6 deliveries: 3 logged, 3 pending.");
      const one = await leads(dataDir, "--deliveries", real.id);
      expect(one.split("\n").filter((line) => line.includes("11111111"))).toHaveLength(2);
      const rows = JSON.parse(await leads(dataDir, "--deliveries", real.id, "--json")) as {
        channel: string;
        status: string;
        attempts: number;
      }[];
      expect(rows.map((row) => [row.channel, row.status, row.attempts])).toEqual([
        ["team_email", "logged", 1],
        ["webhook", "pending", 1],
      ]);
    });

    it("lists the leads nobody has contacted yet, oldest first, with how long each has waited", async () => {
      const waiting = await leads(dataDir, "--waiting");
      expect(waiting).toMatch(/^Waiting\s+Received \(UTC\)\s+Lead\s+Call\s+Address/);
      expect(waiting).toContain("3 leads wait for a first contact.");
      expect(waiting).not.toContain("cheap pills");
    });

    it("lists only the held requests, with the reason, under --spam", async () => {
      const held = await leads(dataDir, "--spam");
      expect(held).toContain("cheap pills");
      expect(held).toContain('the hidden "website" field was filled in');
      expect(held).not.toContain("1 Elm St");
    });

    it("carries every column in --json and --csv", async () => {
      const json = JSON.parse(await leads(dataDir, "--json")) as Record<string, unknown>[];
      expect(json).toHaveLength(3);
      expect(Object.keys(json[0] ?? {})).toEqual([...EXPORT_COLUMNS]);
      expect(json.find((row) => row.id === real.id)).toMatchObject({
        gclid: "abc",
        spam_reason: null,
      });
      expect(json.find((row) => row.id === hostile.id)?.address).toBe(hostile.address);

      const csv = (await leads(dataDir, "--csv")).split("\r\n");
      expect(csv[0]).toBe(EXPORT_COLUMNS.join(","));
      expect(csv).toHaveLength(5);
      expect(csv.join("\n")).toContain(`,"'=cmd|' /C calc'!A0@example.com",`);

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

    it.each<[string[], string]>([
      [
        ["--report", "--since", "last week"],
        "--since takes a date (2026-11-01) or a number of days (30d)",
      ],
      [["--report", "--since", "2026-02-31"], "--since 2026-02-31 is not a day of the calendar."],
      [["--report", "--since", "99999999d"], "--since takes 1 to 3660 days"],
      [["--report", "--since", "0d"], "--since takes 1 to 3660 days"],
      [["--repot"], "Unknown option '--repot'"],
      [["--report", "--waiting"], "Choose one command; got --waiting and --report."],
      [["--json", "extra"], 'Unexpected word: "extra".'],
      [
        ["--status", "11111111-1111-4111-8111-111111111111"],
        "--status takes a lead's id and a status",
      ],
    ])("refuses %j before opening the store, saying why and how", async (args, message) => {
      await expect(leads(dataDir, ...args)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          new RegExp(
            `${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[\\s\\S]*npm run leads -- \\[--db URL\\]`,
          ),
        ),
      });
    });

    it("exits 1 from a mistake, with the message and the usage on stderr and nothing on stdout", async () => {
      await expect(leadsProcess(dataDir, "--repot")).rejects.toMatchObject({
        code: 1,
        stdout: "",
        stderr: expect.stringMatching(
          /^Unknown option '--repot'[\s\S]*\n\nnpm run leads -- \[--db URL\]/,
        ),
      });
    });
  });
});

describe("consent, opt-outs, outcomes and conversions", () => {
  const dataDir = path.join(root, "outcomes", "leads");
  const brand = "Quick Home Buyers";
  const closed = leadFixture({
    id: "44444444-4444-4444-8444-444444444444",
    email: "Jo@Example.com",
    phone: "(614) 555-0142",
    gclid: "Cj0KCQiA-abc_123",
    landing_page: "/sell-house-fast-ohio",
    // The click must stay within the ad platforms' 90 days of the conversion, made today.
    touched_at: daysAgo(7),
    utm_campaign: "ohio-probate",
  });
  const privateOne = leadFixture({
    id: "55555555-5555-4555-8555-555555555555",
    email: "gpc@example.com",
    gclid: "Cj0KCQiA-gpc",
    gpc: true,
  });
  const optedOut = leadFixture({
    id: "66666666-6666-4666-8666-666666666666",
    email: "private@example.com",
    msclkid: "7f3c1b2a",
  });
  let served: Awaited<ReturnType<typeof serveStore>> | undefined;
  const later = leadFixture({
    id: "77777777-7777-4777-8777-777777777777",
    email: "jo@example.com",
    phone: null,
  });

  beforeAll(async () => {
    const text = shownDisclosure(DISCLOSURE_VERSION, brand, { phoneSection: true })!;
    // Held as the local server holds it: every command below goes through the store's socket.
    served = await serveStore(dataDir);
    for (const lead of [closed, privateOne, optedOut]) {
      await served.store.insert(lead, {
        consent: {
          consented_at: "2026-11-25T14:03:11.201Z",
          disclosure_version: DISCLOSURE_VERSION,
          disclosure_sha256: await sha256Hex(text),
          disclosure_verified: true,
          brand,
          calls: true,
          texts: lead === closed,
          page_url: "https://quickhomebuyers.com/sell-house-fast-ohio?gclid=Cj0KCQiA-abc_123",
          user_agent: "Mozilla/5.0 (Linux; Android 14) \u001b[2J",
          client_ip: "203.0.113.9",
          gpc: lead.gpc,
          via: "script",
          doubts: [],
        },
      });
    }
  });
  afterAll(() => served?.close());
  const googleExport = ["--export", "google-ads", "--conversion", "Closed deal"];

  it("records a status with its value and note, and lists it", async () => {
    // From a process of its own, as the operator types it while the server runs.
    expect((await leadsProcess(dataDir, "--status", closed.id, "contacted")).stdout).toMatch(
      /^Lead 44444444-4444-4444-8444-444444444444 is contacted as of \d{4}-/,
    );
    for (const lead of [closed, privateOne, optedOut]) {
      await leads(dataDir, "--status", lead.id, "closed", "--value", "$182,500", "--note", "Title");
    }
    const [row] = (JSON.parse(await leads(dataDir, "--json")) as Record<string, unknown>[]).filter(
      (lead) => lead.id === closed.id,
    );
    expect(row).toMatchObject({ status: "closed", status_value: 182500, status_note: "Title" });
    expect(await leads(dataDir)).toContain("closed $182,500");
    await expect(leads(dataDir, "--status", closed.id, "sold")).rejects.toMatchObject({
      stderr: expect.stringContaining("A status is one of new, contacted, appointment"),
    });
    await expect(
      leads(dataDir, "--status", "88888888-8888-4888-8888-888888888888", "closed"),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining("No lead has the id 88888888-8888-4888-8888-888888888888"),
    });
    for (const value of ["182.500,00", "0x10", "", "Infinity", "1e5", "18,25,00"]) {
      await expect(
        leads(dataDir, "--status", closed.id, "closed", "--value", value),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining(
          `--value takes an amount in dollars such as 182500 or 182,500.50; got "${value}".`,
        ),
      });
    }
  });

  it("records an opt-out by any spelling of the phone, and a later lead from the same e-mail shows it", async () => {
    expect(await leads(dataDir, "--opt-out", "614-555-0142 cell", "--channel", "texts")).toMatch(
      /Recorded at .*: \+16145550142 opted out of texts\./,
    );
    await leads(dataDir, "--opt-out", "PRIVATE@example.com", "--channel", "sharing");
    await served!.store.insert(later);
    const rows = JSON.parse(await leads(dataDir, "--json")) as {
      id: string;
      opt_outs: string[];
      no_sharing: boolean;
    }[];
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.find((row) => row.id === closed.id)?.opt_outs).toEqual([`texts ${today}`]);
    expect(rows.find((row) => row.id === optedOut.id)).toMatchObject({
      opt_outs: [`sharing ${today}`],
      no_sharing: true,
    });
    await expect(
      leads(dataDir, "--opt-out", "someone", "--channel", "texts"),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining("is neither an e-mail address nor a phone number"),
    });
    await expect(
      leads(dataDir, "--opt-out", "jo@example.com", "--channel", "fax"),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining("--channel is one of calls, texts, email, sharing, all"),
    });
  });

  it("prints the consent record with the wording reproduced from its hash, and the opt-outs since", async () => {
    const record = await leads(dataDir, "--consent", closed.id);
    expect(record).toMatch(/Text messages\s+agreed/);
    expect(record).toMatch(/Client address\s+203\.0\.113\.9/);
    expect(record).toContain(
      `Wording shown (version ${DISCLOSURE_VERSION}, in English, with the phone section)`,
    );
    expect(record).toContain(
      `  Text me about my offer. I agree to receive text messages from ${brand} about my offer request`,
    );
    expect(record).toContain("Msg & data rates may apply. Reply STOP to cancel, HELP for help.");
    expect(record).toMatch(/\d{4}-\d\d-\d\dT.*stopped\s+texts\s+\+16145550142/);
    expect(record).not.toMatch(RAW_CONTROL);
    await expect(leadsProcess(dataDir, "--consent", later.id)).rejects.toMatchObject({
      code: 2,
      stdout: expect.stringContaining("No consent record is stored for"),
    });
  });

  it("exports closed deals for Google Ads and Microsoft Advertising, leaving out GPC and opted-out leads", async () => {
    // The file on stdout, what was left out on stderr: the operator redirects one to the upload.
    const google = await leadsProcess(
      dataDir,
      ...googleExport,
      "--time-zone",
      "America/New_York",
      "--since",
      "1d",
    );
    const lines = google.stdout.split("\r\n");
    expect(lines[0]).toBe("Parameters:TimeZone=America/New_York,,,,,,");
    expect(lines[1]).toBe(
      "Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
    );
    expect(lines[2]).toMatch(
      /^Cj0KCQiA-abc_123,,,Closed deal,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,182500,USD$/,
    );
    expect(lines).toHaveLength(4);
    expect(google.stderr).toContain(
      "Left out, never shared: 1 sent Global Privacy Control, 1 opted out of sharing.",
    );
    const microsoft = await leads(
      dataDir,
      "--export",
      "microsoft-ads",
      "--conversion",
      "Closed deal",
    );
    expect(microsoft.split("\r\n")).toHaveLength(3);
    expect(microsoft).not.toContain("7f3c1b2a");
    await expect(leads(dataDir, "--export", "google-ads")).rejects.toMatchObject({
      stderr: expect.stringContaining("--export needs --conversion NAME"),
    });
  });

  it("reports a click only the first visit carried, within 90 days, and never writes a formula click id", async () => {
    const firstOnly = leadFixture({
      id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1",
      email: "returned@example.com",
      landing_page: "/",
      touched_at: daysAgo(2),
      first_landing_page: "/sell-house-fast-ohio",
      first_touched_at: daysAgo(20),
      first_gclid: "Cj0KCQiA-first_touch",
      first_msclkid: "0123456789abcdef0123456789abcdef",
    });
    const stale = leadFixture({
      id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2",
      email: "stale@example.com",
      landing_page: "/",
      touched_at: daysAgo(2),
      first_landing_page: "/",
      first_touched_at: daysAgo(95),
      first_gclid: "Cj0KCQiA-stale",
    });
    const formula = leadFixture({
      id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3",
      email: "minus@example.com",
      landing_page: "/",
      touched_at: daysAgo(2),
      gclid: "-A1",
    });
    for (const lead of [firstOnly, stale, formula]) {
      await served!.store.insert(lead);
      await leads(dataDir, "--status", lead.id, "closed");
    }
    const google = await leadsHere(
      dataDir,
      ...googleExport,
      "--time-zone",
      "america/new_york",
      "--since",
      "1d",
    );
    const lines = google.stdout.split("\r\n");
    expect(lines[0]).toBe("Parameters:TimeZone=America/New_York,,,,,,");
    expect(lines.slice(2).map((line) => line.split(",")[0])).toEqual([
      "Cj0KCQiA-abc_123",
      "Cj0KCQiA-first_touch",
      "",
    ]);
    expect(google.stdout).not.toMatch(/A1|stale/);
    expect(google.stderr).toContain(
      "times in America/New_York): 1 from the latest visit's click, 1 from the first visit's click.",
    );
    expect(google.stderr).toContain(
      `Skipped ${stale.id}: the first visit's gclid click was 95 days before the conversion, and Google Ads takes clicks up to 90 days old; not written.`,
    );
    expect(google.stderr).toContain(
      `Skipped ${formula.id}: the latest visit's gclid is not a Google Ads click id`,
    );

    const microsoft = await leadsHere(
      dataDir,
      "--export",
      "microsoft-ads",
      ...googleExport.slice(2),
      "--since",
      "1d",
    );
    expect(microsoft.stdout.split("\r\n")[2]).toMatch(
      /^0123456789abcdef0123456789abcdef,Closed deal,\d+\/\d+\/\d{4} /,
    );
    expect(microsoft.stderr).toContain(
      ": 0 from the latest visit's click, 1 from the first visit's click.",
    );

    await expect(
      leads(dataDir, ...googleExport, "--time-zone", "Mars/Olympus"),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        '--time-zone takes an IANA time zone name such as America/New_York; "Mars/Olympus" is not one.',
      ),
    });
  });

  it("reports contacted, closed and value per campaign, and how fast leads were reached", async () => {
    const report = await leads(dataDir, "--report");
    expect(report).toMatch(/google \/ cpc \/ ohio-probate\s+1\s+1\s+1\s+\$182,500/);
    expect(report).toMatch(
      /Speed to lead \(arrival to first contact\)\s+Reached\s+Median\s+90th pct\s+Still new/,
    );
    expect(report).toMatch(/All leads\s+\d+\s+\d+ (s|min|h)/);
  });
});

it("prints the leads of the server that holds the store, asking it through the store's socket", async () => {
  const dataDir = path.join(root, "served", "leads");
  const row = leadRowFixture({ address: "1 Elm St", phone: "555-0100", state: "Ohio" });
  const held = await holdStore(dataDir, { pid: process.pid, role: "server" });
  held.serve(async (request) => (request.method === "list" ? [row] : []));
  try {
    expect(JSON.parse((await leadsProcess(dataDir, "--json")).stdout)).toEqual([
      listedLeadFixture(row),
    ]);
    expect(await leads(dataDir)).toContain("1 Elm St");
  } finally {
    await held.release();
  }
});

describe("each attempt of a lead's deliveries", () => {
  const dataDir = path.join(root, "attempts", "leads");
  const lead = leadFixture({ id: "88888888-8888-4888-8888-888888888888" });
  let webhookId = "";

  beforeAll(async () => {
    const store = await openPgliteStore({ dataDir });
    const planned = await planDelivery(lead.id, {
      channel: "webhook",
      event: "lead.created",
      destination: "https://crm.example/hook",
    });
    webhookId = planned.id;
    await store.insert(lead, { deliveries: [planned] });
    // Refused twice (once by an answer whose text would clear the terminal), then taken.
    const failures = [
      { error: "503 from the webhook: \u001b[2Jbusy\u202e", httpStatus: 503, durationMs: 120 },
      { error: "The webhook could not be reached: no answer", durationMs: 15_000 },
    ];
    for (const [index, failure] of failures.entries()) {
      await store.claimDeliveries({ leadId: lead.id, limit: 1 });
      await store.recordAttempt(planned.id, index + 1, {
        status: "pending",
        delaySeconds: 0,
        ...failure,
      });
    }
    await store.claimDeliveries({ leadId: lead.id, limit: 1 });
    await store.recordAttempt(planned.id, 3, { status: "sent", httpStatus: 200, durationMs: 80 });
    await store.close();
  });

  it("lists each delivery of the lead with its attempts under it: time, outcome, HTTP status, duration, what was said", async () => {
    const lines = (await leads(dataDir, "--deliveries", lead.id)).split("\n");
    const at = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d`;
    expect(lines[2]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d  88888888  created\s+webhook to crm\.example\s+3\s+sent /,
    );
    expect(lines.slice(3, 6)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^ {18}#1   ${at}  to retry     HTTP 503  120 ms    503 from the webhook: \\\\u\\{1b\\}\\[2Jbusy\\\\u\\{202e\\}$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^ {18}#2   ${at}  to retry     -         15\\.0 s    The webhook could not be reached: no answer$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^ {18}#3   ${at}  sent         HTTP 200  80 ms$`)),
    ]);
    expect(lines.join("\n")).not.toMatch(RAW_CONTROL);
    // The delivery's own id lists the same.
    expect(await leads(dataDir, "--deliveries", webhookId)).toBe(
      await leads(dataDir, "--deliveries", lead.id),
    );
  });

  it("carries the attempts in --json, oldest first", async () => {
    const [delivery] = JSON.parse(await leads(dataDir, "--deliveries", lead.id, "--json")) as {
      attempt_log: { attempt: number; outcome: string; http_status: number | null }[];
    }[];
    expect(
      delivery?.attempt_log.map(({ attempt, outcome, http_status }) => [
        attempt,
        outcome,
        http_status,
      ]),
    ).toEqual([
      [1, "pending", 503],
      [2, "pending", null],
      [3, "sent", 200],
    ]);
  });

  it("lists every delivery without the attempts", async () => {
    const all = await leads(dataDir, "--deliveries");
    expect(all).toContain("1 delivery: 1 sent.");
    expect(all).not.toContain("#1");
  });
});
