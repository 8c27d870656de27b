import { Home, Mail } from "lucide-react";
import Link from "next/link";

import { site } from "@/lib/site";

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link href="/" className="flex items-center gap-2 text-lg font-extrabold text-slate-950">
          <span className="flex size-8 items-center justify-center rounded-md bg-blue-700 text-white">
            <Home aria-hidden="true" className="size-5" />
          </span>
          {site.name}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 text-sm font-semibold sm:gap-4">
          <Link href="/" className="rounded-md px-2 py-2 text-slate-800 hover:text-blue-700">
            Home
          </Link>
          <Link href="/blog" className="rounded-md px-2 py-2 text-slate-800 hover:text-blue-700">
            Blog
          </Link>
          <a
            href={`mailto:${site.email}`}
            className="hidden items-center gap-1.5 rounded-md px-2 py-2 text-blue-700 hover:underline md:flex"
          >
            <Mail aria-hidden="true" className="size-4" />
            {site.email}
          </a>
        </nav>
      </div>
    </header>
  );
}
