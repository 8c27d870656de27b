import { listedLeadFixture } from "./cli-test-kit.ts";
import { formatDuration, formatLeadsReport, parseSince, percentile } from "./leads-report.ts";

const NOW = Date.parse("2026-11-23T12:00:00.000Z");

const lead = (overrides: Parameters<typeof listedLeadFixture>[0]) =>
  listedLeadFixture({
    id: crypto.randomUUID(),
    created_at: "2026-11-20T10:00:00.000Z",
    ...overrides,
  });

const ohioAd = {
  state: "Ohio" as const,
  landing_page: "/sell-house-fast-ohio",
  touched_at: "2026-11-20T09:00:00.000Z",
  gclid: "abc",
  utm_campaign: "ohio-probate",
};

describe("parseSince", () => {
  it("takes a UTC day or a number of days", () => {
    expect(parseSince("2026-11-01", NOW).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(parseSince("30d", NOW).toISOString()).toBe("2026-10-24T12:00:00.000Z");
  });

  it.each(["", "yesterday", "30", "2026-1-1", "1e3d"])(
    "refuses %j, saying how to write it",
    (text) => {
      expect(() => parseSince(text, NOW)).toThrow(
        /--since takes a date \(2026-11-01\) or a number of days \(30d\)/,
      );
    },
  );

  it.each([
    ["2026-13-01", "--since 2026-13-01 is not a day of the calendar."],
    ["2026-02-31", "--since 2026-02-31 is not a day of the calendar."],
    ["2027-01-01", "--since 2027-01-01 is in the future."],
    ["0d", '--since takes 1 to 3660 days; got "0d".'],
    ["99999999d", '--since takes 1 to 3660 days; got "99999999d".'],
  ])("refuses %j, which no calendar or retention has", (text, message) => {
    expect(() => parseSince(text, NOW)).toThrow(message);
  });
});

describe("formatLeadsReport", () => {
  const rows = [
    lead({
      ...ohioAd,
      status: "closed",
      status_value: 182_500,
      reached_at: "2026-11-20T10:04:00.000Z",
    }),
    lead({ ...ohioAd, status: "contacted", reached_at: "2026-11-20T11:30:00.000Z" }),
    lead({
      state: "Texas",
      landing_page: "/blog",
      touched_at: "2026-11-20T09:00:00.000Z",
      referrer: "https://www.google.com",
    }),
    lead({}),
    lead({ ...ohioAd, spam_reason: "no fill time was sent" }),
    lead({ ...ohioAd, created_at: "2026-10-01T00:00:00.000Z" }),
  ];

  it("counts leads, contacted, closed and value per landing page, campaign and state, spam left out", () => {
    expect(formatLeadsReport(rows, new Date("2026-11-01T00:00:00.000Z")).split("\n")).toEqual([
      "Leads since 2026-11-01: 4 (suspected spam left out).",
      "",
      "Speed to lead (arrival to first contact)  Reached  Median    90th pct  Still new",
      "----------------------------------------  -------  ------  ----------  ---------",
      "All leads                                       2   4 min  1 h 30 min          2",
      "google / cpc                                    2   4 min  1 h 30 min          0",
      "(direct) / (none)                               0       -           -          1",
      "google / organic                                0       -           -          1",
      "",
      "Landing page           Leads  Contacted  Closed     Value",
      "---------------------  -----  ---------  ------  --------",
      "/sell-house-fast-ohio      2          2       1  $182,500",
      "(not recorded)             1          0       0        $0",
      "/blog                      1          0       0        $0",
      "",
      "Source / medium / campaign   Leads  Contacted  Closed     Value",
      "---------------------------  -----  ---------  ------  --------",
      "google / cpc / ohio-probate      2          2       1  $182,500",
      "(direct) / (none) / -            1          0       0        $0",
      "google / organic / -             1          0       0        $0",
      "",
      "State                               Leads  Contacted  Closed     Value",
      "----------------------------------  -----  ---------  ------  --------",
      "Ohio                                    2          2       1  $182,500",
      "(no state: sent from another page)      1          0       0        $0",
      "Texas                                   1          0       0        $0",
    ]);
  });

  it("covers all time without --since", () => {
    expect(formatLeadsReport(rows, null).split("\n")[0]).toBe(
      "Leads all time: 5 (suspected spam left out).",
    );
    expect(formatLeadsReport([], null)).toBe("Leads all time: 0 (suspected spam left out).");
  });

  it("writes out non-printable characters in names", () => {
    const report = formatLeadsReport([lead({ ...ohioAd, utm_campaign: "x\u001b[2J" })], null);
    expect(report).toContain("google / cpc / x\\u{1b}[2J");
    expect(report).not.toContain("\u001b");
  });
});

describe("speed to lead", () => {
  it("takes the nearest-rank percentile and writes durations for a person", () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([7], 90)).toBe(7);
    expect([45_000, 240_000, 5_400_000, 3 * 86_400_000 + 7_200_000].map(formatDuration)).toEqual([
      "45 s",
      "4 min",
      "1 h 30 min",
      "3 d 2 h",
    ]);
  });
});
