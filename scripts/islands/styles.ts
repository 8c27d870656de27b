/**
 * Each page carries only the style rules it can use. The site's one stylesheet (65 KB, 12 KB
 * gzip: every Tailwind utility any page uses, and the typography plugin's rules for articles)
 * was written whole into every page, ahead of its first paint. A phone downloads it on every
 * page and Chrome parses it and matches it against every element before the first paint.
 *
 * A rule stays when every class its selector needs can appear on the page: a word of one of
 * the page's attributes (class, and the island props React renders from), or of a string in
 * the scripts the page can load, lazily loaded ones included (an island's other states: the
 * form's later steps, the toast, the open sheet). So a class the page's markup or code can
 * set keeps its rules; a word too many only keeps a rule too many. Classes inside :not(), :where(), :is()
 * and :has() are not required (`.group` in group-open:block, `.not-prose`).
 *
 * Pages whose rules are the same share one stylesheet, and close sets are merged until at
 * most MAX_STYLESHEETS remain: each distinct stylesheet is a hash in the Content-Security-Policy
 * header, and a host reads that header from one line of _headers (Cloudflare Pages allows 2,000
 * characters a line).
 */
import { tokenizer, tokTypes, type Token } from "acorn";
import postcss, { type AtRule, type Root, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";

export const MAX_STYLESHEETS = 10;

/** Pseudo-classes whose arguments a selector does not require to match. */
const OPTIONAL_ARGUMENTS = new Set([":not", ":where", ":is", ":has", ":matches"]);

/** The words of an attribute (class, or any other a script may copy a class from). */
export function classCandidates(text: string, into = new Set<string>()): Set<string> {
  for (const word of text.split(/\s+/)) if (word) into.add(word);
  return into;
}

/**
 * The words of every string in a script or JSON (an island's props): read by a JavaScript
 * tokenizer, since a class may hold quotes (after:content-['_']) and minified code puts
 * strings next to each other without a space.
 */
export function stringWords(code: string, into = new Set<string>()): Set<string> {
  for (const token of tokenizer(code, { ecmaVersion: "latest", sourceType: "module" })) {
    if (token.type === tokTypes.string || token.type === tokTypes.template) {
      // acorn sets a string token's value (its text, escapes read) but does not declare it.
      classCandidates(String((token as Token & { value: unknown }).value), into);
    }
  }
  return into;
}

/** The classes an element must carry for `selector` to match it. */
export function classesRequired(selector: string): string[] {
  const required: string[] = [];
  selectorParser((selectors) => {
    selectors.walkClasses((node) => {
      for (let parent = node.parent; parent; parent = parent.parent) {
        if (parent.type === "pseudo" && OPTIONAL_ARGUMENTS.has(parent.value.toLowerCase())) return;
      }
      required.push(node.value);
    });
  }).processSync(selector);
  return required;
}

type Selector = { id: number; classes: string[]; bytes: number };

/** A stylesheet read once: its rules' selectors, numbered in document order. */
export type Stylesheet = { css: string; selectors: Selector[] };

function eachRule(css: string, visit: (rule: Rule) => void): Root {
  const root = postcss.parse(css);
  root.walkRules(visit);
  return root;
}

export function parseStylesheet(css: string): Stylesheet {
  const selectors: Selector[] = [];
  eachRule(css, (rule) => {
    const bytes = rule.toString().length / rule.selectors.length;
    for (const selector of rule.selectors) {
      selectors.push({ id: selectors.length, classes: classesRequired(selector), bytes });
    }
  });
  return { css, selectors };
}

/** The selectors (by id) a page whose possible classes are `words` can use. */
export function selectorsUsed(sheet: Stylesheet, words: ReadonlySet<string>): Set<number> {
  const used = new Set<number>();
  for (const selector of sheet.selectors) {
    if (selector.classes.every((name) => words.has(name))) used.add(selector.id);
  }
  return used;
}

/** The stylesheet with only the selectors `kept`; rules and at-rules left empty go. */
export function stylesheetWith(sheet: Stylesheet, kept: ReadonlySet<number>): string {
  let id = 0;
  const root = eachRule(sheet.css, (rule) => {
    const selectors = rule.selectors.filter(() => kept.has(id++));
    if (selectors.length === 0) rule.remove();
    else rule.selectors = selectors;
  });
  // Innermost first: a @layer whose only @media emptied is empty too.
  const emptied: AtRule[] = [];
  root.walkAtRules((atRule) => {
    if (atRule.nodes !== undefined) emptied.unshift(atRule);
  });
  for (const atRule of emptied) if (atRule.nodes?.length === 0) atRule.remove();
  return root.toString();
}

/** Pages that share one stylesheet, and the selectors it keeps (what each of them uses). */
export type StyleGroup<Page> = { pages: Page[]; kept: Set<number> };

/**
 * Groups pages by the selectors they use: the same set, one group; then, while there are more
 * than `max`, the two groups whose merge adds the fewest bytes to their pages merge.
 */
export function groupPages<Page>(
  sheet: Stylesheet,
  pages: readonly { page: Page; used: Set<number> }[],
  max = MAX_STYLESHEETS,
): StyleGroup<Page>[] {
  const byKey = new Map<string, StyleGroup<Page>>();
  for (const { page, used } of pages) {
    const key = [...used].sort((a, b) => a - b).join(",");
    const group = byKey.get(key) ?? { pages: [], kept: used };
    group.pages.push(page);
    byKey.set(key, group);
  }
  const groups = [...byKey.values()];
  const bytesOf = (ids: Iterable<number>) => {
    let bytes = 0;
    for (const id of ids) bytes += sheet.selectors[id]!.bytes;
    return bytes;
  };
  const missing = (from: Set<number>, inside: Set<number>) =>
    [...from].filter((id) => !inside.has(id));
  while (groups.length > max) {
    let best = { cost: Infinity, a: 0, b: 1 };
    for (let a = 0; a < groups.length; a++) {
      for (let b = a + 1; b < groups.length; b++) {
        const [first, second] = [groups[a]!, groups[b]!];
        const cost =
          first.pages.length * bytesOf(missing(second.kept, first.kept)) +
          second.pages.length * bytesOf(missing(first.kept, second.kept));
        if (cost < best.cost) best = { cost, a, b };
      }
    }
    const [first, second] = [groups[best.a]!, groups[best.b]!];
    groups.splice(best.b, 1);
    groups[best.a] = {
      pages: [...first.pages, ...second.pages],
      kept: new Set([...first.kept, ...second.kept]),
    };
  }
  return groups;
}
