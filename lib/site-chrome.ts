import { formatAddress, site, type Phone } from "@/config/site";
import { CALCULATOR_PATH } from "@/content/calculator";
import { LEGAL_LINKS } from "@/content/legal-pages";
import { siteNavCopy } from "@/content/site-nav";
import { CALCULATOR_PATH_ES } from "@/content/es/calculator";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { languageCopy } from "@/content/es/language";
import { LEGAL_LINKS_ES } from "@/content/es/legal-pages";
import { SITUATION_WORDS_ES, SPANISH_GUIDE_SITUATIONS } from "@/content/es/situations";
import { siteNavCopyEs } from "@/content/es/site-nav";
import { SPANISH_HOME_PATH, spanishGuidePath, type Language } from "@/lib/languages";
import { COMPARE_PATH, SITUATION_LINKS, SITUATIONS_PATH } from "@/lib/situations";

type Link = { href: string; text: string };

/**
 * What the header and footer show in one language: their words, links and the number to
 * call. The English is the site as it always was; the Spanish leads to the Spanish pages, names
 * the English-only ones so, and gives the number answered in Spanish.
 */
export type SiteChrome = {
  language: Language;
  home: string;
  skipToContent: string;
  nav: { label: string; menu: string; situationsTitle: string; call: string };
  mainLinks: Link[];
  moreLinks: Link[];
  situationLinks: Link[];
  /** The number in the header and footer; the tracked one swaps in for a campaign's visitor. */
  phone: Phone;
  tracked: boolean;
  /** The language switch's words, in the other language (lang and hreflang with them). */
  other: { text: string; lang: string; hrefLang: string; label: string };
  footer: {
    about: string;
    navLabel: string;
    links: Link[];
    legalLabel: string;
    legalLinks: readonly Link[];
    rights: string;
    address: string;
  };
};

const year = new Date().getFullYear();

function english(): SiteChrome {
  const words = chromeCopy.footer;
  return {
    language: "en",
    home: "/",
    skipToContent: chromeCopy.skipToContent,
    nav: { ...siteNavCopy, call: chromeCopy.header.call },
    mainLinks: [
      { href: "/", text: siteNavCopy.home },
      { href: SITUATIONS_PATH, text: siteNavCopy.situations },
      { href: CALCULATOR_PATH, text: siteNavCopy.calculator },
      { href: "/blog", text: siteNavCopy.blog },
    ],
    moreLinks: [
      { href: CALCULATOR_PATH, text: siteNavCopy.calculator },
      { href: COMPARE_PATH, text: siteNavCopy.compare },
      { href: "/blog", text: siteNavCopy.blog },
      { href: "/", text: siteNavCopy.home },
    ],
    situationLinks: [
      ...SITUATION_LINKS,
      { href: SITUATIONS_PATH, text: siteNavCopy.allSituations },
    ],
    ...contactPhone("en"),
    other: { ...languageCopy.toSpanish, label: languageCopy.switchLabel.en },
    footer: {
      about: words.about,
      navLabel: words.navLabel,
      links: [
        { href: "/", text: words.home },
        { href: "/blog", text: words.blog },
        { href: SITUATIONS_PATH, text: words.situations },
        { href: COMPARE_PATH, text: words.compare },
        { href: "/#how-it-works", text: words.aboutUs },
        { href: `mailto:${site.company.email}`, text: words.contact },
      ],
      legalLabel: words.legalLabel,
      legalLinks: LEGAL_LINKS,
      rights: words.rights(year, site.company.legalName),
      address: formatAddress(site.company.address),
    },
  };
}

function spanish(): SiteChrome {
  const words = chromeCopyEs.footer;
  const nav = siteNavCopyEs;
  const english = ` ${languageCopy.englishOnly}`;
  const guides = SPANISH_GUIDE_SITUATIONS.map((situation) => ({
    href: spanishGuidePath(situation),
    text: SITUATION_WORDS_ES[situation],
  }));
  return {
    language: "es",
    home: SPANISH_HOME_PATH,
    skipToContent: chromeCopyEs.skipToContent,
    nav: { ...nav, call: chromeCopyEs.header.call },
    // The blog is in English: in the menu and the footer, said so, not in the header's row.
    mainLinks: [
      { href: SPANISH_HOME_PATH, text: nav.home },
      { href: CALCULATOR_PATH_ES, text: nav.calculator },
    ],
    moreLinks: [
      { href: CALCULATOR_PATH_ES, text: nav.calculator },
      { href: COMPARE_PATH, text: `${nav.compare}${english}` },
      { href: "/blog", text: `${nav.blog}${english}` },
      { href: SPANISH_HOME_PATH, text: nav.home },
    ],
    situationLinks: [...guides, { href: SITUATIONS_PATH, text: `${nav.allSituations}${english}` }],
    ...contactPhone("es"),
    other: { ...languageCopy.toEnglish, label: languageCopy.switchLabel.es },
    footer: {
      about: words.about,
      navLabel: words.navLabel,
      links: [
        { href: SPANISH_HOME_PATH, text: words.home },
        ...guides,
        { href: CALCULATOR_PATH_ES, text: nav.calculator },
        { href: "/blog", text: words.blog },
        { href: COMPARE_PATH, text: words.compare },
        { href: `${SPANISH_HOME_PATH}#how-it-works`, text: words.aboutUs },
        { href: `mailto:${site.company.email}`, text: words.contact },
      ],
      legalLabel: words.legalLabel,
      legalLinks: LEGAL_LINKS_ES,
      rights: words.rights(year, site.company.legalName),
      address: formatAddress(site.company.address),
    },
  };
}

/**
 * The number a page in `language` gives, and whether a campaign's number may replace it: the
 * Spanish line is the Spanish line, never swapped for an English tracking number.
 */
export function contactPhone(language: Language): { phone: Phone; tracked: boolean } {
  if (language === "en") return { phone: site.company.phone, tracked: true };
  const service = site.company.spanish;
  if (!service) throw new Error("A Spanish page was built without COMPANY_SPANISH_PHONE.");
  return { phone: service.phone, tracked: false };
}

/** The header's and footer's words and links for a page in `language`. */
export function siteChrome(language: Language): SiteChrome {
  return language === "es" ? spanish() : english();
}
