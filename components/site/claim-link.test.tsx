import { parse } from "parse5";

type Node = {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
};

const EVIDENCE = {
  COMPANY_RATING_URL: "https://www.google.com/maps/place/Quick+Home+Buyers",
  COMPANY_BBB_URL: "https://www.bbb.org/us/oh/columbus/profile/quick-home-buyers",
  COMPANY_LICENSE_URL: "https://quickhomebuyers.com/licenses",
};

/** The home page's hero and Ohio's page, rendered by a build with this environment. */
function renderPages(env: Record<string, string>): string {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    let html = "";
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- fresh modules, for this environment */
      const { renderToStaticMarkup } =
        require("react-dom/server") as typeof import("react-dom/server");
      const { Hero } = require("@/components/home/hero") as typeof import("@/components/home/hero");
      const { StateLanding } =
        require("@/components/state/state-landing") as typeof import("@/components/state/state-landing");
      const { getStatePage } =
        require("@/lib/build/state-pages") as typeof import("@/lib/build/state-pages");
      /* eslint-enable @typescript-eslint/no-require-imports */
      html =
        renderToStaticMarkup(<Hero formId="offer-form" />) +
        renderToStaticMarkup(<StateLanding state={getStatePage("ohio")!} />);
    });
    return html;
  } finally {
    process.env = saved;
  }
}

/** Each link's href and its text as a screen reader reads it. */
function links(html: string): [string, string][] {
  const found: [string, string][] = [];
  const text = (node: Node): string =>
    node.nodeName === "#text" ? (node.value ?? "") : (node.childNodes ?? []).map(text).join("");
  const walk = (node: Node) => {
    if (node.nodeName === "a") {
      const href = node.attrs?.find((attr) => attr.name === "href")?.value ?? "";
      found.push([href, text(node).replace(/\s+/g, " ").trim()]);
    }
    node.childNodes?.forEach(walk);
  };
  walk(parse(html) as unknown as Node);
  return found;
}

describe("the claims on the home and state pages", () => {
  it("link to their evidence on a build that says where it is", () => {
    const found = links(renderPages(EVIDENCE));
    for (const link of [
      [EVIDENCE.COMPANY_RATING_URL, "4.9/5 rating from 500+ homeowners (read the reviews)"],
      [EVIDENCE.COMPANY_BBB_URL, "A+Rating (our Better Business Bureau profile)"],
      [EVIDENCE.COMPANY_LICENSE_URL, "Licensedin all 50 states (our licences, state by state)"],
      // Ohio's benefit "Our licensed Ohio buyers …" links its word "licensed" too.
      [EVIDENCE.COMPANY_LICENSE_URL, "licensed (our licences, state by state)"],
    ]) {
      expect(found).toContainEqual(link);
    }
  });

  it("stay plain text on the local build, which has no evidence to link", () => {
    const html = renderPages({ QHB_LOCAL_BUILD: "1" });
    expect(html).toContain("4.9/5 rating from 500+ homeowners");
    expect(html).toContain("Licensed");
    const claimLinks = links(html).filter(([href]) => href.startsWith("https://"));
    expect(claimLinks).toEqual([]);
    expect(html).not.toContain("data-claim");
  });
});
