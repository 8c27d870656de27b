import type { ReactNode } from "react";

import { counterpart, type Language } from "@/lib/languages";
import { siteChrome } from "@/lib/site-chrome";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";

/**
 * A page's skip link, header, main and footer in its language, with the link to the same
 * page in the other language where the page has one (lib/languages.ts): a link, never a
 * redirect or a cookie.
 */
export function SiteFrame({
  language,
  path,
  children,
}: {
  language: Language;
  /** The page's own path, for its counterpart; none for a page that has no fixed path. */
  path?: string;
  children: ReactNode;
}) {
  const chrome = siteChrome(language);
  const switchTo = path === undefined ? undefined : counterpart(path, language);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {chrome.skipToContent}
      </a>
      <SiteHeader chrome={chrome} switchTo={switchTo} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter chrome={chrome} switchTo={switchTo} />
    </>
  );
}
