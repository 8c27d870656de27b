import { site } from "@/lib/site";

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-3">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="max-w-md text-sm">
            We buy houses for cash in all {site.trust.licensedStates} states, in any condition.
            Written offer within {site.promises.offerWithinHours} hours, close in as little as{" "}
            {site.promises.closeInDays} days, {site.promises.fees} fees or commissions.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-2 text-sm">
            <li>
              <a href="/" className="hover:text-white hover:underline">
                Home
              </a>
            </li>
            <li>
              <a href="/blog" className="hover:text-white hover:underline">
                Blog
              </a>
            </li>
            <li>
              <a href="/#how-it-works" className="hover:text-white hover:underline">
                About Us
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="hover:text-white hover:underline">
                Contact
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-400">
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
