/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://quickhomebuyers.com/situations/foreclosure"}
 */
import { JUMPED_ATTRIBUTE, layOutBeforeInPageJumps } from "@/lib/browser/in-page-jumps";

describe("layOutBeforeInPageJumps", () => {
  let seenByLaterHandlers: boolean[];

  beforeAll(() => {
    layOutBeforeInPageJumps(document);
    // A handler of the page's own, as the offer form's: it must find the page marked already.
    document.addEventListener("click", (event) => {
      event.preventDefault();
      seenByLaterHandlers.push(document.documentElement.hasAttribute(JUMPED_ATTRIBUTE));
    });
  });

  beforeEach(() => {
    seenByLaterHandlers = [];
    document.documentElement.removeAttribute(JUMPED_ATTRIBUTE);
  });

  function click(href: string, inner = false) {
    document.body.innerHTML = `<a href="${href}"><span>Go</span></a>`;
    const target = inner ? document.querySelector("span")! : document.querySelector("a")!;
    target.click();
  }

  it.each([
    ["#offer-form", false],
    ["/situations/foreclosure#faq", false],
    ["https://quickhomebuyers.com/situations/foreclosure#offer-form", false],
    ["#offer-form", true],
  ])(
    "marks the page before a jump within it (%s, a click on the link's text: %s)",
    (href, inner) => {
      click(href, inner);
      expect(document.documentElement.hasAttribute(JUMPED_ATTRIBUTE)).toBe(true);
      expect(seenByLaterHandlers).toEqual([true]);
    },
  );

  it.each([
    "/#how-it-works",
    "/sell-house-fast-ohio#offer-form",
    "https://example.com/situations/foreclosure#faq",
    "/situations/foreclosure",
    "tel:+16145550142",
  ])("leaves the page as it is for a link elsewhere or without a place (%s)", (href) => {
    click(href);
    expect(document.documentElement.hasAttribute(JUMPED_ATTRIBUTE)).toBe(false);
  });
});
