import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

import { type APIRequestContext } from "@playwright/test";
import matter from "gray-matter";

import { expect, test, type Page } from "./support/test";

import { LEGAL_PAGES } from "../content/legal-pages";
import { site } from "../config/site";
import { slugify } from "../lib/slug";
import { STATES } from "../supabase/functions/_shared/contract/states";

/**
 * Search and sharing metadata of the built export, as a crawler or a link
 * preview sees it. The expected pages come from the content files, not from the
 * code that writes the sitemap.
 */
const OUT = path.resolve("out");
const BLOG_DIR = path.resolve("content", "blog");
const LEGAL_DIR = path.resolve("content", "legal");
const SITUATIONS_DIR = path.resolve("content", "situations");
const ORGANIZATION_ID = `${site.url}/#organization`;

type Kind = "home" | "blog" | "post" | "calculator" | "state" | "legal" | "guides" | "guide";
type ExpectedPage = {
  kind: Kind;
  path: string;
  url: string;
  name: string;
  date?: string;
  /** A guide's breadcrumb, between Home and the page itself. */
  parent?: { name: string; url: string };
};

const url = (pagePath: string) => `${site.url}${pagePath === "/" ? "" : pagePath}`;

const posts = readdirSync(BLOG_DIR)
  .filter((file) => file.endsWith(".md"))
  .map(
    (file) =>
      matter(readFileSync(path.join(BLOG_DIR, file), "utf8")).data as Record<string, unknown>,
  )
  .map((data) => ({
    slug: String(data.slug),
    title: String(data.title),
    date: String(data.date),
    // The sitemap and dateModified give a revised post's last revision.
    modified: String(data.updated ?? data.date),
  }));

const guideData = (file: string) =>
  matter(readFileSync(file, "utf8")).data as { slug: string; cardTitle: string; updated: string };
const SITUATIONS_URL = url("/situations");

const EXPECTED: ExpectedPage[] = [
  { kind: "home", path: "/", url: url("/"), name: "Home" },
  { kind: "blog", path: "/blog", url: url("/blog"), name: "Blog" },
  ...posts.map((post) => ({
    kind: "post" as const,
    path: `/blog/${post.slug}`,
    url: url(`/blog/${post.slug}`),
    name: post.title,
    date: post.modified,
  })),
  { kind: "guides", path: "/situations", url: SITUATIONS_URL, name: "Situations" },
  ...readdirSync(SITUATIONS_DIR)
    .filter((file) => file.endsWith(".md"))
    .map((file) => guideData(path.join(SITUATIONS_DIR, file)))
    .map((data) => ({
      kind: "guide" as const,
      path: `/situations/${data.slug}`,
      url: url(`/situations/${data.slug}`),
      name: data.cardTitle,
      date: data.updated,
      parent: { name: "Situations", url: SITUATIONS_URL },
    })),
  ...[guideData(path.resolve("content", "cash-offer-vs-listing.md"))].map((data) => ({
    kind: "guide" as const,
    path: `/${data.slug}`,
    url: url(`/${data.slug}`),
    name: data.cardTitle,
    date: data.updated,
  })),
  {
    kind: "calculator",
    path: "/calculator",
    url: url("/calculator"),
    name: "Net Proceeds Calculator",
  },
  ...STATES.map((state) => ({
    kind: "state" as const,
    path: `/sell-house-fast-${slugify(state.name)}`,
    url: url(`/sell-house-fast-${slugify(state.name)}`),
    name: state.name,
  })),
  ...Object.entries(LEGAL_PAGES).map(([slug, legal]) => {
    const updated = matter(readFileSync(path.join(LEGAL_DIR, `${slug}.md`), "utf8")).data.updated;
    return {
      kind: "legal" as const,
      path: legal.path,
      url: url(legal.path),
      name: legal.title,
      date: updated instanceof Date ? updated.toISOString().slice(0, 10) : String(updated),
    };
  }),
];

/**
 * The Spanish pages the sitemap lists beside them (issue 43), by path: the home page, the
 * calculator, ten states, four guides and three policies; the dated ones with their date.
 */
const SPANISH_DIR = path.resolve("content", "es");
const spanishDate = (file: string) => {
  const updated = matter(readFileSync(path.join(SPANISH_DIR, file), "utf8")).data.updated;
  return updated instanceof Date ? updated.toISOString().slice(0, 10) : String(updated);
};
const SPANISH_EXPECTED: { url: string; date?: string }[] = [
  { url: url("/es") },
  { url: url("/es/calculadora") },
  ...[
    "california",
    "texas",
    "florida",
    "nueva-york",
    "illinois",
    "arizona",
    "nueva-jersey",
    "nuevo-mexico",
    "nevada",
    "colorado",
  ].map((state) => ({ url: url(`/es/vender-casa-rapido-${state}`) })),
  ...["ejecucion-hipotecaria", "casa-heredada-sucesion", "divorcio", "impuestos-atrasados"].map(
    (slug) => ({
      url: url(`/es/situaciones/${slug}`),
      date: spanishDate(path.join("situations", `${slug}.md`)),
    }),
  ),
  ...["privacidad", "terminos", "politica-de-mensajes"].map((slug) => ({
    url: url(`/es/${slug}`),
    date: spanishDate(path.join("legal", `${slug}.md`)),
  })),
];

/** A URL on the production domain as a path on the local server. */
function localPath(absolute: string): string {
  expect(absolute.startsWith(`${site.url}/`), `${absolute} is on ${site.url}`).toBe(true);
  return absolute.slice(site.url.length);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString("latin1"), "PNG signature").toBe("PNG");
  expect(body.subarray(12, 16).toString("latin1"), "IHDR chunk").toBe("IHDR");
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function expectPng(
  request: APIRequestContext,
  absolute: string,
  size: { width: number; height: number },
) {
  const response = await request.get(localPath(absolute));
  expect(response.status(), absolute).toBe(200);
  expect(response.headers()["content-type"], absolute).toMatch(/^image\/png/);
  expect(pngSize(await response.body()), absolute).toEqual(size);
}

/** Parses XML in the browser, failing on any well-formedness error. */
async function parseXml(page: Page, xml: string) {
  const error = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return doc.querySelector("parsererror")?.textContent ?? null;
  }, xml);
  expect(error).toBeNull();
}

type Head = Awaited<ReturnType<typeof readHead>>;

/**
 * What a crawler reads of a page: its HTML as served, parsed by the browser's own parser
 * (DOMParser: no script runs, nothing is fetched or laid out).
 */
async function readHead(page: Page, html: string) {
  return page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, "text/html");
    const attr = (selector: string, name: string) =>
      document.querySelector(selector)?.getAttribute(name) ?? null;
    const all = (selector: string, name: string) =>
      [...document.querySelectorAll(selector)].map((element) => element.getAttribute(name) ?? "");
    return {
      title: document.title,
      description: attr('meta[name="description"]', "content"),
      canonical: all('link[rel="canonical"]', "href"),
      ogUrl: attr('meta[property="og:url"]', "content"),
      ogTitle: attr('meta[property="og:title"]', "content"),
      ogDescription: attr('meta[property="og:description"]', "content"),
      ogType: attr('meta[property="og:type"]', "content"),
      ogImages: all('meta[property="og:image"]', "content"),
      ogImageWidth: attr('meta[property="og:image:width"]', "content"),
      ogImageHeight: attr('meta[property="og:image:height"]', "content"),
      ogImageAlt: attr('meta[property="og:image:alt"]', "content"),
      twitterCard: attr('meta[name="twitter:card"]', "content"),
      twitterImages: all('meta[name="twitter:image"]', "content"),
      icon: attr('link[rel="icon"]', "href"),
      appleIcon: attr('link[rel="apple-touch-icon"]', "href"),
      manifest: attr('link[rel="manifest"]', "href"),
      themeColor: attr('meta[name="theme-color"]', "content"),
      feeds: all('link[rel="alternate"][type="application/rss+xml"]', "href"),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? "",
      ),
      faq: [...document.querySelectorAll("[data-faq-item]")].map((item) => [
        item.querySelector("[data-faq-question]")?.textContent ?? "",
        item.querySelector("[data-faq-answer]")?.textContent ?? "",
      ]),
      faqSectionIds: [...document.querySelectorAll("[data-faq-item]")].map(
        (item) => item.closest("section")?.id ?? "",
      ),
    };
  }, html);
}

type LdNode = Record<string, unknown> & { "@type"?: string };

/** The page's one JSON-LD block, parsed, as its @graph nodes; null when there is none to check. */
function graphOf(head: Head, where: string): LdNode[] | null {
  expect.soft(head.jsonLd, `${where}: one ld+json script`).toHaveLength(1);
  if (head.jsonLd.length !== 1) return null;
  let data: { "@context"?: string; "@graph"?: LdNode[] };
  try {
    data = JSON.parse(head.jsonLd[0]!) as typeof data;
  } catch (error) {
    expect.soft(String(error), `${where}: JSON-LD parses`).toBe("");
    return null;
  }
  expect.soft(data["@context"], where).toBe("https://schema.org");
  expect.soft(Array.isArray(data["@graph"]), `${where}: @graph`).toBe(true);
  return Array.isArray(data["@graph"]) ? data["@graph"] : null;
}

function nodeOf(graph: LdNode[], type: string, where: string): LdNode {
  const found = graph.filter((node) => node["@type"] === type);
  expect.soft(found, `${where}: one ${type}`).toHaveLength(1);
  return found[0] ?? {};
}

/** The FAQPage must say exactly what the page shows (search engines check). */
function expectFaqMatchesPage(graph: LdNode[], head: Head, where: string) {
  const faq = nodeOf(graph, "FAQPage", where) as {
    "@id"?: string;
    mainEntity?: { name: string; acceptedAnswer: { text: string } }[];
  };
  // Its @id names the section that shows it.
  const fragment = faq["@id"]?.split("#")[1];
  expect.soft(new Set(head.faqSectionIds), `${where}: FAQPage @id`).toEqual(new Set([fragment]));
  expect.soft(head.faq.length, `${where}: questions on the page`).toBeGreaterThanOrEqual(3);
  expect
    .soft(
      (faq.mainEntity ?? []).map((item) => [item.name, item.acceptedAnswer.text]),
      `${where}: FAQPage equals the visible questions and answers`,
    )
    .toEqual(head.faq);
}

function expectOrganization(node: LdNode, where: string) {
  expect.soft(node, where).toMatchObject({
    "@id": ORGANIZATION_ID,
    name: site.name,
    legalName: site.company.legalName,
    telephone: site.company.phone.e164,
    url: site.url,
    email: site.email,
    logo: { "@type": "ImageObject", url: expect.stringMatching(/\.png$/) },
    areaServed: { "@type": "Country", name: "United States" },
  });
}

function expectBreadcrumb(graph: LdNode[], trail: { name: string; url: string }[], where: string) {
  const list = nodeOf(graph, "BreadcrumbList", where);
  expect.soft(list.itemListElement, `${where}: breadcrumb`).toEqual(
    trail.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  );
}

/** Checks a page's JSON-LD against what its kind must carry; returns every image URL in it. */
function checkJsonLd(expected: ExpectedPage, head: Head): string[] {
  const where = expected.path;
  if ((expected.kind === "blog" || expected.kind === "legal") && head.jsonLd.length === 0) {
    return [];
  }
  const graph = graphOf(head, where);
  if (!graph) return [];
  const text = head.jsonLd[0]!;
  expect
    .soft(text, `${where}: no self-serving review markup`)
    .not.toMatch(/"(Review|AggregateRating|review|aggregateRating)"/);
  expect.soft(text, `${where}: "<" escaped`).not.toContain("<");
  const home = { name: "Home", url: site.url };
  const images: string[] = [];

  for (const node of graph) {
    if (node["@type"] === "Organization") {
      expectOrganization(node, where);
      images.push((node.logo as { url: string }).url);
    }
  }

  if (expected.kind === "home") {
    expect
      .soft(graph.map((node) => node["@type"]).sort(), where)
      .toEqual(["FAQPage", "Organization", "WebSite"]);
    expect.soft(nodeOf(graph, "WebSite", where)).toMatchObject({ name: site.name, url: site.url });
    expectFaqMatchesPage(graph, head, where);
  }

  if (expected.kind === "state") {
    expect.soft(nodeOf(graph, "Service", where), where).toMatchObject({
      name: `Cash home buying in ${expected.name}`,
      url: expected.url,
      provider: { "@id": ORGANIZATION_ID, name: site.name },
      areaServed: { "@type": "State", name: expected.name },
    });
    nodeOf(graph, "Organization", where);
    expectBreadcrumb(
      graph,
      [home, { name: `Sell House Fast ${expected.name}`, url: expected.url }],
      where,
    );
    expectFaqMatchesPage(graph, head, where);
  }

  if (expected.kind === "post") {
    const article = nodeOf(graph, "BlogPosting", where);
    expect.soft(article, where).toMatchObject({
      headline: expected.name,
      description: head.description,
      datePublished: posts.find((post) => `/blog/${post.slug}` === expected.path)?.date,
      dateModified: expected.date,
      author: { name: site.name },
      publisher: { "@id": ORGANIZATION_ID, name: site.name },
    });
    const articleImages = ([] as unknown[]).concat(article.image ?? []);
    expect.soft(articleImages.length, `${where}: BlogPosting image`).toBeGreaterThan(0);
    for (const image of articleImages) {
      const src = typeof image === "string" ? image : (image as { url?: string } | undefined)?.url;
      if (src) images.push(src);
    }
    nodeOf(graph, "Organization", where);
    expectBreadcrumb(
      graph,
      [home, { name: "Blog", url: url("/blog") }, { name: expected.name, url: expected.url }],
      where,
    );
  }

  if (expected.kind === "blog") {
    expectBreadcrumb(graph, [home, { name: "Blog", url: url("/blog") }], where);
  }

  if (expected.kind === "guides") {
    expectBreadcrumb(graph, [home, { name: expected.name, url: expected.url }], where);
  }

  if (expected.kind === "guide") {
    expect.soft(nodeOf(graph, "Article", where), where).toMatchObject({
      description: head.description,
      dateModified: expected.date,
      url: expected.url,
      publisher: { "@id": ORGANIZATION_ID, name: site.name },
    });
    nodeOf(graph, "Organization", where);
    expectBreadcrumb(
      graph,
      [
        home,
        ...(expected.parent ? [expected.parent] : []),
        { name: expected.name, url: expected.url },
      ],
      where,
    );
    expectFaqMatchesPage(graph, head, where);
  }

  if (expected.kind === "calculator") {
    expect.soft(nodeOf(graph, "WebApplication", where), where).toMatchObject({
      url: expected.url,
      isAccessibleForFree: true,
      provider: { "@id": ORGANIZATION_ID, name: site.name },
    });
    nodeOf(graph, "Organization", where);
    expectBreadcrumb(graph, [home, { name: expected.name, url: expected.url }], where);
  }
  return images;
}

test.describe("search and sharing metadata of the export", () => {
  test("sitemap.xml lists exactly the 71 English and 19 Spanish public pages at their canonical URLs", async ({
    page,
    request,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect.soft(response.status()).toBe(200);
    expect.soft(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    await parseXml(page, xml);

    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: /<loc>([^<]*)<\/loc>/.exec(body!)?.[1],
      lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body!)?.[1],
    }));
    expect.soft(EXPECTED).toHaveLength(71);
    expect.soft(SPANISH_EXPECTED).toHaveLength(19);
    expect
      .soft(entries.map((entry) => entry.loc).sort())
      .toEqual([...EXPECTED, ...SPANISH_EXPECTED].map((expected) => expected.url).sort());
    for (const expected of SPANISH_EXPECTED) {
      const entry = entries.find((candidate) => candidate.loc === expected.url);
      expect.soft(entry?.lastmod, expected.url).toBe(expected.date);
    }
    for (const expected of EXPECTED) {
      const entry = entries.find((candidate) => candidate.loc === expected.url);
      // A post's, a guide's or a policy's own date (its last revision); the other pages have
      // no true date to give.
      expect.soft(entry?.lastmod, expected.path).toBe(expected.date);
    }
  });

  test("robots.txt allows crawling and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect.soft(response.status()).toBe(200);
    const robots = await response.text();
    expect.soft(robots).toMatch(/^User-Agent: \*$/im);
    expect.soft(robots).toMatch(/^Allow: \/$/m);
    expect.soft(robots).not.toMatch(/^Disallow: \/\s*$/m);
    expect.soft(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  test("every public page carries complete, unique metadata and valid JSON-LD", async ({
    page,
    request,
  }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    const ogImages = new Set<string>();
    const ldImages = new Set<string>();

    for (const expected of EXPECTED) {
      const where = expected.path;
      const response = await request.get(expected.path);
      expect.soft(response.status(), where).toBe(200);
      const head = await readHead(page, await response.text());

      expect
        .soft(head.canonical, `${where}: canonical equals the sitemap URL`)
        .toEqual([expected.url]);
      expect.soft(head.ogUrl, where).toBe(expected.url);
      expect.soft(head.title.length, `${where}: title`).toBeGreaterThan(10);
      expect.soft(head.description?.length ?? 0, `${where}: description`).toBeGreaterThan(50);
      expect.soft(titles.get(head.title), `${where}: title shared with`).toBeUndefined();
      expect
        .soft(descriptions.get(head.description!), `${where}: description shared with`)
        .toBeUndefined();
      titles.set(head.title, where);
      descriptions.set(head.description!, where);

      expect.soft(head.ogTitle, where).toBe(head.title);
      expect.soft(head.ogDescription, where).toBe(head.description);
      expect.soft(head.ogType, where).toBe(expected.kind === "post" ? "article" : "website");
      expect.soft(head.ogImages, `${where}: og:image`).toHaveLength(1);
      expect.soft(head.ogImages[0], where).toMatch(/\.png$/);
      expect.soft([head.ogImageWidth, head.ogImageHeight], where).toEqual(["1200", "630"]);
      expect.soft(head.ogImageAlt, where).toBeTruthy();
      expect.soft(head.twitterCard, where).toBe("summary_large_image");
      expect.soft(head.twitterImages, where).toEqual(head.ogImages);
      ogImages.add(head.ogImages[0]!);

      expect.soft(head.icon, `${where}: favicon`).toBeTruthy();
      expect.soft(head.appleIcon, `${where}: apple-touch-icon`).toMatch(/\.png$/);
      expect.soft(head.manifest, where).toBe("/manifest.webmanifest");
      expect.soft(head.themeColor, where).toBe(site.themeColor);
      if (expected.kind === "blog")
        expect.soft(head.feeds, "/blog links its feed").toEqual([`${site.url}/blog/rss.xml`]);

      for (const image of checkJsonLd(expected, head)) ldImages.add(image);
    }

    expect(ogImages.size, "one Open Graph image per page").toBe(EXPECTED.length);
    for (const image of ogImages) await expectPng(request, image, { width: 1200, height: 630 });
    for (const image of ldImages) {
      const response = await request.get(localPath(image));
      expect(response.status(), image).toBe(200);
      expect(response.headers()["content-type"], image).toMatch(/^image\//);
    }
  });

  test("the RSS feed lists the six posts and is linked from the blog", async ({
    page,
    request,
  }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    await parseXml(page, xml);

    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<link>${site.url}/blog</link>`);
    expect(xml).toContain(
      `<atom:link href="${site.url}/blog/rss.xml" rel="self" type="application/rss+xml"/>`,
    );
    const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
    expect(items).toHaveLength(6);
    const links = items.map((item) => /<link>([^<]*)<\/link>/.exec(item)?.[1]);
    expect(links.sort()).toEqual(
      EXPECTED.filter((page) => page.kind === "post")
        .map((post) => post.url)
        .sort(),
    );
    for (const item of items) {
      expect(item).toMatch(/<title>[^<]+<\/title>/);
      expect(item).toMatch(/<guid isPermaLink="true">https:\/\/[^<]+<\/guid>/);
      expect(item).toMatch(/<description>[^<]{80,}<\/description>/);
      expect(item).toMatch(
        /<pubDate>(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT<\/pubDate>/,
      );
      expect(item).toMatch(/<category>[^<]+<\/category>/);
    }
  });

  test("the web manifest names the brand, theme colour and PNG icons that exist", async ({
    request,
  }) => {
    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      theme_color: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: site.name,
      theme_color: site.themeColor,
      start_url: "/",
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split("x").map(Number);
      await expectPng(request, `${site.url}${icon.src}`, { width: width!, height: height! });
    }

    const favicon = await request.get("/icon.svg");
    expect(favicon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    await expectPng(request, `${site.url}/icons/apple-touch-icon.png`, { width: 180, height: 180 });
  });

  test("nothing in the export points at localhost", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(html|txt|xml|json|webmanifest|svg|css|js)$/.test(name)) files.push(file);
      }
    };
    walk(OUT);
    expect(files.length).toBeGreaterThan(58);

    // Pages, payloads, feeds and styles may not name it at all; scripts may not hold a
    // localhost URL.
    const offenders = files
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        if (!file.endsWith(".js")) return /localhost|127\.0\.0\.1/.test(text);
        return /\/\/(localhost|127\.0\.0\.1)/.test(text);
      })
      .map((file) => path.relative(OUT, file));
    expect(offenders).toEqual([]);
  });
});
