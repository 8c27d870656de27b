import { attributionToColumns } from "../../contract/attribution-columns.ts";
import { leadFixture } from "../../store/lead-test-kit.ts";
import { detailsTable, html, paragraph, renderHtml } from "./email-html.ts";
import { buildConfirmationEmail } from "./homeowner-messages.ts";
import { buildEscalationEmail, buildTeamEmail } from "./team-messages.ts";

describe("html``", () => {
  it("escapes the five characters that can open markup or break out of an attribute", () => {
    expect(renderHtml(html`<td>${`<a href="x">'&'</a>`}</td>`)).toBe(
      "<td>&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;</td>",
    );
  });

  it("puts a value made by html`` in as markup, and the text inside it escaped once", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const inner = html`<strong>${name}</strong>`;
    expect(renderHtml(html`<p>${inner} ${name}</p>`)).toBe(
      "<p><strong>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</strong> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>",
    );
  });

  it("writes a list's items one after another, each escaped unless it is markup", () => {
    const items = ["<b>", html`<i>1</i>`, [html`<i>2</i>`]];
    expect(renderHtml(html`<p>${items}</p>`)).toBe("<p>&lt;b&gt;<i>1</i><i>2</i></p>");
  });

  it("takes no look-alike object for markup", () => {
    const forged = { markup: "<script>" } as never;
    expect(() => renderHtml(html`${forged}`)).toThrow();
  });
});

describe("the layout", () => {
  it("lays out lines as one paragraph and details as label and value rows", () => {
    expect(renderHtml(paragraph("a & b", html`<em>c</em>`))).toBe("<p>a &amp; b<br><em>c</em></p>");
    expect(renderHtml(detailsTable([["Address", "<i>1 Elm</i>"]]))).toBe(
      '<table><tr><th align="left" style="padding:4px 12px 4px 0">Address</th><td style="padding:4px 0">&lt;i&gt;1 Elm&lt;/i&gt;</td></tr></table>',
    );
  });
});

const LAYOUT_TAGS = ["p", "br", "strong", "table", "tr", "th", "td"];

describe("every e-mail", () => {
  const lead = leadFixture({
    address: `<script>alert("a")</script> 12 Oak & Elm's`,
    email: `"<img src=x onerror=alert(1)>"@example.com`,
    phone: `<b>555</b>-0100`,
    intake_notes: ["<u>note</u>"],
    ...attributionToColumns({ last: { landing_page: "/", utm_campaign: "<i>c</i>" } }),
  });
  const company = { name: "A & <B>", phone: "(614) 555-0142", email: "offers@example.com" };
  const emails = {
    team: buildTeamEmail(lead),
    escalation: buildEscalationEmail(lead, 15),
  };
  const layoutTags = (html: string) => {
    const tags = [...html.matchAll(/<\/?([a-z]+)/gi)].map((match) => match[1]);
    expect(tags).toContain("td");
    return tags.filter((tag) => !LAYOUT_TAGS.includes(tag!));
  };

  it.each(Object.entries(emails))(
    "%s: the lead's address and e-mail are text, the only tags the layout's",
    (_name, email) => {
      expect(layoutTags(email.html)).toEqual([]);
      expect(email.html).toContain(
        "&lt;script&gt;alert(&quot;a&quot;)&lt;/script&gt; 12 Oak &amp; Elm&#39;s",
      );
      expect(email.html).toContain("&quot;&lt;img src=x onerror=alert(1)&gt;&quot;@example.com");
    },
  );

  it("confirmation: repeats neither the markup address nor the e-mail, the only tags the layout's", () => {
    const email = buildConfirmationEmail(lead, company);
    expect(layoutTags(email.html)).toEqual([]);
    expect(email.html).not.toContain("script");
    expect(email.html).not.toContain("img");
    expect(email.html).toContain("A &amp; &lt;B&gt;");
  });
});
