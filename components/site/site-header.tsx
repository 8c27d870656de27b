import { Home, Mail } from "lucide";

import { site } from "@/lib/site";
import { Icon } from "@/components/ui/icon";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="/" className="flex items-center gap-2 text-lg font-extrabold text-slate-950">
          <span className="flex size-8 items-center justify-center rounded-md bg-blue-700 text-white">
            <Icon icon={Home} className="size-5" />
          </span>
          {site.name}
        </a>
        <nav aria-label="Main" className="flex items-center gap-1 text-sm font-semibold sm:gap-4">
          <a href="/" className="rounded-md px-2 py-2 text-slate-800 hover:text-blue-700">
            Home
          </a>
          <a href="/blog" className="rounded-md px-2 py-2 text-slate-800 hover:text-blue-700">
            Blog
          </a>
          <a
            href={`mailto:${site.email}`}
            className="flex items-center gap-1.5 rounded-md px-2 py-2 text-blue-700 hover:underline"
          >
            <Icon icon={Mail} className="size-5 md:size-4" />
            <span className="sr-only md:not-sr-only">{site.email}</span>
          </a>
        </nav>
      </div>
    </header>
  );
}
