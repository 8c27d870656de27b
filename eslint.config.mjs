import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // The jsx-a11y plugin is already registered by Next's config; turn on its full recommended set.
  { rules: jsxA11y.flatConfigs.recommended.rules },
  {
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/link",
              message:
                "next/link is a client component: ~3 KB gzip of script on every page, over the 145 KB budget. Every page is static HTML, so internal links are plain <a> (README, Quality).",
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
          ],
        },
      ],
      // The rule above says why internal links are <a> and images <img>.
      "@next/next/no-img-element": "off",
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "out-hosted/**",
    "build/**",
    "coverage/**",
    "test-results/**",
    "playwright-report/**",
    "reports/**",
    ".data/**",
    "next-env.d.ts",
  ]),
]);
