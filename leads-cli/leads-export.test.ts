import { listedLeadFixture } from "./cli-test-kit.ts";
import { EXPORT_COLUMNS } from "./lead-columns.ts";
import { leadsToCsv, leadsToJson } from "./leads-export.ts";

const row = listedLeadFixture({
  address: '12 "Oak", St',
  phone: "+1 614 555 0100",
  consent_version: "2026-11-23",
  utm_campaign: '=HYPERLINK("http://evil.example","x")',
  landing_page: "/",
  touched_at: "2026-11-21T19:00:00.000Z",
});

describe("leadsToJson", () => {
  it("carries every column of every lead, in a fixed order", () => {
    const [parsed] = JSON.parse(leadsToJson([row])) as Record<string, unknown>[];
    expect(Object.keys(parsed ?? {})).toEqual([...EXPORT_COLUMNS]);
    expect(parsed).toMatchObject({
      address: '12 "Oak", St',
      utm_campaign: row.utm_campaign,
      touched_at: "2026-11-21T19:00:00.000Z",
    });
  });

  it("escapes what JSON.stringify would pass raw to a terminal, and reads back the same", () => {
    const hostile = listedLeadFixture({ address: "a\u009b2J\u202eb\u0000" });
    const json = leadsToJson([hostile]);
    expect(json.replace(/\n/g, "")).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(JSON.parse(json)[0].address).toBe(hostile.address);
  });
});

describe("leadsToCsv", () => {
  it("writes RFC 4180: a header, CRLF lines, quoted fields with doubled quotes", () => {
    const csv = leadsToCsv([row]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(","));
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(lines[1]).toContain(',"12 ""Oak"", St",');
  });

  it("keeps spreadsheets from running a cell as a formula", () => {
    expect(leadsToCsv([row])).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    const [, line] = leadsToCsv([
      listedLeadFixture({ address: "12 Oak St", phone: "+1 614 555 0100", status_value: 9000 }),
    ]).split("\r\n");
    expect(line).toContain(`,"'+1 614 555 0100",`);
    expect(line).toContain(",12 Oak St,");
    expect(line).toContain(",9000,");
  });

  it.each([
    "=",
    "+",
    "-",
    "@",
    "\uFF1D",
    "\uFF0B",
    "\uFF0D",
    "\uFF20",
    " =",
    "   -",
    "\u00a0+",
    "\u3000\uFF20",
  ])("writes a cell starting a formula with %j as quoted text behind an apostrophe", (prefix) => {
    const csv = leadsToCsv([
      listedLeadFixture({ address: `${prefix}SUM(A1:A9)`, utm_campaign: `${prefix}1+1` }),
    ]);
    expect(csv).toContain(`,"'${prefix}SUM(A1:A9)",`);
    expect(csv).toContain(`,"'${prefix}1+1",`);
  });

  it.each(["\t", "\r", "\n"])(
    "writes a cell starting with %j with the character written out",
    (control) => {
      const csv = leadsToCsv([listedLeadFixture({ utm_campaign: `${control}=1+1` })]);
      const code = control.codePointAt(0)!.toString(16);
      expect(csv).toContain(`,\\u{${code}}=1+1,`);
      expect(csv.split("\r\n").join("")).not.toMatch(/[\t\r\n]/);
    },
  );

  it("writes out controls and direction marks instead of passing them to the clipboard", () => {
    const csv = leadsToCsv([
      listedLeadFixture({ address: "x\u202ey\u0085", utm_campaign: "a\nb" }),
    ]);
    expect(csv).toContain(",x\\u{202e}y\\u{85},");
    expect(csv).toContain(",a\\u{a}b,");
  });
});
