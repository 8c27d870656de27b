import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit tests sit beside the module they test; e2e/ belongs to Playwright. */
export default createJestConfig({
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,components,content,server,scripts,supabase}/**/*.test.{ts,tsx}"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
});
