import { cleanTouch, isIsoDateTime } from "./touch-rules.ts";

const at = "2026-11-20T09:00:00.000Z";

describe("isIsoDateTime", () => {
  it.each([
    "2026-11-20T09:00:00.000Z",
    "2026-11-20T09:00Z",
    "2026-11-20T09:00:00.123456789Z",
    "2024-02-29T12:00:00Z",
    "2000-02-29T12:00:00Z",
    "2026-04-30T23:59:59.999Z",
    "2026-11-20T09:00:00+14:00",
    "2026-11-20T09:00:00-12:00",
    "2026-11-20T09:00:00+05:45",
    "1970-01-01T00:00:00Z",
    "9999-12-31T23:59:59.999Z",
    new Date().toISOString(),
  ])("takes %j", (text) => {
    expect(isIsoDateTime(text)).toBe(true);
  });

  it.each([
    ["30 February", "2026-02-30T00:00:00Z"],
    ["29 February outside a leap year", "2026-02-29T00:00:00Z"],
    ["29 February in a century that is not a leap year", "2100-02-29T00:00:00Z"],
    ["31 April", "2026-04-31T00:00:00Z"],
    ["month 13", "2026-13-01T00:00:00Z"],
    ["day 0", "2026-01-00T00:00:00Z"],
    ["hour 24", "2026-01-01T24:00:00Z"],
    ["minute 60", "2026-01-01T00:60:00Z"],
    ["a leap second", "2026-01-01T23:59:60Z"],
    ["an offset no zone has", "2026-01-01T00:00:00+20:00"],
    ["an offset past +14:00", "2026-01-01T00:00:00+14:01"],
    ["an offset of 60 minutes", "2026-01-01T00:00:00-10:60"],
    ["year 0", "0000-01-01T00:00:00Z"],
    ["year 50, which the driver reads back as 1950", "0050-01-01T00:00:00Z"],
    ["a year before 1970", "1969-12-31T23:59:59Z"],
    ["a six-digit year", "+010000-01-01T00:00:00.000Z"],
    ["no zone", "2026-01-01T00:00:00"],
    ["a date alone", "2026-01-01"],
    ["an HTTP date", "Mon, 23 Nov 2026 14:02:00 GMT"],
  ])("refuses %s: %j", (_case, text) => {
    expect(isIsoDateTime(text)).toBe(false);
  });
});

describe("cleanTouch", () => {
  it("keeps the valid fields and leaves out the rest", () => {
    expect(
      cleanTouch({
        landing_page: "/sell-house-fast-ohio",
        at,
        utm_source: "google",
        utm_medium: "x".repeat(201),
        gclid: "has space",
        referrer: "https://www.google.com/search",
        extra: "dropped",
      }),
    ).toEqual({ landing_page: "/sell-house-fast-ohio", at, utm_source: "google" });
  });

  it.each([null, "x", {}, { landing_page: "/", at: "yesterday" }, { landing_page: "/?q", at }])(
    "is null without a valid landing page and time: %j",
    (value) => {
      expect(cleanTouch(value)).toBeNull();
    },
  );
});
