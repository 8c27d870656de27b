import { ArrowRight } from "lucide";

import { Icon } from "@/components/ui/icon";

export type SituationLinksProps = {
  title: string;
  headingId: string;
  links: readonly { href: string; title: string; text?: string }[];
};

/** A list of guides as cards of plain links: the index page, and "other situations" on each. */
export function SituationLinks({ title, headingId, links }: SituationLinksProps) {
  return (
    <nav aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-extrabold text-slate-950">
        {title}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-400 hover:bg-blue-50 focus-visible:outline-3 focus-visible:outline-blue-600"
            >
              <span className="flex items-center justify-between gap-2 font-bold text-slate-950">
                {link.title}
                <Icon icon={ArrowRight} className="size-4 shrink-0 text-blue-700" />
              </span>
              {link.text ? <span className="text-sm text-slate-700">{link.text}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
