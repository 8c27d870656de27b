import {
  type ConversionLead,
  googleAdsConversionCsv,
  microsoftAdsConversionCsv,
} from "./ad-conversions.ts";

function lead(fields: Partial<ConversionLead> & Pick<ConversionLead, "id">): ConversionLead {
  return {
    gclid: null,
    gbraid: null,
    wbraid: null,
    msclkid: null,
    convertedAt: "2026-01-15T14:30:00Z",
    value: null,
    currency: "USD",
    ...fields,
  };
}

const options = { conversionName: "Accepted offer", timeZone: "America/New_York" };

// New York: EST (-05:00) in January, EDT (-04:00) in July; clocks went forward at
// 2026-03-08 07:00 UTC (02:00 EST became 03:00 EDT).
const leads: ConversionLead[] = [
  lead({ id: "g-jan", gclid: "Cj0KCQiA-abc_123", value: 1500 }),
  lead({ id: "gb-jul", gbraid: "0AAAAAo-gbraid", convertedAt: "2026-07-15T14:30:00Z" }),
  lead({
    id: "wb-before-dst",
    wbraid: "CkAKCQjw.wbraid~1",
    convertedAt: "2026-03-08T06:59:59Z",
    value: 250000.5,
  }),
  lead({ id: "gb-after-dst", gbraid: "0AAAAAo-second", convertedAt: "2026-03-08T07:00:00Z" }),
  lead({
    id: "ms-jul",
    msclkid: "f894f652ea334e739002f7167ab8f8e3",
    convertedAt: "2026-07-15T14:30:00Z",
    value: 1234.5,
  }),
  lead({ id: "both", gclid: "GCLID-both", msclkid: "msclkid.both", value: 99.999 }),
  lead({ id: "none" }),
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
        ",,CkAKCQjw.wbraid~1,Accepted offer,2026-03-08 01:59:59,250000.5,USD",
        ",0AAAAAo-second,,Accepted offer,2026-03-08 03:00:00,,USD",
        "GCLID-both,,,Accepted offer,2026-01-15 09:30:00,100,USD",
        "",
      ].join("\r\n"),
    );
    expect(skipped).toEqual([
      { id: "ms-jul", reason: "no gclid, gbraid or wbraid" },
      { id: "none", reason: "no gclid, gbraid or wbraid" },
    ]);
  });

  it("uses the gclid when a lead has several ids, and never writes two on one row", () => {
    const { csv } = googleAdsConversionCsv(
      [lead({ id: "all", gclid: "G1", gbraid: "B1", wbraid: "W1" })],
      options,
    );
    expect(csv.split("\r\n")[2]).toBe("G1,,,Accepted offer,2026-01-15 09:30:00,,USD");
    expect(csv).not.toContain("B1");
    expect(csv).not.toContain("W1");
  });

  it("prefers gbraid to wbraid", () => {
    const { csv } = googleAdsConversionCsv(
      [lead({ id: "ios", gbraid: "B1", wbraid: "W1" })],
      options,
    );
    expect(csv.split("\r\n")[2]).toBe(",B1,,Accepted offer,2026-01-15 09:30:00,,USD");
  });

  it("follows the zone's own rules: Los Angeles and a zone without daylight saving", () => {
    const at = [lead({ id: "a", gclid: "G1", convertedAt: "2026-07-01T00:15:00Z" })];
    expect(
      googleAdsConversionCsv(at, { ...options, timeZone: "America/Los_Angeles" }).csv,
    ).toContain("G1,,,Accepted offer,2026-06-30 17:15:00,");
    expect(googleAdsConversionCsv(at, { ...options, timeZone: "Asia/Kolkata" }).csv).toContain(
      "G1,,,Accepted offer,2026-07-01 05:45:00,",
    );
  });

  it("never writes a click id that could be a formula or break the row, and says why", () => {
    const { csv, skipped } = googleAdsConversionCsv(
      [
        lead({ id: "formula", gclid: '=HYPERLINK("http://evil.example","x")' }),
        lead({ id: "comma", gbraid: "abc,def" }),
        lead({ id: "newline", wbraid: "abc\r\ndef" }),
      ],
      options,
    );
    expect(csv.split("\r\n")).toHaveLength(3);
    expect(csv).not.toMatch(/HYPERLINK|abc/);
    expect(skipped).toEqual([
      {
        id: "formula",
        reason:
          "gclid has characters a click id never has (letters, digits and . _ ~ - only); not written",
      },
      {
        id: "comma",
        reason:
          "gbraid has characters a click id never has (letters, digits and . _ ~ - only); not written",
      },
      {
        id: "newline",
        reason:
          "wbraid has characters a click id never has (letters, digits and . _ ~ - only); not written",
      },
    ]);
  });

  it("skips rows it cannot date, price or put in a currency", () => {
    const { skipped } = googleAdsConversionCsv(
      [
        lead({ id: "time", gclid: "G1", convertedAt: "yesterday" }),
        lead({ id: "currency", gclid: "G1", currency: "usd" }),
        lead({ id: "negative", gclid: "G1", value: -5 }),
        lead({ id: "nan", gclid: "G1", value: Number.NaN }),
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
    const { csv } = googleAdsConversionCsv([lead({ id: "q", gclid: "G1" })], {
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

  it.each(["Mars/Olympus", "-0500", "America/New_York,x", ""])(
    "refuses the time zone %j, naming the option",
    (timeZone) => {
      expect(() => googleAdsConversionCsv([], { ...options, timeZone })).toThrow(/^timeZone /);
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
        "f894f652ea334e739002f7167ab8f8e3,Accepted offer,7/15/2026 9:30:00 AM,1234.5,USD",
        "msclkid.both,Accepted offer,1/15/2026 9:30:00 AM,100,USD",
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
    expect(skipped[0]?.reason).toBe("no msclkid");
  });

  it("uses daylight time's offset when the file's earliest conversion is in summer", () => {
    const { csv } = microsoftAdsConversionCsv(
      [lead({ id: "jul", msclkid: "M1", convertedAt: "2026-07-15T16:05:09Z", value: 10 })],
      options,
    );
    expect(csv).toBe(
      [
        "Parameters:TimeZone=-0400,,,,",
        "Microsoft Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
        "M1,Accepted offer,7/15/2026 12:05:09 PM,10,USD",
        "",
      ].join("\r\n"),
    );
  });

  it("writes half-hour offsets and midnight as 12 AM", () => {
    const { csv } = microsoftAdsConversionCsv(
      [lead({ id: "in", msclkid: "M1", convertedAt: "2026-07-01T18:30:00Z" })],
      { ...options, timeZone: "Asia/Kolkata" },
    );
    expect(csv.split("\r\n").slice(0, 3)).toEqual([
      "Parameters:TimeZone=+0530,,,,",
      "Microsoft Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
      "M1,Accepted offer,7/2/2026 12:00:00 AM,,USD",
    ]);
  });

  it("skips an msclkid that is not a click id", () => {
    const { csv, skipped } = microsoftAdsConversionCsv(
      [lead({ id: "bad", msclkid: "@SUM(A1:A9)" })],
      options,
    );
    expect(csv).not.toContain("SUM");
    expect(skipped).toEqual([
      {
        id: "bad",
        reason:
          "msclkid has characters a click id never has (letters, digits and . _ ~ - only); not written",
      },
    ]);
  });

  it("still writes both header rows when nothing is left to send", () => {
    expect(microsoftAdsConversionCsv([], options).csv).toBe(
      "Parameters:TimeZone=+0000,,,,\r\n" +
        "Microsoft Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency\r\n",
    );
  });
});
