import type { DeliveryAttempt, DeliveryRow } from "../supabase/functions/_shared/store/rows.ts";
import { listedLeadFixture } from "./cli-test-kit.ts";
import { describeDelivery } from "./delivery-states.ts";
import {
  fit,
  formatDeliveriesTable,
  formatLeadsTable,
  formatSpamTable,
  formatWaitingTable,
  TABLE_WIDTH,
} from "./leads-table.ts";

const row = listedLeadFixture({
  address: "12 Oak St",
  condition: "Fair",
  state: "Ohio",
  source: "/sell-house-fast-ohio",
});

const delivery = (overrides: Partial<DeliveryRow>): DeliveryRow => ({
  id: "3a8016d6-66a1-86c2-9cc5-326cac6d9c99",
  lead_id: row.id,
  channel: "webhook",
  event: "lead.created",
  destination: "https://crm.example.com/hooks/leads",
  payload: {},
  status: "pending",
  attempts: 0,
  created_at: "2026-11-21T19:08:23.759Z",
  next_attempt_at: "2026-11-21T19:08:23.759Z",
  lease_until: null,
  give_up_at: "2026-11-24T19:08:23.759Z",
  last_error: null,
  last_status: null,
  sent_at: null,
  once_key: null,
  ...overrides,
});

describe("describeDelivery", () => {
  const lead = "2026-11-21T19:08:23.759Z";
  it.each<[Partial<DeliveryRow>, string]>([
    [
      { channel: "team_email", status: "sent", sent_at: "2026-11-21T19:08:25.100Z" },
      "team e-mail: sent 19:08:25",
    ],
    [
      { status: "sent", sent_at: "2026-11-22T08:00:00.000Z" },
      "webhook to crm.example.com: sent 2026-11-22 08:00",
    ],
    [
      {
        status: "pending",
        attempts: 3,
        next_attempt_at: "2026-11-21T19:43:30.000Z",
        last_error: "503 from the webhook",
      },
      "webhook to crm.example.com: retrying (3), next 19:43:30: 503 from the webhook",
    ],
    [
      { status: "failed", last_error: "401 from the webhook" },
      "webhook to crm.example.com: failed: 401 from the webhook",
    ],
    [
      { channel: "team_email", destination: "log", status: "logged" },
      "team e-mail: logged only: no provider configured",
    ],
    [
      {
        channel: "confirm_email",
        status: "skipped",
        last_error: "a confirmation already went to this address in the last 24 hours",
      },
      "confirmation e-mail: skipped: a confirmation already went to this address in the last 24 hours",
    ],
    [
      { channel: "team_email", status: "unverified" },
      "team e-mail: e-mailed or only logged, before delivery records (not known which)",
    ],
    [{ channel: "team_sms", destination: "+16145550177" }, "team text to +16145550177: queued"],
    [
      {
        event: "lead.status_changed",
        payload: { status: "contacted" },
        status: "sending",
        attempts: 1,
      },
      "webhook to crm.example.com (contacted): sending (attempt 1)",
    ],
  ])("%j reads %j", (overrides, text) => {
    expect(describeDelivery(delivery(overrides), lead)).toBe(text);
  });

  it("never says sent for a log line", () => {
    expect(describeDelivery(delivery({ channel: "team_email", status: "logged" }))).not.toMatch(
      /sent|yes/,
    );
  });
});

describe("formatLeadsTable", () => {
  it("says so when there are no leads, and how many are held as spam", () => {
    expect(formatLeadsTable([])).toBe("No leads yet.");
    expect(formatLeadsTable([], 2)).toBe(
      "No leads yet.\n2 more held as suspected spam: npm run leads -- --spam",
    );
  });

  it("prints a block per lead: the call asked for (a US number written (614) 555-0100), who and where from, what went out; and a count", () => {
    const called = listedLeadFixture({
      ...row,
      address: "9 Lake Rd",
      language: "es",
      // Written as typed; listed the way the site writes a number.
      phone: "614.555.0100",
      landing_page: "/sell-house-fast-ohio",
      touched_at: "2026-11-21T19:00:00.000Z",
      gclid: "abc",
      utm_campaign: "ohio-probate",
      status: "closed",
      status_value: 182500,
      opt_outs: ["texts 2026-11-22"],
      deliveries: [
        "team e-mail: sent 19:08:25",
        "webhook to crm.example.com: failed: 401 from the webhook",
      ],
    });
    expect(formatLeadsTable([row, called], 3).split("\n")).toEqual([
      "Received (UTC)    Status           Call            Condition  Lang  Address",
      "----------------  ---------------  --------------  ---------  ----  ---------",
      "2026-11-21 19:08  new              not asked       Fair       en    12 Oak St",
      "                  pat@example.com · Ohio · Direct visit · sent from /sell-house-fast-ohio",
      "                  no deliveries recorded",
      "2026-11-21 19:08  closed $182,500  (614) 555-0100  Fair       es    9 Lake Rd",
      "                  pat@example.com · prefiere español (prefers Spanish) · Ohio · Google Ads, ohio-probate",
      "                  sent from /sell-house-fast-ohio · stopped: texts 2026-11-22",
      "                  team e-mail: sent 19:08:25 · webhook to crm.example.com: failed: 401 from the webhook",
      "",
      "2 leads.",
      "3 more held as suspected spam: npm run leads -- --spam",
    ]);
  });

  it("fits TABLE_WIDTH columns, cutting what is too long with an ellipsis", () => {
    const long = listedLeadFixture({
      address: "Long Address Road ".repeat(20),
      email: `${"a".repeat(150)}@example.com`,
      phone: "(614) 555-0177 extension 12345",
      deliveries: Array.from(
        { length: 6 },
        (_, index) => `webhook to hook-${index}.example.com: sent 19:08:25`,
      ),
    });
    const lines = formatLeadsTable([long]).split("\n");
    expect(Math.max(...lines.map((line) => [...line].length))).toBeLessThanOrEqual(TABLE_WIDTH);
    expect(lines[2]).toMatch(/Long Address Road Long.*…$/);
    expect(lines.filter((line) => line.includes("webhook to hook-"))).toHaveLength(3);
  });

  it("writes out what could drive the terminal: escapes, C1 controls, bidi overrides, line breaks", () => {
    const hostile = listedLeadFixture({
      address: "\u001b]0;owned\u0007\u001b[2J12 Oak",
      email: "a\u009b2Jb@example.com",
      source: "/x\u202etxt.exe",
      utm_campaign: "c\r\nd",
      landing_page: "/",
      touched_at: "2026-11-21T19:00:00.000Z",
    });
    const table = formatLeadsTable([hostile]);
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(table).toContain("\\u{1b}]0;owned\\u{7}\\u{1b}[2J12 Oak");
    expect(table).toContain("a\\u{9b}2Jb@example.com");
    expect(table).toContain("/x\\u{202e}txt.exe");
    expect(table).toContain("c\\u{d}\\u{a}d");
  });
});

describe("formatSpamTable", () => {
  it("lists what is held with its reason and fill time", () => {
    const held = listedLeadFixture({ spam_reason: "the form was filled in 800 ms", fill_ms: 800 });
    expect(formatSpamTable([held]).split("\n")).toEqual([
      "Received (UTC)    Address   Email            Fill time  Why it is held",
      "----------------  --------  ---------------  ---------  -----------------------------",
      "2026-11-21 19:08  1 Elm St  pat@example.com  0.8 s      the form was filled in 800 ms",
      "",
      "1 request held as suspected spam (deleted after 30 days).",
    ]);
    expect(formatSpamTable([])).toBe("Nothing is held as suspected spam.");
  });
});

describe("formatDeliveriesTable and formatWaitingTable", () => {
  it("list every delivery with its tries and where it stands, and count them by status", () => {
    const table = formatDeliveriesTable([
      delivery({
        channel: "team_email",
        destination: "team@example.com",
        status: "sent",
        attempts: 1,
        sent_at: "2026-11-21T19:08:25.000Z",
      }),
      delivery({
        status: "pending",
        attempts: 2,
        next_attempt_at: "2026-11-21T19:13:30.000Z",
        last_error: "503 from the webhook",
      }),
    ]).split("\n");
    expect(table[2]).toMatch(
      /^2026-11-21 19:08  0b6f2a4e  created\s+team e-mail\s+1\s+sent 2026-11-21 19:08$/,
    );
    expect(table.at(-1)).toBe("2 deliveries: 1 sent, 1 pending.");
  });

  it("list one lead's attempts under each delivery, within the terminal, and say when none was made", () => {
    const attempt = (overrides: Partial<DeliveryAttempt>): DeliveryAttempt => ({
      id: 1,
      delivery_id: delivery({}).id,
      lead_id: row.id,
      attempt: 1,
      at: "2026-11-21T19:08:24.000Z",
      outcome: "pending",
      http_status: 503,
      duration_ms: 412,
      excerpt: `503 from the webhook: ${"busy ".repeat(40)}`,
      ...overrides,
    });
    const table = formatDeliveriesTable(
      [
        delivery({ status: "sent", attempts: 2, sent_at: "2026-11-21T19:08:30.000Z" }),
        delivery({ id: "4b9127e7-0000-4000-8000-000000000000", channel: "meta", attempts: 0 }),
      ],
      [
        attempt({}),
        attempt({
          id: 2,
          attempt: 2,
          at: "2026-11-21T19:08:30.000Z",
          outcome: "sent",
          http_status: 200,
          duration_ms: 1530,
          excerpt: null,
        }),
      ],
    ).split("\n");
    expect(table.slice(3, 5)).toEqual([
      expect.stringMatching(
        /^ {18}#1   2026-11-21 19:08:24  to retry     HTTP 503  412 ms    503 from the webhook: busy busy .*…$/,
      ),
      `${" ".repeat(18)}#2   2026-11-21 19:08:30  sent         HTTP 200  1.5 s`,
    ]);
    expect(table[6]).toBe(`${" ".repeat(18)}no attempt yet`);
    expect(Math.max(...table.map((line) => [...line].length))).toBeLessThanOrEqual(TABLE_WIDTH);
  });

  it("list the leads still waiting for a call, oldest first, with their age", () => {
    const now = Date.parse("2026-11-21T19:30:00.000Z");
    const table = formatWaitingTable(
      [
        listedLeadFixture({
          id: "aaaaaaaa-0000-4000-8000-000000000000",
          created_at: "2026-11-21T19:20:00.000Z",
          phone: "(614) 555-0100",
        }),
        listedLeadFixture({
          id: "bbbbbbbb-0000-4000-8000-000000000000",
          created_at: "2026-11-21T18:00:00.000Z",
        }),
        listedLeadFixture({ status: "contacted" }),
        listedLeadFixture({ spam_reason: "honeypot" }),
      ],
      now,
    ).split("\n");
    expect(table.slice(2, 4)).toEqual([
      "1 h 30 min  2026-11-21 18:00  bbbbbbbb  e-mail pat@example.com  1 Elm St",
      "10 min      2026-11-21 19:20  aaaaaaaa  (614) 555-0100          1 Elm St",
    ]);
    expect(table.at(-1)).toMatch(/^2 leads wait for a first contact\./);
    expect(formatWaitingTable([listedLeadFixture({ status: "closed" })], now)).toBe(
      "Nobody is waiting: every lead has been contacted or closed out.",
    );
  });
});

describe("fit", () => {
  it("cuts at the width, not halfway through a character", () => {
    expect(fit("🏠".repeat(50), 40)).toBe(`${"🏠".repeat(39)}…`);
  });
});
