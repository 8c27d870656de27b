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
 * Imports point one way: app -> components -> lib -> content -> config. Each folder names
 * what it may not import and why; the function's folder is checked by
 * supabase/functions/self-contained.test.ts.
 */
const LAYERS = [
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
        { paths: BANNED_PACKAGES, patterns: [{ group: banned, message: why }] },
      ],
    },
  })),
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
