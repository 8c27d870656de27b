import AxeBuilder from "@axe-core/playwright";

import { type Page } from "./test";

/** WCAG 2.1 AA as axe tags it. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * What axe finds on the page against WCAG 2.1 AA, one readable line per rule naming the
 * offending elements, instead of axe's full objects.
 *
 * Run in the page itself (legacy mode): the pages have no frames, so axe's frame-by-frame
 * run, which finishes in a blank page of its own, only costs time (about half of each scan
 * here); and only the violations are collected, not every node that passed.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // The page's lower parts are painted only near the screen (content-visibility: auto,
  // app/globals.css): axe reads colours from what is painted, so it would take the body's
  // background for the footer's unpainted text. Laid out as for an in-page jump, every part is
  // painted, as a visitor sees it on reaching it.
  await page.evaluate(() => {
    document.documentElement.dataset.jumped = "";
  });
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}
