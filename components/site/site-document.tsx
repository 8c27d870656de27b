import type { ReactNode } from "react";

import { chromeCopyEs } from "@/content/es/chrome";
import { languageCopy } from "@/content/es/language";
import type { Language } from "@/lib/languages";
import { SITE_HEADER_ID } from "@/components/site/site-header";

/**
 * The document around every page, in its language: each root layout (app/(en), app/(es))
 * and the 404 page give it their `lang`. The header, main and footer are the page's own
 * (SiteFrame), because only the page knows its counterpart in the other language.
 */
export function SiteDocument({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <html lang={language}>
      {/* A root layout's own <head> (the rule is for the Pages Router's next/head). */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        {/* The header is laid out whole at the first paint: a paint halfway through its parse
            (a slow phone, the response split mid-header) drew its links where the rest then
            pushed them. Chrome 124+ waits for its end tag; other browsers ignore the hint. */}
        <link rel="expect" href={`#${SITE_HEADER_ID}`} blocking="render" />
      </head>
      <body
        className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased"
        // The toasts' words for screen readers, read by the toast code from the page (its
        // English is built in): the Spanish pages' script carries no Spanish.
        {...(language === "es"
          ? {
              "data-toast-label": chromeCopyEs.ui.notifications,
              "data-toast-region": languageCopy.toastRegion,
              "data-toast-close": chromeCopyEs.ui.close,
            }
          : {})}
      >
        {children}
      </body>
    </html>
  );
}
