import { absoluteUrl, site } from "@/lib/site";

describe("site config", () => {
  it("names the brand and an https production domain without a trailing slash", () => {
    expect(site.name).toBe("Quick Home Buyers");
    expect(site.url).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    expect(site.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
  });

  it("holds the promises and numbers of the specification", () => {
    expect(site.promises).toEqual({
      offerWithinHours: 24,
      closeInDays: 7,
      averageCloseDays: 7,
      fees: "$0",
    });
    expect(site.rating).toEqual({ score: "4.9", outOf: 5, reviewCount: "500+" });
    expect(site.trust).toEqual({ homesPurchased: "4k+", bbbRating: "A+", licensedStates: 50 });
  });

  it("makes absolute URLs for the home page and for inner paths", () => {
    expect(absoluteUrl("/")).toBe(site.url);
    expect(absoluteUrl("/blog")).toBe(`${site.url}/blog`);
  });
});

describe("site URL from the environment", () => {
  const original = process.env.NEXT_PUBLIC_SITE_URL;
  afterEach(() => {
    process.env.NEXT_PUBLIC_SITE_URL = original;
    jest.resetModules();
  });

  it("reads NEXT_PUBLIC_SITE_URL and drops a trailing slash", async () => {
    process.env.NEXT_PUBLIC_SITE_URL = "https://staging.example.com/";
    jest.resetModules();
    const { site: fresh } = await import("@/lib/site");
    expect(fresh.url).toBe("https://staging.example.com");
  });

  it("falls back to the production domain when it is blank", async () => {
    process.env.NEXT_PUBLIC_SITE_URL = "  ";
    jest.resetModules();
    const { site: fresh } = await import("@/lib/site");
    expect(fresh.url).toBe("https://quickhomebuyers.com");
  });
});
