import {
  canonicalTimeZone,
  type ConversionLead,
  type ConversionTouch,
  conversionSummary,
  exportTimeZone,
  googleAdsConversionCsv,
  microsoftAdsConversionCsv,
} from "./ad-conversions.ts";

const DAY = 86_400_000;
const NO_CLICK = { gclid: null, gbraid: null, wbraid: null, msclkid: null };

type LeadFields = Partial<Omit<ConversionLead, "latest" | "first">> & {
  id: string;
  latest?: Partial<ConversionTouch>;
  first?: Partial<ConversionTouch>;
};

/** A lead whose latest visit came three days before its conversion, unless told otherwise. */
function lead({ latest, first, ...fields }: LeadFields): ConversionLead {
  const convertedAt = fields.convertedAt ?? "2026-01-15T14:30:00Z";
  const converted = Date.parse(convertedAt);
  const visited = new Date((Number.isNaN(converted) ? 0 : converted) - 3 * DAY).toISOString();
  return {
    receivedAt: visited,
    convertedAt,
    value: null,
    currency: "USD",
    ...fields,
    latest: { at: visited, ...NO_CLICK, ...latest },
    first: { at: null, ...NO_CLICK, ...first },
  };
}

const options = { conversionName: "Accepted offer", timeZone: "America/New_York" };
const MSCLKID = "f894f652ea334e739002f7167ab8f8e3";

// New York: EST (-05:00) in January, EDT (-04:00) in July; clocks went forward at
// 2026-03-08 07:00 UTC (02:00 EST became 03:00 EDT).
const leads: ConversionLead[] = [
  lead({ id: "g-jan", latest: { gclid: "Cj0KCQiA-abc_123" }, value: 1500 }),
  lead({ id: "gb-jul", latest: { gbraid: "0AAAAAo-gbraid" }, convertedAt: "2026-07-15T14:30:00Z" }),
  lead({
    id: "wb-before-dst",
    latest: { wbraid: "CkAKCQjw_wbraid-1" },
    convertedAt: "2026-03-08T06:59:59Z",
    value: 250000.5,
  }),
  lead({
    id: "gb-after-dst",
    latest: { gbraid: "0AAAAAo-second" },
    convertedAt: "2026-03-08T07:00:00Z",
  }),
  lead({
    id: "ms-jul",
    latest: { msclkid: MSCLKID },
    convertedAt: "2026-07-15T14:30:00Z",
    value: 1234.5,
  }),
  lead({
    id: "both",
    latest: { gclid: "GCLID-both", msclkid: "0123456789abcdef0123456789ABCDEF" },
    value: 99.999,
  }),
  lead({ id: "none" }),
];

/** The prefixes a spreadsheet runs as a formula, full-width forms and leading spaces too. */
const FORMULA_PREFIXES = [
  "=",
  "+",
  "-",
  "@",
  "\t",
  "\r",
  "\n",
  "\uFF1D",
  "\uFF0B",
  "\uFF0D",
  "\uFF20",
  " =",
  "   +",
  "\u00a0-",
  "\u3000\uFF20",
];

describe("googleAdsConversionCsv", () => {
  it("writes Google's template: the time zone row, the columns, one click id per row, local times", () => {
    const { csv, skipped } = googleAdsConversionCsv(leads, options);
    expect(csv).toBe(
      [
        "Parameters:TimeZone=America/New_York,,,,,,",
        "Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
        "Cj0KCQiA-abc_123,,,Accepted offer,2026-01-15 09:30:00,1500,USD",
        ",0AAAAAo-gbraid,,Accepted offer,2026-07-15 10:30:00,,USD",
        ",,CkAKCQjw_wbraid-1,Accepted offer,2026-03-08 01:59:59,250000.5,USD",
        ",0AAAAAo-second,,Accepted offer,2026-03-08 03:00:00,,USD",
        "GCLID-both,,,Accepted offer,2026-01-15 09:30:00,100,USD",
        "",
      ].join("\r\n"),
    );
    expect(skipped).toEqual([
      { id: "ms-jul", reason: "no gclid, gbraid or wbraid in the latest or the first visit" },
      { id: "none", reason: "no gclid, gbraid or wbraid in the latest or the first visit" },
    ]);
  });

  it("uses the gclid when a lead has several ids, and never writes two on one row", () => {
    const { csv } = googleAdsConversionCsv(
      [lead({ id: "all", latest: { gclid: "G1", gbraid: "B1", wbraid: "W1" } })],
      options,
    );
    expect(csv.split("\r\n")[2]).toBe("G1,,,Accepted offer,2026-01-15 09:30:00,,USD");
    expect(csv).not.toContain("B1");
    expect(csv).not.toContain("W1");
  });

  it("prefers gbraid to wbraid", () => {
    const { csv } = googleAdsConversionCsv(
      [lead({ id: "ios", latest: { gbraid: "B1", wbraid: "W1" } })],
      options,
    );
    expect(csv.split("\r\n")[2]).toBe(",B1,,Accepted offer,2026-01-15 09:30:00,,USD");
  });

  it("follows the zone's own rules: Los Angeles and a zone without daylight saving", () => {
    const at = [lead({ id: "a", latest: { gclid: "G1" }, convertedAt: "2026-07-01T00:15:00Z" })];
    expect(
      googleAdsConversionCsv(at, { ...options, timeZone: "America/Los_Angeles" }).csv,
    ).toContain("G1,,,Accepted offer,2026-06-30 17:15:00,");
    expect(googleAdsConversionCsv(at, { ...options, timeZone: "Asia/Kolkata" }).csv).toContain(
      "G1,,,Accepted offer,2026-07-01 05:45:00,",
    );
  });

  it("writes the time zone by its canonical name, however it was typed", () => {
    for (const typed of ["america/new_york", "AMERICA/NEW_YORK", " America/New_York "]) {
      const { csv, timeZone } = googleAdsConversionCsv([], { ...options, timeZone: typed });
      expect(csv.split("\r\n")[0]).toBe("Parameters:TimeZone=America/New_York,,,,,,");
      expect(timeZone).toBe("America/New_York");
    }
  });

  it("never writes a click id Google does not make, and says why", () => {
    const { csv, skipped } = googleAdsConversionCsv(
      [
        lead({ id: "formula", latest: { gclid: '=HYPERLINK("http://evil.example","x")' } }),
        lead({ id: "comma", latest: { gbraid: "abc,def" } }),
        lead({ id: "newline", latest: { wbraid: "abc\r\ndef" } }),
        lead({ id: "space", latest: { gclid: "abc def" } }),
        // What a URL carries unescaped is written: no formula can start with it.
        lead({ id: "unreserved", latest: { gclid: "Cj0.abc_def-1~x" } }),
      ],
      options,
    );
    expect(csv.split("\r\n")).toHaveLength(4);
    expect(csv).not.toMatch(/HYPERLINK|abc,def|abc def/);
    expect(csv).toContain("\r\nCj0.abc_def-1~x,,,");
    const rule =
      "is not a Google Ads click id (letters, digits, - _ . and ~, starting with a letter or digit); not written";
    expect(skipped).toEqual([
      { id: "formula", reason: `the latest visit's gclid ${rule}` },
      { id: "comma", reason: `the latest visit's gbraid ${rule}` },
      { id: "newline", reason: `the latest visit's wbraid ${rule}` },
      { id: "space", reason: `the latest visit's gclid ${rule}` },
    ]);
  });

  it("never writes the click id -A1, which a spreadsheet would run as a formula", () => {
    const { csv, written, skipped } = googleAdsConversionCsv(
      [lead({ id: "minus", latest: { gclid: "-A1" } })],
      options,
    );
    expect(csv).not.toContain("A1");
    expect(written).toEqual([]);
    expect(skipped[0]?.reason).toMatch(/^the latest visit's gclid is not a Google Ads click id/);
  });

  it.each(FORMULA_PREFIXES)(
    "writes no cell starting a formula with %j, in a click id",
    (prefix) => {
      const { csv, skipped } = googleAdsConversionCsv(
        [lead({ id: "f", latest: { gclid: `${prefix}A1` }, first: { gbraid: `${prefix}B1` } })],
        options,
      );
      expect(csv.split("\r\n")).toHaveLength(3);
      expect(csv).not.toMatch(/A1|B1/);
      expect(skipped[0]?.reason).toMatch(/^the latest visit's gclid is not a Google Ads click id/);
    },
  );

  it("skips rows it cannot date, price or put in a currency", () => {
    const { skipped } = googleAdsConversionCsv(
      [
        lead({ id: "time", latest: { gclid: "G1" }, convertedAt: "yesterday" }),
        lead({ id: "currency", latest: { gclid: "G1" }, currency: "usd" }),
        lead({ id: "negative", latest: { gclid: "G1" }, value: -5 }),
        lead({ id: "nan", latest: { gclid: "G1" }, value: Number.NaN }),
      ],
      options,
    );
    expect(skipped).toEqual([
      { id: "time", reason: "convertedAt is not an ISO 8601 date-time" },
      { id: "currency", reason: "currency is not an ISO 4217 code such as USD" },
      { id: "negative", reason: "value is not an amount (a number from 0 up)" },
      { id: "nan", reason: "value is not an amount (a number from 0 up)" },
    ]);
  });

  it("quotes a conversion name holding a comma or quote (RFC 4180)", () => {
    const { csv } = googleAdsConversionCsv([lead({ id: "q", latest: { gclid: "G1" } })], {
      ...options,
      conversionName: 'Offer, "accepted"',
    });
    expect(csv.split("\r\n")[2]).toBe('G1,,,"Offer, ""accepted""",2026-01-15 09:30:00,,USD');
  });

  it.each([
    { conversionName: "=cmd|' /C calc'!A0", why: "starts with =" },
    { conversionName: "+1 offer", why: "starts with +" },
    { conversionName: "-1 offer", why: "starts with -" },
    { conversionName: "@SUM(A1)", why: "starts with @" },
    { conversionName: "\uFF1DSUM(A1)", why: "starts with a full-width =" },
    { conversionName: "\uFF0B1 offer", why: "starts with a full-width +" },
    { conversionName: "\uFF0D1 offer", why: "starts with a full-width -" },
    { conversionName: "\uFF20SUM(A1)", why: "starts with a full-width @" },
    { conversionName: "  =SUM(A1)", why: "starts with = after spaces" },
    { conversionName: "\u3000\uFF20SUM(A1)", why: "starts with a full-width @ after a wide space" },
    { conversionName: "Offer\taccepted", why: "holds a tab" },
    { conversionName: "Offer\naccepted", why: "holds a line break" },
    { conversionName: "Offer\u202eaccepted", why: "holds a direction override" },
    { conversionName: "   ", why: "is blank" },
  ])("refuses a conversion name that $why, naming the option", ({ conversionName }) => {
    expect(() => googleAdsConversionCsv([], { ...options, conversionName })).toThrow(
      /^conversionName /,
    );
    expect(() => microsoftAdsConversionCsv([], { ...options, conversionName })).toThrow(
      /^conversionName /,
    );
  });

  it.each(["Mars/Olympus", "-0500", "-05:00", "America/New_York,x", ""])(
    "refuses the time zone %j, naming the option",
    (timeZone) => {
      expect(() => googleAdsConversionCsv([], { ...options, timeZone })).toThrow(/^timeZone /);
      expect(() => microsoftAdsConversionCsv([], { ...options, timeZone })).toThrow(/^timeZone /);
    },
  );
});

describe("microsoftAdsConversionCsv", () => {
  it("writes Microsoft's template with only msclkid leads, at a fixed GMT offset", () => {
    const { csv, skipped } = microsoftAdsConversionCsv(leads, options);
    // The earliest conversion is in January, so the file is at EST (-0500) and
    // the July one is 9:30 on that clock: the same instant as 10:30 EDT.
    expect(csv).toBe(
      [
        "Parameters:TimeZone=-0500,,,,",
        "Microsoft Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
        `${MSCLKID},Accepted offer,7/15/2026 9:30:00 AM,1234.5,USD`,
        "0123456789abcdef0123456789ABCDEF,Accepted offer,1/15/2026 9:30:00 AM,100,USD",
        "",
      ].join("\r\n"),
    );
    expect(skipped.map(({ id }) => id)).toEqual([
      "g-jan",
      "gb-jul",
      "wb-before-dst",
      "gb-after-dst",
      "none",
    ]);
    expect(skipped[0]?.reason).toBe("no msclkid in the latest or the first visit");
  });

  it("uses daylight time's offset when the file's earliest conversion is in summer", () => {
    const { csv } = microsoftAdsConversionCsv(
      [
        lead({
          id: "jul",
          latest: { msclkid: MSCLKID },
          convertedAt: "2026-07-15T16:05:09Z",
          value: 10,
        }),
      ],
      options,
    );
    expect(csv).toBe(
      [
        "Parameters:TimeZone=-0400,,,,",
        "Microsoft Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
        `${MSCLKID},Accepted offer,7/15/2026 12:05:09 PM,10,USD`,
        "",
      ].join("\r\n"),
    );
  });

  it("writes half-hour offsets and midnight as 12 AM", () => {
    const { csv } = microsoftAdsConversionCsv(
      [lead({ id: "in", latest: { msclkid: MSCLKID }, convertedAt: "2026-07-01T18:30:00Z" })],
      { ...options, timeZone: "Asia/Kolkata" },
    );
    expect(csv.split("\r\n").slice(0, 3)).toEqual([
      "Parameters:TimeZone=+0530,,,,",
      "Microsoft Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
      `${MSCLKID},Accepted offer,7/2/2026 12:00:00 AM,,USD`,
    ]);
  });

  it("skips an msclkid that is not Microsoft's 32 hexadecimal digits", () => {
    const { csv, skipped } = microsoftAdsConversionCsv(
      [
        lead({ id: "formula", latest: { msclkid: "@SUM(A1:A9)" } }),
        lead({ id: "short", latest: { msclkid: "7f3c1b2a" } }),
        lead({ id: "minus", latest: { msclkid: "-A1" } }),
      ],
      options,
    );
    expect(csv).not.toMatch(/SUM|7f3c1b2a|A1/);
    expect(skipped.map(({ reason }) => reason)).toEqual(
      Array(3).fill(
        "the latest visit's msclkid is not a Microsoft Advertising click id (32 hexadecimal digits); not written",
      ),
    );
  });

  it.each(FORMULA_PREFIXES)(
    "writes no cell starting a formula with %j, in a click id",
    (prefix) => {
      const { csv, skipped } = microsoftAdsConversionCsv(
        [lead({ id: "f", latest: { msclkid: `${prefix}${MSCLKID.slice(1)}` } })],
        options,
      );
      expect(csv.split("\r\n")).toHaveLength(3);
      expect(csv).not.toContain(MSCLKID.slice(1));
      expect(skipped[0]?.reason).toMatch(/^the latest visit's msclkid is not a Microsoft/);
    },
  );

  it("still writes both header rows when nothing is left to send", () => {
    expect(microsoftAdsConversionCsv([], options).csv).toBe(
      "Parameters:TimeZone=+0000,,,,\r\n" +
        "Microsoft Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency\r\n",
    );
  });
});

describe("a click only in the first visit", () => {
  // The visitor clicked an ad, came back directly days later and sent the form; the
  // deal closed on 2026-03-01 at 15:00 UTC (10:00 in New York).
  const convertedAt = "2026-03-01T15:00:00Z";
  const daysBefore = (days: number) => new Date(Date.parse(convertedAt) - days * DAY).toISOString();
  const returned = { at: daysBefore(20) };
  const firstGoogle = lead({
    id: "first-google",
    convertedAt,
    latest: returned,
    first: { at: daysBefore(30), gclid: "Cj0KCQiA-first" },
  });
  const firstMicrosoft = lead({
    id: "first-microsoft",
    convertedAt,
    latest: returned,
    first: { at: daysBefore(30), msclkid: MSCLKID },
  });
  const tooOld = lead({
    id: "too-old",
    convertedAt,
    latest: returned,
    first: { at: daysBefore(91), gclid: "Cj0KCQiA-old", msclkid: "a".repeat(32) },
  });
  const latestWins = lead({
    id: "latest-wins",
    convertedAt,
    latest: { at: daysBefore(2), gclid: "Cj0KCQiA-latest" },
    first: { at: daysBefore(30), gclid: "Cj0KCQiA-earlier" },
  });

  it("is reported to Google Ads from the first visit, within 90 days of the click", () => {
    const file = googleAdsConversionCsv([firstGoogle, tooOld, latestWins], options);
    expect(file.csv.split("\r\n").slice(2)).toEqual([
      "Cj0KCQiA-first,,,Accepted offer,2026-03-01 10:00:00,,USD",
      "Cj0KCQiA-latest,,,Accepted offer,2026-03-01 10:00:00,,USD",
      "",
    ]);
    expect(file.written).toEqual([
      { id: "first-google", visit: "first" },
      { id: "latest-wins", visit: "latest" },
    ]);
    expect(file.skipped).toEqual([
      {
        id: "too-old",
        reason:
          "the first visit's gclid click was 91 days before the conversion, and Google Ads takes clicks up to 90 days old; not written",
      },
    ]);
  });

  it("is reported to Microsoft Advertising from the first visit, within 90 days of the click", () => {
    const file = microsoftAdsConversionCsv([firstMicrosoft, tooOld], options);
    expect(file.csv.split("\r\n").slice(2)).toEqual([
      `${MSCLKID},Accepted offer,3/1/2026 10:00:00 AM,,USD`,
      "",
    ]);
    expect(file.written).toEqual([{ id: "first-microsoft", visit: "first" }]);
    expect(file.skipped).toEqual([
      {
        id: "too-old",
        reason:
          "the first visit's msclkid click was 91 days before the conversion, and Microsoft Advertising takes clicks up to 90 days old; not written",
      },
    ]);
  });

  it("counts a click at exactly 90 days as in the window", () => {
    const edge = lead({
      id: "edge",
      convertedAt,
      latest: returned,
      first: { at: daysBefore(90), gclid: "G90", msclkid: MSCLKID },
    });
    expect(googleAdsConversionCsv([edge], options).written).toEqual([
      { id: "edge", visit: "first" },
    ]);
    expect(microsoftAdsConversionCsv([edge], options).written).toEqual([
      { id: "edge", visit: "first" },
    ]);
  });

  it("measures a click both visits carried from the first visit, when it was made", () => {
    const sameAd = lead({
      id: "same-ad",
      convertedAt,
      latest: { at: daysBefore(10), gclid: "Cj0KCQiA-same" },
      first: { at: daysBefore(95), gclid: "Cj0KCQiA-same" },
    });
    expect(googleAdsConversionCsv([sameAd], options).skipped[0]?.reason).toBe(
      "the latest visit's gclid click was 95 days before the conversion, and Google Ads takes clicks up to 90 days old; not written",
    );
  });

  it("skips a first-visit click whose time was not believed, and one dated after the conversion", () => {
    const untimed = lead({
      id: "untimed",
      convertedAt,
      latest: returned,
      first: { at: null, gclid: "Cj0KCQiA-untimed" },
    });
    const future = lead({
      id: "future",
      convertedAt,
      latest: { at: "2026-03-02T00:00:00Z", gclid: "Cj0KCQiA-future" },
    });
    expect(googleAdsConversionCsv([untimed, future], options).skipped).toEqual([
      {
        id: "untimed",
        reason:
          "the first visit's gclid came without a time (the browser's clock was not believed), so the click's age is unknown; not written",
      },
      {
        id: "future",
        reason: "the conversion is dated before the latest visit's gclid click; not written",
      },
    ]);
  });

  it("measures a latest click without a believed time from when the request came in", () => {
    const untimedLatest = lead({
      id: "untimed-latest",
      convertedAt,
      receivedAt: daysBefore(5),
      latest: { at: null, gclid: "Cj0KCQiA-session" },
    });
    expect(googleAdsConversionCsv([untimedLatest], options).written).toEqual([
      { id: "untimed-latest", visit: "latest" },
    ]);
  });

  it("says in the summary which visit each written click came from, and why others were skipped", () => {
    const file = googleAdsConversionCsv([firstGoogle, latestWins, tooOld, lead({ id: "none" })], {
      ...options,
      timeZone: "america/new_york",
    });
    expect(
      conversionSummary(file, {
        status: "closed",
        since: new Date("2026-02-01T00:00:00Z"),
        leftOut: { gpc: 1, optedOut: 2 },
      }),
    ).toBe(
      [
        "2 conversions written (leads that reached closed since 2026-02-01, times in America/New_York): 1 from the latest visit's click, 1 from the first visit's click.",
        "Left out, never shared: 1 sent Global Privacy Control, 2 opted out of sharing.",
        "Skipped too-old: the first visit's gclid click was 91 days before the conversion, and Google Ads takes clicks up to 90 days old; not written.",
        "Skipped none: no gclid, gbraid or wbraid in the latest or the first visit.",
      ].join("\n"),
    );
  });
});

describe("the time zone flag", () => {
  it("gives the canonical IANA name of a zone typed in any case", () => {
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(exportTimeZone("america/chicago")).toBe("America/Chicago");
  });

  it.each(["Mars/Olympus", "Eastern", "+05:00", "New York"])(
    "refuses %j, naming --time-zone",
    (typed) => {
      expect(canonicalTimeZone(typed)).toBeNull();
      expect(() => exportTimeZone(typed)).toThrow(
        `--time-zone takes an IANA time zone name such as America/New_York; "${typed}" is not one.`,
      );
    },
  );

  it("uses this machine's zone when the flag is left out", () => {
    expect(canonicalTimeZone(exportTimeZone(undefined))).toBe(exportTimeZone(undefined));
  });
});
