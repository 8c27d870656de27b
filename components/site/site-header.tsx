import { Home, Mail, Phone } from "lucide";

import { site } from "@/config/site";
import { Icon } from "@/components/ui/icon";
import { PhoneLink } from "@/components/site/phone-link";

const navLink = "rounded-md px-2 py-2 text-slate-800 hover:text-blue-700";

/**
 * Brand, links and the ways to reach us, on every page. On phones two rows (brand and
 * e-mail; links and the phone number), so neither the brand nor the number wraps; from
 * `sm` up, one row.
 */
export function SiteHeader() {
  const { phone, email } = site.company;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center px-4 sm:flex sm:h-16 sm:gap-4">
        {/* The line between the two rows on phones. */}
        <div
          aria-hidden="true"
          className="pointer-events-none col-span-2 row-start-2 self-stretch border-t border-slate-100 sm:hidden"
        />
        <a
          href="/"
          className="col-start-1 row-start-1 flex h-12 items-center gap-2 text-base font-extrabold whitespace-nowrap text-slate-950 sm:h-auto sm:text-lg"
        >
          <span className="flex size-7 items-center justify-center rounded-md bg-blue-700 text-white sm:size-8">
            <Icon icon={Home} className="size-4 sm:size-5" />
          </span>
          {site.name}
        </a>
        <nav
          aria-label="Main"
          className="col-start-1 row-start-2 -ml-2 flex items-center gap-1 text-sm font-semibold sm:ml-auto md:gap-3"
        >
          <a href="/" className={navLink}>
            Home
          </a>
          <a href="/blog" className={navLink}>
            Blog
          </a>
        </nav>
        <a
          href={`mailto:${email}`}
          className="col-start-2 row-start-1 -mr-2 flex items-center gap-1.5 justify-self-end rounded-md px-2 py-2 text-sm font-semibold text-blue-700 hover:underline sm:mr-0"
        >
          <Icon icon={Mail} className="size-5 sm:size-4" />
          <span className="sr-only lg:not-sr-only">{email}</span>
        </a>
        <PhoneLink
          phone={phone}
          className="col-start-2 row-start-2 -mr-2 flex items-center gap-1 rounded-md px-2 py-2 text-sm font-bold whitespace-nowrap text-blue-800 hover:underline sm:mr-0 sm:text-base"
        >
          <Icon icon={Phone} className="size-4" />
          <span className="sr-only">Call </span>
        </PhoneLink>
      </div>
    </header>
  );
}
