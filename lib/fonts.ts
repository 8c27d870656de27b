import localFont from "next/font/local";

// Inter from the npm package: the build machine has no network for Google Fonts.
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  // On a slow first visit text stays in the size-matched fallback rather than reflowing when
  // Inter arrives (no layout shift), and the font is not fetched ahead of the page's content;
  // from the cache, later pages use Inter at once.
  display: "optional",
  preload: false,
  weight: "100 900",
});
