import {
  ATTRIBUTION_COLUMNS,
  attributionFromColumns,
  attributionToColumns,
} from "./attribution-columns.ts";
import { TOUCH_FIELDS, type Touch } from "./touch-fields.ts";

const at = "2026-11-20T09:00:00.000Z";
const touch = (fields: Partial<Touch> = {}): Touch => ({ landing_page: "/", at, ...fields });

describe("the columns, made from the one field list", () => {
  it("has the last touch's columns, then the first touch's with a first_ prefix", () => {
    expect(ATTRIBUTION_COLUMNS).toHaveLength(TOUCH_FIELDS.length * 2);
    expect(ATTRIBUTION_COLUMNS.slice(0, 3)).toEqual(["utm_source", "utm_medium", "utm_campaign"]);
    expect(ATTRIBUTION_COLUMNS).toContain("touched_at");
    expect(ATTRIBUTION_COLUMNS).toContain("first_touched_at");
    expect(ATTRIBUTION_COLUMNS).toContain("first_msclkid");
    expect(ATTRIBUTION_COLUMNS).not.toContain("at");
  });

  it("goes to columns and back unchanged", () => {
    const attribution = {
      first: touch({ referrer: "https://www.bing.com" }),
      last: touch({ landing_page: "/blog", utm_source: "newsletter", gclid: "abc" }),
    };
    const columns = attributionToColumns(attribution);
    expect(columns).toMatchObject({
      first_referrer: "https://www.bing.com",
      utm_source: "newsletter",
      gclid: "abc",
      referrer: null,
    });
    expect(attributionFromColumns(columns)).toEqual(attribution);
    expect(attributionFromColumns(attributionToColumns(undefined))).toEqual({});
  });
});
