import { ArrowRight } from "lucide";

import { homeCopy } from "@/content/home";
import { homeCopyEs } from "@/content/es/home";
import type { Language } from "@/lib/languages";
import { siteChrome } from "@/lib/site-chrome";
import { Icon } from "@/components/ui/icon";
import { Section } from "@/components/home/section";

const card =
  "flex h-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 font-bold text-slate-950 shadow-sm hover:border-blue-400 hover:bg-blue-50 focus-visible:outline-3 focus-visible:outline-blue-600";

/** Right after the hero: the seven situations in the homeowner's words, each to its guide. */
export function SituationList({ language = "en" }: { language?: Language }) {
  const copy = (language === "es" ? homeCopyEs : homeCopy).situations;
  // The guides in the page's language; the last link leads to all of them.
  const links = siteChrome(language).situationLinks;
  const all = links.at(-1)!;
  return (
    <Section id="situations" title={copy.title} lead={copy.lead}>
      <ul className="grid gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-4">
        {links.slice(0, -1).map((link) => (
          <li key={link.href}>
            <a href={link.href} className={card}>
              {link.text}
              <Icon icon={ArrowRight} className="size-4 shrink-0 text-blue-700" />
            </a>
          </li>
        ))}
        <li>
          <a href={all.href} className={`${card} text-blue-800`}>
            {all.text}
            <Icon icon={ArrowRight} className="size-4 shrink-0 text-blue-700" />
          </a>
        </li>
      </ul>
    </Section>
  );
}
