import { renderMarkdown } from "@/lib/build/markdown";

describe("renderMarkdown", () => {
  it("renders headings, lists, links and GitHub tables", () => {
    const html = renderMarkdown(
      "## Costs\n\n- one\n- two\n\nSee [the blog](/blog).\n\n| Item | Cost |\n|---|---|\n| Commission | $18,000 |",
    );
    expect(html).toContain('<h2 id="costs">Costs</h2>');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="/blog">the blog</a>');
    expect(html).toContain("<th>Item</th>");
    expect(html).toContain("<td>$18,000</td>");
  });

  it("aligns table columns with classes, not the obsolete align attribute", () => {
    const html = renderMarkdown("| Item | Cost |\n| --- | ---: |\n| Staging | $2,500 |");
    expect(html).toContain('<th class="text-right">Cost</th>');
    expect(html).toContain('<td class="text-right">$2,500</td>');
    expect(html).toContain("<td>Staging</td>");
    expect(html).not.toContain("align=");
  });

  it("can give a table one block per row for phones, the table kept for wider screens", () => {
    const html = renderMarkdown(
      "## At a glance\n\n| What | Cash | Listing |\n| --- | --- | --- |\n| **Time** | 7 days | [Months](/blog) |",
      { stackedTables: true },
    );
    expect(html).toContain('<table class="max-md:hidden">');
    expect(html).toContain(
      '<div class="stacked-rows md:hidden"><div class="stacked-row"><h3>Time</h3><dl><dt>Cash</dt><dd>7 days</dd><dt>Listing</dt><dd><a href="/blog">Months</a></dd></dl></div></div>',
    );
    expect(renderMarkdown("| A | B |\n| --- | --- |\n| 1 | 2 |")).toMatch(/^<table>/);
  });

  it("can fold each h2 section into a disclosure, the listed ones open", () => {
    const html = renderMarkdown("Intro.\n\n## In short\n\nA.\n\n## Details\n\nB.", {
      foldSections: { open: ["in-short"] },
    });
    expect(html).toBe(
      '<p>Intro.</p>\n<details class="folded-section" open><summary><h2 id="in-short">In short</h2></summary>\n<p>A.</p>\n</details><details class="folded-section"><summary><h2 id="details">Details</h2></summary>\n<p>B.</p></details>',
    );
  });

  it("gives headings ids to link to, distinct within the page", () => {
    expect(renderMarkdown("## Who we are\n\n## Who we are\n\n### Calls & texts")).toBe(
      '<h2 id="who-we-are">Who we are</h2>\n<h2 id="who-we-are-2">Who we are</h2>\n<h3 id="calls-texts">Calls &#x26; texts</h3>',
    );
  });

  it("drops raw HTML instead of passing it into the page", () => {
    const html = renderMarkdown('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|onerror/);
    expect(html).toContain("Hello");
  });
});
