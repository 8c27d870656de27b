import { site } from "@/config/site";
import type { SiteChrome } from "@/lib/site-chrome";
import { PhoneLink } from "@/components/site/phone-link";

const link = "hover:text-white hover:underline";

export function SiteFooter({
  chrome,
  switchTo,
}: {
  chrome: SiteChrome;
  /** The same page in the other language, where it has one. */
  switchTo?: string | undefined;
}) {
  const { company } = site;
  const words = chrome.footer;
  return (
    <footer data-site-footer="" className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <p className="text-lg font-bold text-white">{company.name}</p>
          <p className="max-w-md text-sm">{words.about}</p>
          <address className="text-sm not-italic">
            {company.legalName}
            <br />
            {words.address}
            <br />
            <PhoneLink
              phone={chrome.phone}
              tracked={chrome.tracked}
              className={`font-semibold text-white ${link}`}
            />
            {" · "}
            <a href={`mailto:${company.email}`} className={link}>
              {company.email}
            </a>
          </address>
          {switchTo ? (
            <p className="text-sm">
              <span className="sr-only">{chrome.other.label}: </span>
              <a
                href={switchTo}
                lang={chrome.other.lang}
                hrefLang={chrome.other.hrefLang}
                className={`font-semibold text-white underline ${link}`}
              >
                {chrome.other.text}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label={words.navLabel}>
          <ul className="grid gap-2 text-sm">
            {words.links.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={link}>
                  {item.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={words.legalLabel}>
          <ul className="grid gap-2 text-sm">
            {words.legalLinks.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={link}>
                  {item.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-400">{words.rights}</p>
      </div>
    </footer>
  );
}
