import { Home, Mail, Menu, Phone, X } from "lucide";

import { site } from "@/config/site";
import type { SiteChrome } from "@/lib/site-chrome";
import { Icon } from "@/components/ui/icon";
import { PhoneLink } from "@/components/site/phone-link";

/** The header's id: the page's first paint waits for it (components/site/site-document.tsx). */
export const SITE_HEADER_ID = "site-header";

const navLink = "rounded-md px-2 py-2 text-slate-800 hover:text-blue-700";

/** A link in the menu, a finger's height tall. */
function MenuItem({
  href,
  text,
  tone = "text-slate-800",
}: {
  href: string;
  text: string;
  tone?: string;
}) {
  return (
    <li>
      <a
        href={href}
        className={`flex min-h-11 items-center rounded-md px-2 py-2 hover:bg-slate-50 hover:text-blue-700 ${tone}`}
      >
        {text}
      </a>
    </li>
  );
}

/**
 * Below `lg`, every link in one native disclosure: it opens and closes without script, by
 * touch, mouse or keyboard, and pushes the page down rather than covering it, so nothing
 * under it needs it closed.
 */
function MenuDisclosure({ chrome }: { chrome: SiteChrome }) {
  const copy = chrome.nav;
  return (
    <details data-site-menu="" className="group lg:hidden">
      <summary className="-ml-2 inline-flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-2 text-sm font-semibold text-slate-800 hover:text-blue-700 focus-visible:outline-3 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 [&::-webkit-details-marker]:hidden">
        <Icon icon={Menu} className="size-5 group-open:hidden" />
        <Icon icon={X} className="hidden size-5 group-open:block" />
        {copy.menu}
      </summary>
      <div className="grid gap-4 border-t border-slate-100 pt-3 pb-4 text-sm font-semibold sm:grid-cols-[2fr_1fr]">
        <div>
          <p
            id="site-menu-situations"
            className="px-2 text-xs tracking-wide text-slate-600 uppercase"
          >
            {copy.situationsTitle}
          </p>
          <ul aria-labelledby="site-menu-situations" className="mt-1 grid sm:grid-cols-2">
            {chrome.situationLinks.map((link, index) => (
              <MenuItem
                key={link.href}
                {...link}
                {...(index === chrome.situationLinks.length - 1 ? { tone: "text-blue-800" } : {})}
              />
            ))}
          </ul>
        </div>
        <ul className="grid grid-cols-2 content-start border-t border-slate-100 pt-3 sm:grid-cols-1 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
          {chrome.moreLinks.map((link) => (
            <MenuItem key={link.href} {...link} />
          ))}
        </ul>
      </div>
    </details>
  );
}

/**
 * From `lg` up, the seven situations in a row of their own under the header's main row,
 * each one click from any page. The row names itself to screen readers; seen, the
 * situations say what they are, and a visible title would push the last one to a second line.
 */
function SituationRow({ chrome }: { chrome: SiteChrome }) {
  return (
    <nav
      aria-label={chrome.nav.situationsTitle}
      className="hidden border-t border-slate-100 lg:block"
    >
      <div className="mx-auto max-w-6xl px-4 py-1.5 text-sm">
        <ul className="flex flex-wrap gap-x-3 xl:justify-between">
          {chrome.situationLinks.slice(0, -1).map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="inline-flex py-1 whitespace-nowrap text-blue-800 underline-offset-4 hover:underline"
              >
                {link.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/**
 * Brand, navigation and the ways to reach us, on every page. Below `lg` two rows (brand and
 * e-mail; the menu and the phone number), so neither the brand nor the number wraps, and
 * the menu opens under them; from `lg` up, one row of links and a row of the situations.
 */
export function SiteHeader({
  chrome,
  switchTo,
}: {
  chrome: SiteChrome;
  /** The same page in the other language, where it has one. */
  switchTo?: string | undefined;
}) {
  const { email } = site.company;
  return (
    <header id={SITE_HEADER_ID} className="border-b border-slate-200 bg-white">
      {/* The third row, where the menu opens, is a flexible track: the open menu grows it alone. */}
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] grid-rows-[auto_auto_1fr] items-center px-4 lg:flex lg:h-16 lg:gap-4">
        {/* The line between the two rows below `lg`. */}
        <div
          aria-hidden="true"
          className="pointer-events-none col-span-2 row-start-2 self-stretch border-t border-slate-100 lg:hidden"
        />
        <a
          href={chrome.home}
          className="col-start-1 row-start-1 flex h-12 items-center gap-2 text-base font-extrabold whitespace-nowrap text-slate-950 sm:text-lg lg:h-auto"
        >
          <span className="flex size-7 items-center justify-center rounded-md bg-blue-700 text-white sm:size-8">
            <Icon icon={Home} className="size-4 sm:size-5" />
          </span>
          {site.name}
        </a>
        <nav
          aria-label={chrome.nav.label}
          className="col-span-2 col-start-1 row-span-2 row-start-2 grid self-start text-sm font-semibold lg:ml-auto lg:flex lg:items-center lg:self-auto"
        >
          <MenuDisclosure chrome={chrome} />
          <ul className="hidden items-center gap-1 lg:flex xl:gap-3">
            {chrome.mainLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={navLink}>
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-start-2 row-start-1 -mr-2 flex items-center justify-self-end sm:mr-0">
          {switchTo ? (
            <a
              href={switchTo}
              lang={chrome.other.lang}
              hrefLang={chrome.other.hrefLang}
              data-language-switch=""
              className="rounded-md px-2 py-2 text-sm font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-700"
            >
              {chrome.other.text}
            </a>
          ) : null}
          <a
            href={`mailto:${email}`}
            className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold text-blue-700 hover:underline"
          >
            <Icon icon={Mail} className="size-5 sm:size-4" />
            <span className="sr-only lg:not-sr-only">{email}</span>
          </a>
        </div>
        <PhoneLink
          phone={chrome.phone}
          tracked={chrome.tracked}
          className="col-start-2 row-start-2 -mr-2 flex items-center gap-1 rounded-md px-2 py-2 text-sm font-bold whitespace-nowrap text-blue-800 hover:underline sm:mr-0 sm:text-base"
        >
          <Icon icon={Phone} className="size-4" />
          <span className="sr-only">{chrome.nav.call}</span>
        </PhoneLink>
      </div>
      <SituationRow chrome={chrome} />
    </header>
  );
}
