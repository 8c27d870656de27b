import { listedLeadFixture } from "./cli-test-kit.ts";
import { EXPORT_COLUMNS } from "./lead-columns.ts";
import { csvCell, leadsToCsv, leadsToJson } from "./leads-export.ts";

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
    expect(leadsToCsv([row])).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell("+1 614 555 0100")).toBe("'+1 614 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("12 Oak St")).toBe("12 Oak St");
    expect(csvCell(9000)).toBe("9000");
    expect(csvCell(null)).toBe("");
  });

  it("writes out controls and direction marks instead of passing them to the clipboard", () => {
    expect(csvCell("\tcmd")).toBe("\\u{9}cmd");
    expect(csvCell("\r=1+1")).toBe("\\u{d}=1+1");
    expect(csvCell("a\nb")).toBe("a\\u{a}b");
    expect(csvCell("x\u202ey\u0085")).toBe("x\\u{202e}y\\u{85}");
  });
});
