/**
 * The edits to exported pages: take Next's client runtime out, find the islands, put their
 * own markup and scripts in. A page is parsed once as a browser parses it (parse5 implements
 * the HTML standard's algorithm), with each element's place in the text; each step returns
 * edits of that text at the places the parser found, and applyEdits makes them all at once.
 * So the parser, not a pattern, decides where an element starts and ends, and everything the
 * rewrite does not touch stays byte for byte as Next wrote it (an island's markup must, for
 * React to hydrate it). Every surprise throws, naming the page, instead of shipping a
 * half-rewritten page.
 */
import { html as spec, parse, type DefaultTreeAdapterTypes, type ParserError } from "parse5";

import { ISLAND_TAG } from "../../components/islands/island-root.tsx";

type Document = DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Where Next puts its client scripts; none may remain in a rewritten page. */
export const NEXT_CHUNK_SCRIPT = /\/_next\/static\/chunks\/[^"'\s]+\.js/;
/** Next's inline React Server Components payload and Turbopack's bootstrap. */
const NEXT_INLINE_RUNTIME = /self\.__next_f|globalThis\["TURBOPACK"\]/;

/** A page parsed with the place of each element in its text; `name` is for messages. */
export type ParsedPage = { name: string; html: string; document: Document };

type Span = { start: number; end: number };

/** A span of the page's text replaced by `text` (empty: taken out; zero-width: inserted). */
export type Edit = Span & { text: string };

/**
 * Parses a page of Next's export, and refuses one that is not as Next 16 writes it:
 * standards mode (<!DOCTYPE html>), no parse error (no element whose end is a guess of the
 * parser's error recovery), <head> and <body> each with both tags.
 */
export function parseExportPage(html: string, name: string): ParsedPage {
  const errors: ParserError[] = [];
  const document = parse(html, {
    sourceCodeLocationInfo: true,
    onParseError: (error) => errors.push(error),
  });
  if (document.mode !== spec.DOCUMENT_MODE.NO_QUIRKS) {
    throw new Error(`${name}: has no <!DOCTYPE html> (the browser would use quirks mode).`);
  }
  const [error] = errors;
  if (error) {
    throw new Error(
      `${name}: is not well-formed HTML (${error.code} at line ${error.startLine}, column ` +
        `${error.startCol}); the rewrite edits pages where the parser finds their elements.`,
    );
  }
  const page = { name, html, document };
  sectionOf(page, "head");
  sectionOf(page, "body");
  return page;
}

/** Parses a page the rewrite made (or a test's snippet), without the checks above. */
export function parsePage(html: string, name: string): ParsedPage {
  return { name, html, document: parse(html, { sourceCodeLocationInfo: true }) };
}

/** The page's text with every edit made; edits may not overlap. */
export function applyEdits(page: ParsedPage, edits: readonly Edit[]): string {
  // A stable sort: insertions at one place keep the order they were given in.
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let result = "";
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`${page.name}: two edits of the page overlap.`);
    result += page.html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return result + page.html.slice(at);
}

/** Every element under `root`, in document order (a template's content included). */
function* elementsUnder(root: ParentNode): Generator<Element> {
  for (const node of root.childNodes) {
    if (!("tagName" in node)) continue;
    yield node;
    yield* elementsUnder(node);
    if ("content" in node) yield* elementsUnder(node.content as ParentNode);
  }
}

function elementsNamed(root: ParentNode, tagName: string): Element[] {
  return [...elementsUnder(root)].filter((element) => element.tagName === tagName);
}

/** An attribute's value as the browser reads it (entities decoded), or undefined. */
function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** The words of a space-separated attribute such as rel. */
function tokens(element: Element, name: string): string[] {
  return (attribute(element, name) ?? "").toLowerCase().split(/\s+/).filter(Boolean);
}

function textOf(element: Element): string {
  return element.childNodes.map((node) => ("value" in node ? node.value : "")).join("");
}

/** Where the element is in the text, its tags included; end exclusive. */
function outerSpan(page: ParsedPage, element: Element): Span {
  const location = element.sourceCodeLocation;
  if (!location?.startTag) {
    throw new Error(
      `${page.name}: the parser made a <${element.tagName}> the page does not write.`,
    );
  }
  return { start: location.startOffset, end: location.endOffset };
}

/** Where the element's content is: between its start tag and its own end tag. */
function innerSpan(page: ParsedPage, element: Element, what = `<${element.tagName}>`): Span {
  const location = element.sourceCodeLocation;
  if (!location?.startTag || !location.endTag) {
    throw new Error(`${page.name}: ${what} has no end tag of its own where the parser closes it.`);
  }
  return { start: location.startTag.endOffset, end: location.endTag.startOffset };
}

function startTagText(page: ParsedPage, element: Element): string {
  const tag = element.sourceCodeLocation?.startTag;
  return tag ? page.html.slice(tag.startOffset, tag.endOffset) : `<${element.tagName}>`;
}

/** The page's <head> or <body>, written with both tags (so there is a place to edit). */
function sectionOf(page: ParsedPage, tagName: "head" | "body"): Element {
  const isElement = (node: DefaultTreeAdapterTypes.ChildNode): node is Element => "tagName" in node;
  const root = page.document.childNodes.filter(isElement).find((node) => node.tagName === "html");
  const section = root?.childNodes.filter(isElement).find((node) => node.tagName === tagName);
  if (!section) throw new Error(`${page.name}: has no <${tagName}>.`);
  innerSpan(page, section);
  return section;
}

/**
 * Edits that take Next's client runtime out of a page: its chunk scripts, their preloads,
 * the inline RSC payload and the Turbopack bootstrap. Structured data (application/ld+json)
 * stays. Throws on a script it does not recognise, or on a page without Next's runtime (a
 * new Next version that writes pages differently must stop the build, not slip through).
 */
export function nextRuntime(page: ParsedPage): Edit[] {
  const edits: Edit[] = [];
  let chunkScripts = 0;
  let inlineRuntime = 0;
  for (const script of elementsNamed(page.document, "script")) {
    if (attribute(script, "type") === "application/ld+json") continue;
    const src = attribute(script, "src");
    const body = textOf(script);
    const span = outerSpan(page, script);
    if (src !== undefined && NEXT_CHUNK_SCRIPT.test(src) && body === "") {
      chunkScripts++;
    } else if (src === undefined && NEXT_INLINE_RUNTIME.test(body)) {
      inlineRuntime++;
    } else {
      throw new Error(
        `${page.name}: a script the island rewrite does not know: ` +
          `${page.html.slice(span.start, Math.min(span.end, span.start + 120))}… ` +
          "Teach scripts/islands/html.ts about it (or remove it) before shipping.",
      );
    }
    edits.push({ ...span, text: "" });
  }
  if (chunkScripts === 0 || inlineRuntime === 0) {
    throw new Error(
      `${page.name}: found ${chunkScripts} Next chunk scripts and ${inlineRuntime} inline runtime ` +
        "scripts; a Next export page has both. The Next version's HTML is not what the rewrite expects.",
    );
  }
  for (const link of elementsNamed(page.document, "link")) {
    const preloads = tokens(link, "rel").some((rel) =>
      ["preload", "modulepreload", "prefetch"].includes(rel),
    );
    if (preloads && NEXT_CHUNK_SCRIPT.test(attribute(link, "href") ?? "")) {
      edits.push({ ...outerSpan(page, link), text: "" });
    }
  }
  return edits;
}

/** A stylesheet as inlineStylesheets writes it into a page. */
export function styleElement(css: string): string {
  return `<style>${css}</style>`;
}

/**
 * Edits that write each of the page's stylesheets from /_next/static/ into a <style>
 * element: on a slow network a stylesheet costs a whole round trip before anything can be
 * painted, and the site's one stylesheet is small (about 10 KB gzip). `read` gives a file's
 * text by URL.
 */
export function inlineStylesheets(page: ParsedPage, read: (href: string) => string): Edit[] {
  const edits: Edit[] = [];
  for (const link of elementsNamed(page.document, "link")) {
    const href = attribute(link, "href") ?? "";
    if (!tokens(link, "rel").includes("stylesheet") || !href.startsWith("/_next/static/")) continue;
    const css = read(href);
    if (/<\/style/i.test(css)) {
      throw new Error(`${page.name}: ${href} holds "</style", it cannot be inlined.`);
    }
    // Written into the page, a relative url() would resolve against the page, not the file.
    const relative = /url\(\s*(?:["']|(?!["']))(?![a-z][a-z0-9+.-]*:|\/|#)[^)]*\)/i.exec(css);
    if (relative) {
      throw new Error(
        `${page.name}: ${href} holds ${relative[0]}, which would break once inlined.`,
      );
    }
    edits.push({ ...outerSpan(page, link), text: styleElement(css) });
  }
  return edits;
}

export type IslandInHtml = {
  name: string;
  props: unknown;
  /** Where the island's content (between its tags) is in the page, end exclusive. */
  content: Span;
};

/** The islands of a page in document order, with their parsed props. */
export function findIslands(page: ParsedPage): IslandInHtml[] {
  const islands: IslandInHtml[] = [];
  for (const element of elementsNamed(page.document, ISLAND_TAG)) {
    const name = attribute(element, "data-island");
    const rawProps = attribute(element, "data-props");
    if (!name || rawProps === undefined) {
      throw new Error(
        `${page.name}: an island without data-island or data-props: ${startTagText(page, element)}`,
      );
    }
    if (elementsNamed(element, ISLAND_TAG).length > 0) {
      throw new Error(`${page.name}: island "${name}" holds another island; islands cannot nest.`);
    }
    let props: unknown;
    try {
      props = JSON.parse(rawProps);
    } catch {
      throw new Error(`${page.name}: island "${name}" has props that are not JSON: ${rawProps}`);
    }
    const content = innerSpan(page, element, `island "${name}"`);
    islands.push({ name, props, content });
  }
  return islands;
}

/** Edits that put `inner[i]` in place of the content of `islands[i]`, byte for byte. */
export function fillIslands(islands: readonly IslandInHtml[], inner: readonly string[]): Edit[] {
  if (inner.length !== islands.length) {
    throw new Error(`${islands.length} islands but ${inner.length} markups to fill them with.`);
  }
  return islands.map((island, index) => ({ ...island.content, text: inner[index]! }));
}

export function encodeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/**
 * The edit that adds module scripts (and preloads of what they import) at the end of
 * <head>: they start at once.
 */
export function addModuleScripts(
  page: ParsedPage,
  scripts: readonly string[],
  preloads: readonly string[],
): Edit {
  const tags = [
    ...preloads.map((href) => `<link rel="modulepreload" href="${encodeAttribute(href)}"/>`),
    ...scripts.map((src) => `<script type="module" src="${encodeAttribute(src)}"></script>`),
  ].join("");
  const headEnd = innerSpan(page, sectionOf(page, "head")).end;
  return { start: headEnd, end: headEnd, text: tags };
}

/** The text of every inline script a browser would run (structured data and JSON do not run). */
export function inlineScripts(page: ParsedPage): string[] {
  return elementsNamed(page.document, "script")
    .filter((script) => attribute(script, "src") === undefined)
    .filter((script) => !/json/.test(attribute(script, "type") ?? ""))
    .map(textOf);
}

/** Every attribute value of the page, as the browser reads it. */
export function attributeValues(page: ParsedPage): string[] {
  return [...elementsUnder(page.document)].flatMap((element) =>
    element.attrs.map((attr) => attr.value),
  );
}

/** Every src and href in the page that starts with `prefix`: the files it loads from there. */
export function urlsLoaded(page: ParsedPage, prefix: string): string[] {
  const urls: string[] = [];
  for (const element of elementsUnder(page.document)) {
    for (const name of ["src", "href"]) {
      const url = attribute(element, name);
      if (url?.startsWith(prefix)) urls.push(url);
    }
  }
  return urls;
}

/**
 * What a rewritten page must no longer hold; empty when it is clean. A search of the whole
 * text, not of the parsed page: anything that still names Next's runtime, wherever it is,
 * stops the build.
 */
export function nextRuntimeLeftovers(html: string): string[] {
  const found: string[] = [];
  const chunk = html.match(NEXT_CHUNK_SCRIPT);
  if (chunk) found.push(`a Next client chunk (${chunk[0]})`);
  if (html.includes("__next_f")) found.push("Next's RSC payload (self.__next_f)");
  const payload = html.match(/["'][^"']*(?:__next\.[^"']*|\/index)\.txt["']/);
  if (payload) found.push(`a link to an RSC payload file (${payload[0]})`);
  if (html.includes("TURBOPACK")) found.push("Turbopack's runtime bootstrap");
  return found;
}
