import { listedLeadFixture } from "./cli-test-kit.ts";
import { fitCell, formatLeadsTable, formatSpamTable } from "./leads-table.ts";

const row = listedLeadFixture({
  address: "12 Oak St",
  condition: "Fair",
  state: "Ohio",
  source: "/sell-house-fast-ohio",
});

describe("formatLeadsTable", () => {
  it("says so when there are no leads, and how many are held as spam", () => {
    expect(formatLeadsTable([])).toBe("No leads yet.");
    expect(formatLeadsTable([], 2)).toBe(
      "No leads yet.\n2 more held as suspected spam: npm run leads -- --spam",
    );
  });

  it("prints one aligned line per lead under a header, with where it came from, and a count", () => {
    const long = listedLeadFixture({
      ...row,
      address: "x".repeat(60),
      phone: "555-0100",
      notified_at: "2026-11-21T19:08:24.000Z",
      landing_page: "/sell-house-fast-ohio",
      touched_at: "2026-11-21T19:00:00.000Z",
      gclid: "abc",
      utm_campaign: "ohio-probate",
      status: "closed",
      status_value: 182500,
      opt_outs: ["texts 2026-11-22"],
    });
    expect(formatLeadsTable([row, long], 3).split("\n")).toEqual([
      "Received (UTC)    Address                                   Condition  Email            Phone     State  Page                   Source    Medium  Campaign      Status           Opted out         E-mailed  Changed on receipt",
      "----------------  ----------------------------------------  ---------  ---------------  --------  -----  ---------------------  --------  ------  ------------  ---------------  ----------------  --------  ------------------",
      "2026-11-21 19:08  12 Oak St                                 Fair       pat@example.com  -         Ohio   /sell-house-fast-ohio  (direct)  (none)  -             new              -                 no        -",
      `2026-11-21 19:08  ${"x".repeat(39)}…  Fair       pat@example.com  555-0100  Ohio   /sell-house-fast-ohio  google    cpc     ohio-probate  closed $182,500  texts 2026-11-22  yes       -`,
      "",
      "2 leads.",
      "3 more held as suspected spam: npm run leads -- --spam",
    ]);
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

describe("fitCell", () => {
  it("cuts at 40 characters, not halfway through one", () => {
    expect(fitCell("🏠".repeat(50))).toBe(`${"🏠".repeat(39)}…`);
  });
});
