import { corsHeaders, isAllowedOrigin, originWithTwin } from "./cors.ts";

describe("isAllowedOrigin", () => {
  const allowed = ["https://quickhomebuyers.com", "http://localhost:*"];

  test.each([
    ["https://quickhomebuyers.com", true],
    ["http://localhost:3000", true],
    ["http://localhost", true],
    ["https://www.quickhomebuyers.com", false],
    ["http://quickhomebuyers.com", false],
    ["https://quickhomebuyers.com.evil.example", false],
    ["http://localhost.evil.example:3000", false],
    ["https://localhost:3000", false],
    ["http://localhost:3000/path", false],
    ["http://localhost:65535", true],
    // Ports no browser sends: past 65535, or with a leading zero.
    ["http://localhost:65536", false],
    ["http://localhost:99999", false],
    ["http://localhost:03000", false],
    ["null", false],
  ])("%s -> %s", (origin, expected) => {
    expect(isAllowedOrigin(origin, allowed)).toBe(expected);
  });
});

describe("originWithTwin", () => {
  test.each([
    [
      "https://quickhomebuyers.com/",
      ["https://quickhomebuyers.com", "https://www.quickhomebuyers.com"],
    ],
    ["https://www.example.com/path", ["https://www.example.com", "https://example.com"]],
    ["http://localhost:3000", ["http://localhost:3000"]],
    ["http://127.0.0.1:3000", ["http://127.0.0.1:3000"]],
    ["not a url", []],
    ["ftp://example.com", []],
  ])("%s -> %j", (url, expected) => {
    expect(originWithTwin(url)).toEqual(expected);
  });
});

describe("corsHeaders", () => {
  it("lets an allowed page read Retry-After, and grants another nothing", () => {
    expect(corsHeaders("https://a.example", ["https://a.example"])).toEqual({
      vary: "Origin",
      "access-control-allow-origin": "https://a.example",
      "access-control-expose-headers": "retry-after",
    });
    expect(corsHeaders("https://b.example", ["https://a.example"])).toEqual({ vary: "Origin" });
  });
});
