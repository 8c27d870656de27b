/**
 * @jest-environment jsdom
 */
import { showTrackingPhone, shownPhone, trackingPhone } from "@/lib/browser/call-tracking";
import { recordArrival } from "@/lib/browser/visit-recorder";
import { PRODUCTION_URL } from "@/supabase/functions/_shared/contract/site-facts.ts";

const PHONES = {
  google: "(614) 201-0150",
  bing: "(614) 201-0151",
  facebook: "(614) 201-0152",
  organic: "(614) 201-0153",
};
const company = { display: "(614) 201-0100", href: "tel:+16142010100" };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("trackingPhone", () => {
  it("gives a visit that first came from a Google ad the google number", () => {
    expect(trackingPhone({ landing_page: "/", gclid: "Cj0" }, PHONES)).toEqual({
      display: "(614) 201-0150",
      href: "tel:+16142010150",
    });
  });

  it("gives the company's number for a source without one, and without a first touch", () => {
    expect(trackingPhone({ landing_page: "/", referrer: "https://www.example.com" }, PHONES)).toBe(
      undefined,
    );
    expect(trackingPhone({ landing_page: "/" }, PHONES)).toBe(undefined);
    expect(trackingPhone(undefined, PHONES)).toBe(undefined);
    expect(trackingPhone({ landing_page: "/", gclid: "Cj0" }, {})).toBe(undefined);
  });

  it("keeps the first touch's number on a later direct visit", () => {
    const local = memoryStorage();
    const visit = (url: string, referrer: string, day: number) =>
      recordArrival(
        { url: `${PRODUCTION_URL}${url}`, referrer, now: new Date(Date.UTC(2026, 10, day, 9)) },
        local,
        memoryStorage(),
      );
    const landed = visit("/sell-house-fast-ohio?gclid=Cj0", "https://www.google.com/", 20);
    expect(trackingPhone(landed, PHONES)?.display).toBe("(614) 201-0150");
    // Days later, typed in: a new session, a direct touch, the same first touch.
    const back = visit("/", "", 23);
    expect(back).toEqual(landed);
    expect(trackingPhone(back, PHONES)?.display).toBe("(614) 201-0150");
  });
});

describe("showTrackingPhone", () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <a data-phone href="tel:+16142010100"><svg></svg><span class="sr-only">Call </span><span data-phone-number>(614) 201-0100</span></a>
      <a data-phone href="tel:+16142010100">Call <span data-phone-number class="sr-only">(614) 201-0100</span></a>
      <a href="tel:+18002010100">(800) 201-0100</a>`;
  });
  afterEach(() => showTrackingPhone(undefined, {}, document));

  const links = () =>
    [...document.querySelectorAll("a")].map((link) => [
      link.getAttribute("href"),
      link.textContent,
    ]);

  it("puts the visit's number in every marked link, and leaves any other number alone", () => {
    showTrackingPhone({ landing_page: "/", msclkid: "m1" }, PHONES, document);
    expect(links()).toEqual([
      ["tel:+16142010151", "Call (614) 201-0151"],
      ["tel:+16142010151", "Call (614) 201-0151"],
      ["tel:+18002010100", "(800) 201-0100"],
    ]);
    expect(shownPhone(company)).toEqual({ display: "(614) 201-0151", href: "tel:+16142010151" });
  });

  it("leaves the company's number where the visit's source has none", () => {
    const before = links();
    showTrackingPhone({ landing_page: "/" }, PHONES, document);
    expect(links()).toEqual(before);
    expect(shownPhone(company)).toBe(company);
  });
});
