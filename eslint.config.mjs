import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // The jsx-a11y plugin is already registered by Next's config; turn on its full recommended set.
  { rules: jsxA11y.flatConfigs.recommended.rules },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "coverage/**",
    "test-results/**",
    "playwright-report/**",
    "reports/**",
    ".data/**",
    "next-env.d.ts",
  ]),
]);
