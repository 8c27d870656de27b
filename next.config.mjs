/** @type {import('next').NextConfig} */
const nextConfig = {
  // Every page is pre-rendered to HTML in out/ for a static host or CDN.
  output: "export",
  // Static hosts have no image optimizer; images are SVG made here or sized at build.
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
