import type { Graph } from "schema-dts";

import { homeFaq } from "@/content/faq";
import { getPosts } from "@/lib/build/blog";
import { getComparePage, getSituation, getSituations } from "@/lib/build/situations";
import { getStatePage } from "@/lib/build/state-pages";
import { site } from "@/config/site";
import {
  ORGANIZATION_ID,
  blogJsonLd,
  breadcrumbList,
  guideJsonLd,
  homeJsonLd,
  postJsonLd,
  serializeJsonLd,
  stateJsonLd,
} from "@/lib/structured-data";

type Node = Record<string, unknown>;

/** The graph as a consumer sees it: through JSON, with nodes found by type. */
function nodes(graph: Graph): Node[] {
  const parsed = JSON.parse(serializeJsonLd(graph)) as { "@context": string; "@graph": Node[] };
  expect(parsed["@context"]).toBe("https://schema.org");
  return parsed["@graph"];
}

function node(graph: Graph, type: string): Node {
  const found = nodes(graph).filter((candidate) => candidate["@type"] === type);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const ohio = getStatePage("ohio")!;
const post = getPosts()[0]!;

describe("home page JSON-LD", () => {
  const graph = homeJsonLd(homeFaq);

  it("describes the organization serving the United States, with its contact details", () => {
    expect(node(graph, "Organization")).toMatchObject({
      "@id": ORGANIZATION_ID,
      name: "Quick Home Buyers",
      legalName: site.company.legalName,
      url: site.url,
      email: site.company.email,
      telephone: site.company.phone.e164,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.company.address.street,
        addressRegion: site.company.address.region,
      },
      logo: { "@type": "ImageObject", url: `${site.url}/icons/icon-512.png` },
      areaServed: { "@type": "Country", name: "United States" },
    });
  });

  it("answers the page's questions in the page's own words", () => {
    const faq = node(graph, "FAQPage") as unknown as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity.map((item) => [item.name, item.acceptedAnswer.text])).toEqual(
      homeFaq.map((item) => [item.question, item.answer]),
    );
  });

  it("describes the website, published by the organization", () => {
    expect(node(graph, "WebSite")).toMatchObject({
      name: site.name,
      url: site.url,
      publisher: { "@id": ORGANIZATION_ID },
    });
    expect(nodes(graph)).toHaveLength(3);
  });
});

describe("state page JSON-LD", () => {
  const graph = stateJsonLd(ohio);

  it("offers cash home buying in the state, provided by the organization", () => {
    expect(node(graph, "Service")).toMatchObject({
      name: "Cash home buying in Ohio",
      serviceType: "Cash home buying",
      url: `${site.url}/sell-house-fast-ohio`,
      description: ohio.description,
      provider: { "@type": "Organization", "@id": ORGANIZATION_ID, name: site.name },
      areaServed: { "@type": "State", name: "Ohio", alternateName: "OH" },
    });
    expect(node(graph, "Organization")["@id"]).toBe(ORGANIZATION_ID);
  });

  it("has the breadcrumb Home > Sell House Fast Ohio with absolute URLs", () => {
    expect(node(graph, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: site.url },
      {
        "@type": "ListItem",
        position: 2,
        name: "Sell House Fast Ohio",
        item: `${site.url}/sell-house-fast-ohio`,
      },
    ]);
  });
});

describe("blog post JSON-LD", () => {
  const graph = postJsonLd(post);

  it("is a BlogPosting with the properties search engines require", () => {
    const article = node(graph, "BlogPosting");
    expect(article).toMatchObject({
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      dateModified: post.updated ?? post.date,
      url: `${site.url}${post.path}`,
      mainEntityOfPage: `${site.url}${post.path}`,
      author: { "@type": "Organization", name: site.name },
      publisher: { "@type": "Organization", "@id": ORGANIZATION_ID },
      articleSection: post.category,
      keywords: post.tags,
    });
    expect(article.image).toEqual([
      expect.objectContaining({
        url: `${site.url}/og/blog-${post.slug}.png`,
        width: "1200",
        height: "630",
      }),
      `${site.url}${post.image}`,
    ]);
  });

  it("is modified on the day a revision says, and published on its own date", () => {
    const revised = node(
      postJsonLd({ ...post, date: "2024-01-15", updated: "2026-11-25" }),
      "BlogPosting",
    );
    expect(revised).toMatchObject({ datePublished: "2024-01-15", dateModified: "2026-11-25" });
    const unrevised = node(
      postJsonLd({ ...post, date: "2024-01-15", updated: undefined }),
      "BlogPosting",
    );
    expect(unrevised).toMatchObject({ datePublished: "2024-01-15", dateModified: "2024-01-15" });
  });

  it("has the breadcrumb Home > Blog > post", () => {
    const items = node(graph, "BreadcrumbList").itemListElement as Node[];
    expect(items.map((item) => [item.position, item.name, item.item])).toEqual([
      [1, "Home", site.url],
      [2, "Blog", `${site.url}/blog`],
      [3, post.title, `${site.url}${post.path}`],
    ]);
  });
});

describe("blog list JSON-LD", () => {
  it("lists every post in the blog", () => {
    const graph = blogJsonLd(getPosts());
    const blog = node(graph, "Blog");
    expect(blog).toMatchObject({ url: `${site.url}/blog`, publisher: { "@id": ORGANIZATION_ID } });
    expect(blog.blogPost).toHaveLength(6);
    expect(node(graph, "BreadcrumbList").itemListElement).toHaveLength(2);
  });
});

describe("situation guide JSON-LD", () => {
  const foreclosure = getSituation("foreclosure")!;
  const trail = [
    { name: "Home", href: "/" },
    { name: "Situations", href: "/situations" },
    { name: foreclosure.cardTitle, href: foreclosure.path },
  ];
  const graph = guideJsonLd(foreclosure, trail);

  it("is an Article dated by its update, with the breadcrumb the page shows", () => {
    expect(node(graph, "Article")).toMatchObject({
      headline: foreclosure.headline,
      description: foreclosure.description,
      dateModified: foreclosure.updated,
      url: `${site.url}/situations/foreclosure`,
      publisher: { "@id": ORGANIZATION_ID },
    });
    const items = node(graph, "BreadcrumbList").itemListElement as Node[];
    expect(items.map((item) => item.item)).toEqual([
      site.url,
      `${site.url}/situations`,
      `${site.url}/situations/foreclosure`,
    ]);
  });

  it("publishes its own questions and answers, word for word, as the FAQPage", () => {
    const faq = node(graph, "FAQPage") as { "@id": string; mainEntity: Node[] };
    expect(faq["@id"]).toBe(`${site.url}/situations/foreclosure#faq`);
    expect(faq.mainEntity.map((item) => [item.name, (item.acceptedAnswer as Node).text])).toEqual(
      foreclosure.faq.map((item) => [item.question, item.answer]),
    );
  });
});

describe("every page's JSON-LD", () => {
  const graphs = [
    homeJsonLd(homeFaq),
    stateJsonLd(ohio),
    postJsonLd(post),
    blogJsonLd(getPosts()),
    ...getSituations().map((situation) => guideJsonLd(situation, [])),
    guideJsonLd(getComparePage(), []),
  ];

  it("carries no review or rating about the company itself", () => {
    for (const graph of graphs) {
      expect(serializeJsonLd(graph)).not.toMatch(
        /"(Review|AggregateRating|review|aggregateRating|reviewRating)"/,
      );
    }
  });

  it("points every @id reference at a node of the same graph", () => {
    for (const graph of graphs) {
      const text = serializeJsonLd(graph);
      const ids = new Set(nodes(graph).map((candidate) => candidate["@id"]));
      const references = [...text.matchAll(/\{"@id":"([^"]+)"\}/g)].map((match) => match[1]);
      for (const reference of references) expect(ids).toContain(reference);
    }
  });
});

describe("serializeJsonLd", () => {
  it("escapes < so text cannot close the script element", () => {
    const graph = breadcrumbList([{ name: "</script><script>alert(1)</script>", href: "/x" }]);
    const text = serializeJsonLd({ "@context": "https://schema.org", "@graph": [graph] });
    expect(text).not.toContain("<");
    expect(text).toContain("\\u003c/script>");
    const parsed = JSON.parse(text) as { "@graph": Node[] };
    expect(JSON.stringify(parsed["@graph"][0])).toContain("</script><script>alert(1)</script>");
  });
});
