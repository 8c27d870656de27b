import { formatAddress, site } from "@/config/site";
import { LEGAL_LINKS } from "@/content/legal-pages";
import { COMPARE_PATH, SITUATIONS_PATH } from "@/lib/situations";
import { PhoneLink } from "@/components/site/phone-link";

const link = "hover:text-white hover:underline";

export function SiteFooter() {
  const { company, commitments, trust } = site;
  return (
    <footer data-site-footer="" className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <p className="text-lg font-bold text-white">{company.name}</p>
          <p className="max-w-md text-sm">
            We buy houses for cash in all {trust.licensedStates} states, in any condition. Written
            offer within {commitments.offerWithinHours} hours, close in as little as{" "}
            {commitments.closeInDays} days, {commitments.fees} fees or commissions.
          </p>
          <address className="text-sm not-italic">
            {company.legalName}
            <br />
            {formatAddress(company.address)}
            <br />
            <PhoneLink phone={company.phone} className={`font-semibold text-white ${link}`} />
            {" · "}
            <a href={`mailto:${company.email}`} className={link}>
              {company.email}
            </a>
          </address>
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-2 text-sm">
            <li>
              <a href="/" className={link}>
                Home
              </a>
            </li>
            <li>
              <a href="/blog" className={link}>
                Blog
              </a>
            </li>
            <li>
              <a href={SITUATIONS_PATH} className={link}>
                Selling situations
              </a>
            </li>
            <li>
              <a href={COMPARE_PATH} className={link}>
                Cash offer vs listing
              </a>
            </li>
            <li>
              <a href="/#how-it-works" className={link}>
                About Us
              </a>
            </li>
            <li>
              <a href={`mailto:${company.email}`} className={link}>
                Contact
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <ul className="grid gap-2 text-sm">
            {LEGAL_LINKS.map((item) => (
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
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-400">
          © {new Date().getFullYear()} {company.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
