import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";

const BANNED_PACKAGES = [
  {
    name: "next/link",
    message:
      "next/link is a client component: ~3 KB gzip of script on every page, which the 80 KB page script budget cannot afford. Every page is static HTML, so internal links are plain <a> (README, Quality).",
  },
  {
    name: "next/image",
    message:
      "next/image ships client script and optimizes nothing under static export; use <img> with width and height (README, Quality).",
  },
  {
    name: "lucide-react",
    message:
      "lucide-react's icon is a client component that ships to every page; use <Icon icon={...}> with data from 'lucide'.",
  },
];

/**
 * The site's code runs in the browser or at build: of the function's code it may import the
 * contract alone (schema, rules, states, disclosures, attribution), never its store, its
 * providers or its handler.
 */
const ONLY_CONTRACT = {
  regex: "supabase/functions/_shared/(?!contract/)",
  message:
    "The site may import only the function's contract (supabase/functions/_shared/contract/): the rest runs on the server, with its secrets and its database.",
};

/**
 * Imports point one way: app -> components -> lib -> content -> config. Each folder names
 * what it may not import and why; the function's folder is checked by
 * supabase/functions/self-contained.test.ts and by FUNCTION_ROOMS below.
 */
const LAYERS = [
  {
    files: ["app/**", "components/**"],
    banned: [],
    why: "",
  },
  {
    files: ["config/**"],
    banned: ["@/app/*", "@/components/*", "@/lib/*", "@/content/*"],
    why: "config/ is read by everything else, so it imports nothing of the site's.",
  },
  {
    files: ["content/**"],
    banned: ["@/app/*", "@/components/*", "@/lib/*"],
    why: "content/ is words and data: it may read config/, and lib/ reads it.",
  },
  {
    files: ["lib/**"],
    banned: ["@/app/*", "@/components/*"],
    why: "lib/ is plain TypeScript that components and pages use, never the other way round.",
  },
  {
    files: ["lib/browser/**"],
    banned: ["@/app/*", "@/components/*", "@/lib/build/*", "@/lib/hosting/*", "node:*"],
    why: "lib/browser/ runs in the visitor's browser: no Node modules, nothing of the build.",
  },
];

/**
 * The function's rooms, each with the rooms below it that it may import: a room never
 * imports one above it or beside it, and nothing in the function imports in a circle.
 */
const FUNCTION_ROOMS = {
  contract: {
    below: [],
    holds: "what every side shares and the browser may run: the request's schema and rules",
  },
  config: { below: ["contract"], holds: "the settings read from the environment" },
  store: { below: ["contract"], holds: "the rows and the SQL that keeps them" },
  intake: {
    below: ["contract", "config", "store"],
    holds: "how a submission is read: its body, its consent record, its client and rate limit",
  },
  delivery: {
    below: ["contract", "config", "store"],
    holds: "the outbox, its plan, its loop, the messages and the providers",
  },
  maintenance: {
    below: ["contract", "config", "store", "delivery"],
    holds: "the periodic run: retries, escalations, status webhooks, purges",
  },
  handler: {
    below: ["contract", "config", "store", "intake", "delivery", "maintenance"],
    holds: "the routes",
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // The jsx-a11y plugin is already registered by Next's config; turn on its full recommended set.
  { rules: jsxA11y.flatConfigs.recommended.rules },
  {
    rules: {
      "no-restricted-imports": ["error", { paths: BANNED_PACKAGES }],
      // The rule above says why internal links are <a> and images <img>.
      "@next/next/no-img-element": "off",
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  ...LAYERS.map(({ files, banned, why }) => ({
    files,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: BANNED_PACKAGES,
          patterns: [...(banned.length ? [{ group: banned, message: why }] : []), ONLY_CONTRACT],
        },
      ],
    },
  })),
  ...Object.entries(FUNCTION_ROOMS).map(([room, { below, holds }]) => {
    const above = Object.keys(FUNCTION_ROOMS).filter(
      (other) => other !== room && !below.includes(other),
    );
    return {
      files: [`supabase/functions/_shared/${room}/**`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            paths: BANNED_PACKAGES,
            patterns: [
              {
                regex: `^(\\.\\./)+(${above.join("|")})/`,
                message: `${room}/ holds ${holds}; it may import only ${below.length ? below.map((name) => `${name}/`).join(", ") : "itself"} (docs/architecture.md, "The lead back end").`,
              },
            ],
          },
        ],
      },
    };
  }),
  {
    files: ["supabase/functions/**"],
    // Only the function's own files are followed: a package's build is not parsed.
    settings: { "import/ignore": ["node_modules"] },
    // disableScc: the faster check keys on files on disk, and crashes on text linted from a test.
    rules: { "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }] },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "out-hosted/**",
    "out-without-islands/**",
    "build/**",
    "coverage/**",
    "test-results/**",
    "playwright-report/**",
    "reports/**",
    ".data/**",
    "next-env.d.ts",
  ]),
]);
