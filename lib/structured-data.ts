import type {
  ArticleLeaf,
  BlogLeaf,
  BlogPostingLeaf,
  BreadcrumbListLeaf,
  FAQPageLeaf,
  Graph,
  ImageObject,
  OrganizationLeaf,
  ServiceLeaf,
  Thing,
  WebApplicationLeaf,
  WebPageLeaf,
  WebSiteLeaf,
} from "schema-dts";

import { statePageCopy } from "@/content/state-page";
import { FEED_DESCRIPTION, FEED_TITLE } from "@/lib/feed";
import { LOGO } from "@/lib/icons";
import { HREFLANG, OG_IMAGE_SIZE, ogImagePath } from "@/lib/seo";
import { SPANISH_HOME_PATH, type Language } from "@/lib/languages";
import { chromeCopyEs } from "@/content/es/chrome";
import { absoluteUrl, site } from "@/config/site";

/**
 * Schema.org JSON-LD for every page, typed by schema-dts. Each page gets one
 * graph; nodes refer to each other by @id. There is deliberately no Review or
 * AggregateRating about the company: search engines ignore self-serving reviews.
 */

export const ORGANIZATION_ID = `${site.url}/#organization`;
export const WEBSITE_ID = `${site.url}/#website`;
const COUNTRY = { "@type": "Country", name: "United States" } as const;
const LANGUAGE = HREFLANG.en;

export type BreadcrumbItem = { name: string; href: string };

/** A question and its answer, in plain text exactly as the page shows them. */
export type StructuredFaqItem = { question: string; answer: string };

export type StructuredState = {
  name: string;
  code: string;
  path: string;
  description: string;
  faq: readonly StructuredFaqItem[];
};

export type StructuredPost = {
  title: string;
  excerpt: string;
  category: string;
  /** "YYYY-MM-DD" */
  date: string;
  /** "YYYY-MM-DD", when the post was revised */
  updated?: string;
  image: string;
  imageAlt: string;
  tags: readonly string[];
  path: string;
};

/** The organization as author, publisher or provider: a reference that still names it. */
function organizationRef() {
  return {
    "@type": "Organization",
    "@id": ORGANIZATION_ID,
    name: site.name,
    url: site.url,
  } as const;
}

function ogImage(path: string, caption: string): ImageObject {
  return {
    "@type": "ImageObject",
    url: absoluteUrl(ogImagePath(path)),
    width: String(OG_IMAGE_SIZE.width),
    height: String(OG_IMAGE_SIZE.height),
    caption,
  };
}

export function organization(): OrganizationLeaf {
  return {
    "@type": "Organization",
    "@id": ORGANIZATION_ID,
    name: site.name,
    url: site.url,
    logo: {
      "@type": "ImageObject",
      url: absoluteUrl(LOGO.path),
      width: String(LOGO.size),
      height: String(LOGO.size),
    },
    legalName: site.company.legalName,
    email: site.company.email,
    telephone: site.company.phone.e164,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.company.address.street,
      addressLocality: site.company.address.locality,
      addressRegion: site.company.address.region,
      postalCode: site.company.address.postalCode,
      addressCountry: "US",
    },
    description: site.description,
    areaServed: COUNTRY,
  };
}

export function webSite(): WebSiteLeaf {
  return {
    "@type": "WebSite",
    "@id": WEBSITE_ID,
    name: site.name,
    url: site.url,
    description: site.description,
    inLanguage: LANGUAGE,
    publisher: { "@id": ORGANIZATION_ID },
  };
}

/** From the home page down to the current page, as the visible breadcrumb shows it. */
export function breadcrumbList(items: readonly BreadcrumbItem[]): BreadcrumbListLeaf {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.href),
    })),
  };
}

export function stateService(state: StructuredState): ServiceLeaf {
  const url = absoluteUrl(state.path);
  return {
    "@type": "Service",
    "@id": `${url}#service`,
    name: `Cash home buying in ${state.name}`,
    serviceType: "Cash home buying",
    description: state.description,
    url,
    provider: organizationRef(),
    areaServed: {
      "@type": "State",
      name: state.name,
      alternateName: state.code,
      containedInPlace: COUNTRY,
    },
  };
}

export function blogPosting(post: StructuredPost): BlogPostingLeaf {
  const url = absoluteUrl(post.path);
  return {
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: post.title,
    description: post.excerpt,
    image: [ogImage(post.path, post.title), absoluteUrl(post.image)],
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    author: organizationRef(),
    publisher: organizationRef(),
    url,
    mainEntityOfPage: url,
    articleSection: post.category,
    keywords: [...post.tags],
    inLanguage: LANGUAGE,
  };
}

function blog(posts: readonly StructuredPost[]): BlogLeaf {
  const url = absoluteUrl("/blog");
  return {
    "@type": "Blog",
    "@id": `${url}#blog`,
    name: FEED_TITLE,
    description: FEED_DESCRIPTION,
    url,
    inLanguage: LANGUAGE,
    publisher: organizationRef(),
    blogPost: posts.map((post) => ({
      "@type": "BlogPosting",
      "@id": `${absoluteUrl(post.path)}#article`,
      headline: post.title,
      url: absoluteUrl(post.path),
      datePublished: post.date,
      dateModified: post.updated ?? post.date,
    })),
  };
}

/** A guide's page (a situation, the comparison of ways to sell): what it is and when it changed. */
export type StructuredGuide = {
  title: string;
  headline: string;
  description: string;
  /** "YYYY-MM-DD" */
  updated: string;
  path: string;
  faq: readonly StructuredFaqItem[];
};

export function guideArticle(guide: StructuredGuide, language: Language = "en"): ArticleLeaf {
  const url = absoluteUrl(guide.path);
  return {
    "@type": "Article",
    "@id": `${url}#article`,
    headline: guide.headline,
    name: guide.title,
    description: guide.description,
    image: ogImage(guide.path, guide.title),
    dateModified: guide.updated,
    author: organizationRef(),
    publisher: organizationRef(),
    url,
    mainEntityOfPage: url,
    inLanguage: HREFLANG[language],
  };
}

/** The questions answered on a page, in the words the page shows (search engines check). */
export function faqPage(path: string, items: readonly StructuredFaqItem[]): FAQPageLeaf {
  return {
    "@type": "FAQPage",
    "@id": `${absoluteUrl(path)}#faq`,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

function graph(nodes: readonly Thing[]): Graph {
  return { "@context": "https://schema.org", "@graph": nodes };
}

const HOME: BreadcrumbItem = { name: "Home", href: "/" };

/** Where a Spanish page's breadcrumb starts: the Spanish home page. */
export const HOME_ES: BreadcrumbItem = {
  name: chromeCopyEs.breadcrumb.home,
  href: SPANISH_HOME_PATH,
};

/**
 * A Spanish page says its language to search engines as a WebPage node in Spanish, part of
 * the one website; its pair's English page is named in the head's hreflang links.
 */
export function spanishWebPage(page: {
  path: string;
  name: string;
  description: string;
}): WebPageLeaf {
  const url = absoluteUrl(page.path);
  return {
    "@type": "WebPage",
    "@id": `${url}#webpage`,
    url,
    name: page.name,
    description: page.description,
    inLanguage: HREFLANG.es,
    isPartOf: { "@id": WEBSITE_ID },
  };
}

/** Any other Spanish page: the page in Spanish, its breadcrumb as shown, and its publisher. */
export function spanishPageJsonLd(
  page: { path: string; name: string; description: string },
  trail: readonly BreadcrumbItem[],
): Graph {
  return graph([spanishWebPage(page), breadcrumbList(trail), organization()]);
}

/** The Spanish home page: the organization, the website, the page in Spanish, its questions. */
export function spanishHomeJsonLd(
  page: { name: string; description: string },
  faq: readonly StructuredFaqItem[],
): Graph {
  return graph([
    organization(),
    webSite(),
    spanishWebPage({ ...page, path: SPANISH_HOME_PATH }),
    faqPage(SPANISH_HOME_PATH, faq),
  ]);
}

/** A Spanish state page: the page in Spanish, its breadcrumb, the provider and its questions. */
export function spanishStateJsonLd(
  state: StructuredState & { title: string; breadcrumb: string },
): Graph {
  return graph([
    spanishWebPage({ path: state.path, name: state.title, description: state.description }),
    breadcrumbList([HOME_ES, { name: state.breadcrumb, href: state.path }]),
    organization(),
    faqPage(state.path, state.faq),
  ]);
}
const BLOG: BreadcrumbItem = { name: "Blog", href: "/blog" };

/** Home page: the organization, the website and the questions the page answers. */
export function homeJsonLd(faq: readonly StructuredFaqItem[]): Graph {
  return graph([organization(), webSite(), faqPage("/", faq)]);
}

/** State page: the cash home buying service in that state, its breadcrumb and its provider. */
export function stateJsonLd(state: StructuredState): Graph {
  return graph([
    stateService(state),
    breadcrumbList([HOME, { name: statePageCopy.breadcrumb(state.name), href: state.path }]),
    organization(),
    faqPage(state.path, state.faq),
  ]);
}

/** Blog post: the article, its breadcrumb Home > Blog > post, and its publisher. */
export function postJsonLd(post: StructuredPost): Graph {
  return graph([
    blogPosting(post),
    breadcrumbList([HOME, BLOG, { name: post.title, href: post.path }]),
    organization(),
  ]);
}

/** A guide: the article, its breadcrumb as shown, its publisher and the questions it answers. */
export function guideJsonLd(
  guide: StructuredGuide,
  trail: readonly BreadcrumbItem[],
  language: Language = "en",
): Graph {
  return graph([
    guideArticle(guide, language),
    breadcrumbList(trail),
    organization(),
    faqPage(guide.path, guide.faq),
  ]);
}

/** A list of pages (the situations index): its breadcrumb and its publisher. */
export function listPageJsonLd(trail: readonly BreadcrumbItem[]): Graph {
  return graph([breadcrumbList(trail), organization()]);
}

/** Blog list: the blog with its posts, its breadcrumb Home > Blog, and its publisher. */
export function blogJsonLd(posts: readonly StructuredPost[]): Graph {
  return graph([blog(posts), breadcrumbList([HOME, BLOG]), organization()]);
}

/** What the net-proceeds calculator is, for search engines: a free tool, with no rating. */
export function calculatorApplication(page: {
  name: string;
  description: string;
  path: string;
  language?: Language;
}): WebApplicationLeaf {
  const url = absoluteUrl(page.path);
  return {
    "@type": "WebApplication",
    "@id": `${url}#calculator`,
    name: page.name,
    description: page.description,
    url,
    applicationCategory: "FinanceApplication",
    operatingSystem: "Any",
    browserRequirements: "Requires JavaScript to change the figures",
    isAccessibleForFree: true,
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    provider: organizationRef(),
    inLanguage: HREFLANG[page.language ?? "en"],
  };
}

/** Calculator: the tool, its breadcrumb Home > calculator, and its provider. */
export function calculatorJsonLd(page: {
  name: string;
  breadcrumb: string;
  description: string;
  path: string;
  language?: Language;
}): Graph {
  const home = page.language === "es" ? HOME_ES : HOME;
  return graph([
    calculatorApplication(page),
    breadcrumbList([home, { name: page.breadcrumb, href: page.path }]),
    organization(),
  ]);
}

/**
 * JSON for an inline <script>: "<" is escaped so no text in the data (a title
 * holding "</script>") can end the script element early.
 */
export function serializeJsonLd(data: Graph): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
