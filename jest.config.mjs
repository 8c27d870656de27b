import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * The Markdown pipeline (unified, remark, rehype, micromark and their helpers) and the
 * HTML parser parse5 are published as ES modules only; Jest on Node 20 runs CommonJS, so those packages are
 * compiled like project code instead of being skipped.
 */
const esmOnly = [
  "unified",
  "bail",
  "devlop",
  "trough",
  "is-plain-obj",
  "vfile[^/]*",
  "unist-[^/]*",
  "mdast-[^/]*",
  "hast-[^/]*",
  "micromark[^/]*",
  "remark-[^/]*",
  "rehype-[^/]*",
  "decode-named-character-reference",
  "character-entities[^/]*",
  "character-reference-invalid",
  "property-information",
  "space-separated-tokens",
  "comma-separated-tokens",
  "zwitch",
  "html-void-elements",
  "html-url-attributes",
  "ccount",
  "markdown-table",
  "longest-streak",
  "escape-string-regexp",
  "trim-lines",
  "stringify-entities",
  "web-namespaces",
  "is-[^/]*",
  "parse-entities",
  "estree-[^/]*",
  // The islands rewrite's HTML parser (scripts/islands/html.ts).
  "parse5",
  "entities",
];

const config = createJestConfig({
  testEnvironment: "node",
  testMatch: [
    "<rootDir>/{config,content,lib,components,local-server,leads-cli,scripts,supabase}/**/*.test.{ts,tsx}",
  ],
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // PGlite's WebAssembly loader needs dynamic import(), which Jest's sandbox lacks: each
    // entry point the code imports is loaded by Node's own require (scripts/jest/node-require.js).
    "^@electric-sql/pglite$": "<rootDir>/scripts/jest/pglite.js",
    "^@electric-sql/pglite/nodefs$": "<rootDir>/scripts/jest/pglite-nodefs.js",
    "^@electric-sql/pglite/contrib/amcheck$": "<rootDir>/scripts/jest/pglite-amcheck.js",
  },
  // Jest's default on two cores is one worker. The slow suites (the PostgreSQL cluster, the
  // embedded store, the leads CLI, restarts) mostly wait on other processes: two workers
  // overlap them (135 s down to 76 s on this 2-core machine).
  maxWorkers: 2,
});

/** Unit tests sit beside the module they test; e2e/ belongs to Playwright. */
export default async function jestConfig() {
  const resolved = await config();
  return {
    ...resolved,
    transformIgnorePatterns: [
      `/node_modules/(?!(${esmOnly.join("|")})/)`,
      "^.+\\.module\\.(css|sass|scss)$",
    ],
  };
}
