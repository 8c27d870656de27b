import { ChevronRight } from "lucide";

import { Icon } from "@/components/ui/icon";

export type BreadcrumbProps = {
  /** From the home page down; the last item is the current page. */
  items: readonly { name: string; href: string }[];
  /** The trail's name for screen readers, in the page's language. */
  label?: string;
};

export function Breadcrumb({ items, label = "Breadcrumb" }: BreadcrumbProps) {
  return (
    <nav aria-label={label} className="text-slate-700">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={item.href} className="flex items-center gap-1">
              {index > 0 ? <Icon icon={ChevronRight} className="size-4 opacity-70" /> : null}
              {current ? (
                <span aria-current="page" className="font-semibold">
                  {item.name}
                </span>
              ) : (
                <a href={item.href} className="underline-offset-4 hover:underline">
                  {item.name}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
