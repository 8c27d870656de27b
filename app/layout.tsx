import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { APPLE_TOUCH_ICON, FAVICON } from "@/lib/icons";
import { site } from "@/config/site";
import { SiteFooter } from "@/components/site/site-footer";
import { SITE_HEADER_ID, SiteHeader } from "@/components/site/site-header";

import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: { default: site.name, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
  // Listed here, not by file convention: a metadata `icons` field replaces app/icon.* files,
  // and iOS needs a filled PNG, which is drawn from the SVG mark at build.
  icons: {
    icon: [{ url: FAVICON.path, type: "image/svg+xml", sizes: "any" }],
    apple: [
      {
        url: APPLE_TOUCH_ICON.path,
        sizes: `${APPLE_TOUCH_ICON.size}x${APPLE_TOUCH_ICON.size}`,
        type: "image/png",
      },
    ],
  },
};

export const viewport: Viewport = {
  themeColor: site.themeColor,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        {/* The header is laid out whole at the first paint: a paint halfway through its parse
            (a slow phone, the response split mid-header) drew its links where the rest then
            pushed them. Chrome 124+ waits for its end tag; other browsers ignore the hint. */}
        <link rel="expect" href={`#${SITE_HEADER_ID}`} blocking="render" />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
