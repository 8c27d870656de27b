import { fileURLToPath } from "node:url";

import { SPANISH_ROUTE_EXTENSION, spanishPhoneSetting } from "./config/languages.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Every page is pre-rendered to HTML in out/ for a static host or CDN.
  output: "export",
  // With output: "export", another distDir names the export folder (the hosted-path tests
  // build a second export beside out/); build files stay in .next.
  ...(process.env.QHB_EXPORT_DIR ? { distDir: process.env.QHB_EXPORT_DIR } : {}),
  // Static hosts have no image optimizer; images are SVG made here or sized at build.
  images: { unoptimized: true },
  // After the export: each page loads only its islands, not Next's client runtime.
  // QHB_WITHOUT_ISLANDS_ADAPTER=1 builds as a Next that ignores adapterPath would, for the
  // test that sees `npm run build` fail then (scripts/islands/without-adapter.build-test.ts).
  ...(process.env.QHB_WITHOUT_ISLANDS_ADAPTER === "1"
    ? {}
    : { adapterPath: fileURLToPath(new URL("./scripts/islands/adapter.mjs", import.meta.url)) }),
  // `npm test` runs tsc over the whole project once, first; its builds (three of them) need
  // not check the same types again. Every other build, the deploy one included, checks them.
  typescript: { ignoreBuildErrors: process.env.QHB_TYPES_CHECKED === "1" },
  // The Spanish site's routes (app/(es), files ending .es.tsx) exist only for a company that
  // names a number answered in Spanish (config/languages.mjs).
  pageExtensions: [
    ...(spanishPhoneSetting(process.env) ? [SPANISH_ROUTE_EXTENSION] : []),
    "tsx",
    "ts",
    "jsx",
    "js",
  ],
  // Two root layouts (app/(en), app/(es)), one for each <html lang>: the 404 page has its own.
  experimental: { globalNotFound: true },
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
