import {
  FIRST_TOUCH_KEY,
  LAST_TOUCH_KEY,
  readAttribution,
  recordArrival,
  touchFrom,
} from "@/lib/browser/visit-recorder";
import { PRODUCTION_URL } from "@/supabase/functions/_shared/contract/site-facts.ts";

const SITE = PRODUCTION_URL;
const DAY = 24 * 60 * 60 * 1000;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A browser: one localStorage for the device, a new sessionStorage per visit. */
function browser() {
  const local = memoryStorage();
  let session = memoryStorage();
  return {
    local,
    visit(path: string, referrer = "", now = new Date("2026-11-20T09:00:00Z")) {
      return recordArrival({ url: `${SITE}${path}`, referrer, now }, local, session);
    },
    newSession() {
      session = memoryStorage();
    },
    attribution(now = new Date("2026-11-20T10:00:00Z")) {
      return readAttribution(local, session, now);
    },
  };
}

describe("touchFrom", () => {
  const now = new Date("2026-11-20T09:00:00Z");

  it("takes the campaign tags, click ids, the referrer's origin and the path", () => {
    const touch = touchFrom(
      {
        url: `${SITE}/?utm_source=google&utm_medium=cpc&utm_campaign=ohio-probate&gclid=TEST123&x=1`,
        referrer: "https://www.google.com/search?q=sell+my+house",
        now,
      },
      false,
    );
    expect(touch).toEqual({
      landing_page: "/",
      at: "2026-11-20T09:00:00.000Z",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "ohio-probate",
      gclid: "TEST123",
      referrer: "https://www.google.com",
    });
  });

  it("drops a value the function would refuse instead of losing the lead over it", () => {
    const touch = touchFrom(
      {
        url: `${SITE}/blog?gclid=bad%20id%3Cscript%3E&utm_source=%E2%80%AEevil`,
        referrer: "",
        now,
      },
      false,
    );
    expect(touch).toEqual({ landing_page: "/blog", at: "2026-11-20T09:00:00.000Z" });
  });

  it("is no new touch when the visit moves from page to page on this site", () => {
    expect(touchFrom({ url: `${SITE}/blog`, referrer: `${SITE}/`, now }, true)).toBeNull();
  });

  it("is a new touch mid-visit when a new campaign link or another site brings the visitor", () => {
    expect(
      touchFrom({ url: `${SITE}/?utm_source=bing`, referrer: `${SITE}/`, now }, true),
    ).toMatchObject({
      utm_source: "bing",
    });
    expect(
      touchFrom({ url: `${SITE}/blog`, referrer: "https://duckduckgo.com/", now }, true),
    ).toMatchObject({ referrer: "https://duckduckgo.com", landing_page: "/blog" });
  });
});

describe("first and latest touch", () => {
  it("attributes a visit that reads three pages to the campaign and page it arrived on", () => {
    const visitor = browser();
    visitor.visit("/?utm_source=google&utm_medium=cpc&utm_campaign=ohio-probate&gclid=TEST123");
    visitor.visit("/blog", `${SITE}/`);
    visitor.visit("/sell-house-fast-ohio", `${SITE}/blog`);
    const { first, last } = visitor.attribution();
    expect(last).toMatchObject({
      landing_page: "/",
      utm_campaign: "ohio-probate",
      gclid: "TEST123",
    });
    expect(first).toEqual(last);
  });

  it("keeps the first touch across visits and replaces the latest with each new visit", () => {
    const visitor = browser();
    visitor.visit("/?utm_source=google&utm_medium=cpc&utm_campaign=ohio-probate");
    visitor.newSession();
    visitor.visit(
      "/sell-house-fast-ohio",
      "https://www.bing.com/",
      new Date("2026-11-25T09:00:00Z"),
    );
    const { first, last } = visitor.attribution(new Date("2026-11-25T10:00:00Z"));
    expect(first).toMatchObject({ utm_campaign: "ohio-probate", landing_page: "/" });
    expect(last).toEqual({
      landing_page: "/sell-house-fast-ohio",
      referrer: "https://www.bing.com",
      at: "2026-11-25T09:00:00.000Z",
    });
  });

  it("forgets the first touch after 30 days, and the next visit becomes the first", () => {
    const visitor = browser();
    visitor.visit("/?utm_source=google");
    const later = new Date(Date.parse("2026-11-20T09:00:00Z") + 30 * DAY + 1000);
    expect(visitor.attribution(later).first).toBeUndefined();
    expect(visitor.local.items.has(FIRST_TOUCH_KEY)).toBe(false);

    visitor.newSession();
    visitor.visit("/blog?utm_source=newsletter", "", later);
    expect(visitor.attribution(later).first).toMatchObject({ utm_source: "newsletter" });
  });

  it("removes an expired first touch on the next page view, even one that makes no touch", () => {
    const visitor = browser();
    visitor.visit("/?utm_source=google");
    const later = new Date(Date.parse("2026-11-20T09:00:00Z") + 30 * DAY + 1000);
    visitor.visit("/blog", `${SITE}/`, later);
    expect(visitor.local.items.has(FIRST_TOUCH_KEY)).toBe(false);
  });

  it("answers each page view with the visit's first touch, for its phone number", () => {
    const visitor = browser();
    const landed = visitor.visit("/?gclid=TEST123");
    expect(landed).toMatchObject({ landing_page: "/", gclid: "TEST123" });
    expect(visitor.visit("/blog", `${SITE}/`)).toEqual(landed);
    visitor.newSession();
    expect(visitor.visit("/", "https://www.bing.com/")).toEqual(landed);
    // Storage blocked: this page view's own touch is all there is.
    expect(
      recordArrival({ url: `${SITE}/?msclkid=M1`, referrer: "", now: new Date() }, null, null),
    ).toMatchObject({ msclkid: "M1" });
  });

  it("keeps the latest touch for the session only", () => {
    const visitor = browser();
    visitor.visit("/?utm_source=google");
    visitor.newSession();
    expect(visitor.attribution().last).toBeUndefined();
    expect(visitor.attribution().first).toMatchObject({ utm_source: "google" });
  });

  it("survives storage that is blocked, full or holds something else", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(() =>
      recordArrival({ url: `${SITE}/`, referrer: "", now: new Date() }, throwing, throwing),
    ).not.toThrow();
    expect(readAttribution(throwing, null, new Date())).toEqual({});

    const junk = memoryStorage();
    junk.setItem(FIRST_TOUCH_KEY, "{not json");
    junk.setItem(LAST_TOUCH_KEY, JSON.stringify({ hello: "world" }));
    expect(readAttribution(junk, junk, new Date())).toEqual({});
  });
});
