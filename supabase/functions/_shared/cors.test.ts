import { isAllowedOrigin } from "./cors.ts";

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
    ["null", false],
  ])("%s -> %s", (origin, expected) => {
    expect(isAllowedOrigin(origin, allowed)).toBe(expected);
  });
});
