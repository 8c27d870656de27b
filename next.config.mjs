import { fileURLToPath } from "node:url";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Every page is pre-rendered to HTML in out/ for a static host or CDN.
  output: "export",
  // Static hosts have no image optimizer; images are SVG made here or sized at build.
  images: { unoptimized: true },
  // Rewrites the exported pages so the scripts start after the first paint.
  adapterPath: fileURLToPath(new URL("./scripts/paint-first-adapter.mjs", import.meta.url)),
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
