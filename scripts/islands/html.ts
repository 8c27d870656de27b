/**
 * The string surgery on exported pages: take Next's client runtime out, find the islands,
 * put their own markup and scripts in. Plain functions over the HTML text, so each rule is
 * unit-tested; every surprise throws, naming the page, instead of shipping a half-rewritten
 * page.
 */
import { ISLAND_TAG } from "../../components/islands/island-root.tsx";

/** Where Next puts its client scripts; none may remain in a rewritten page. */
export const NEXT_CHUNK_SCRIPT = /\/_next\/static\/chunks\/[^"'\s]+\.js/;
/** Next's inline React Server Components payload and Turbopack's bootstrap. */
const NEXT_INLINE_RUNTIME = /self\.__next_f|globalThis\["TURBOPACK"\]/;

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const LINK = /<link\b[^>]*>/g;

function attribute(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return match?.[1] === undefined ? undefined : decodeAttribute(match[1]);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text of an attribute value as React escapes it (&amp; &lt; &gt; &quot; &#x27; …). */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

export function encodeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/**
 * The page without Next's client runtime: its chunk scripts, their preloads, the inline RSC
 * payload and the Turbopack bootstrap. Structured data (application/ld+json) stays. Throws
 * on a script it does not recognise, or on a page that does not look like Next's export
 * (a new Next version that writes pages differently must stop the build, not slip through).
 */
export function stripNextRuntime(html: string, page: string): string {
  if (!/^<!DOCTYPE html><html[\s>]/i.test(html)) {
    throw new Error(`${page}: does not start with <!DOCTYPE html><html as Next's export does.`);
  }
  for (const tag of ["</head>", "</body>"]) {
    if (html.split(tag).length !== 2) throw new Error(`${page}: expected exactly one ${tag}.`);
  }
  let chunkScripts = 0;
  let inlineRuntime = 0;
  const withoutScripts = html.replace(SCRIPT, (script, attributes: string, body: string) => {
    const openTag = `<script${attributes}>`;
    if (attribute(openTag, "type") === "application/ld+json") return script;
    const src = attribute(openTag, "src");
    if (src !== undefined && NEXT_CHUNK_SCRIPT.test(src) && body === "") {
      chunkScripts++;
      return "";
    }
    if (src === undefined && NEXT_INLINE_RUNTIME.test(body)) {
      inlineRuntime++;
      return "";
    }
    throw new Error(
      `${page}: a script the island rewrite does not know: ${script.slice(0, 120)}… ` +
        "Teach scripts/islands/html.ts about it (or remove it) before shipping.",
    );
  });
  if (chunkScripts === 0 || inlineRuntime === 0) {
    throw new Error(
      `${page}: found ${chunkScripts} Next chunk scripts and ${inlineRuntime} inline runtime scripts; ` +
        "a Next export page has both. The Next version's HTML is not what the rewrite expects.",
    );
  }
  return withoutScripts.replace(LINK, (link) => {
    const href = attribute(link, "href") ?? "";
    const rel = attribute(link, "rel") ?? "";
    return /preload|modulepreload|prefetch/.test(rel) && NEXT_CHUNK_SCRIPT.test(href) ? "" : link;
  });
}

/** The text of every inline script a browser would run (structured data and JSON do not run). */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    const openTag = `<script${attributes}>`;
    const type = attribute(openTag, "type") ?? "";
    if (attribute(openTag, "src") !== undefined || /json/.test(type)) continue;
    bodies.push(body);
  }
  return bodies;
}

/** What a rewritten page must no longer hold; empty when it is clean. */
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

export type IslandInHtml = {
  name: string;
  props: unknown;
  /** Where the element starts and ends in the page, end exclusive. */
  start: number;
  end: number;
  openTag: string;
};

const ISLAND = new RegExp(`<${ISLAND_TAG}\\b([^>]*)>([\\s\\S]*?)</${ISLAND_TAG}>`, "g");

/** The islands of a page in document order, with their parsed props. */
export function findIslands(html: string, page: string): IslandInHtml[] {
  const islands: IslandInHtml[] = [];
  for (const match of html.matchAll(ISLAND)) {
    const openTag = `<${ISLAND_TAG}${match[1]}>`;
    const name = attribute(openTag, "data-island");
    const rawProps = attribute(openTag, "data-props");
    if (!name || rawProps === undefined) {
      throw new Error(`${page}: an island without data-island or data-props: ${openTag}`);
    }
    if (match[2]?.includes(`<${ISLAND_TAG}`)) {
      throw new Error(`${page}: island "${name}" holds another island; islands cannot nest.`);
    }
    let props: unknown;
    try {
      props = JSON.parse(rawProps);
    } catch {
      throw new Error(`${page}: island "${name}" has props that are not JSON: ${rawProps}`);
    }
    islands.push({ name, props, start: match.index, end: match.index + match[0].length, openTag });
  }
  const opened = html.split(`<${ISLAND_TAG}`).length - 1;
  if (opened !== islands.length) {
    throw new Error(`${page}: ${opened} islands open but ${islands.length} close properly.`);
  }
  return islands;
}

/** The page with each island's inner markup replaced, in document order. */
export function fillIslands(
  html: string,
  islands: readonly IslandInHtml[],
  inner: readonly string[],
) {
  let result = "";
  let at = 0;
  islands.forEach((island, index) => {
    result += html.slice(at, island.start) + island.openTag + inner[index] + `</${ISLAND_TAG}>`;
    at = island.end;
  });
  return result + html.slice(at);
}

/**
 * The page with each of its stylesheets from /_next/static/ written into a <style> element:
 * on a slow network a stylesheet costs a whole round trip before anything can be painted,
 * and the site's one stylesheet is small (about 10 KB gzip). `read` gives a file's text by URL.
 */
export function inlineStylesheets(html: string, page: string, read: (href: string) => string) {
  return html.replace(LINK, (link) => {
    const href = attribute(link, "href") ?? "";
    if (attribute(link, "rel") !== "stylesheet" || !href.startsWith("/_next/static/")) return link;
    const css = read(href);
    if (/<\/style/i.test(css))
      throw new Error(`${page}: ${href} holds "</style", it cannot be inlined.`);
    // Written into the page, a relative url() would resolve against the page, not the file.
    const relative = /url\(\s*(?:["']|(?!["']))(?![a-z][a-z0-9+.-]*:|\/|#)[^)]*\)/i.exec(css);
    if (relative)
      throw new Error(`${page}: ${href} holds ${relative[0]}, which would break once inlined.`);
    return `<style>${css}</style>`;
  });
}

/** Module scripts (and preloads of what they import) at the end of <head>: they start at once. */
export function addModuleScripts(
  html: string,
  scripts: readonly string[],
  preloads: readonly string[],
) {
  const tags = [
    ...preloads.map((href) => `<link rel="modulepreload" href="${encodeAttribute(href)}"/>`),
    ...scripts.map((src) => `<script type="module" src="${encodeAttribute(src)}"></script>`),
  ].join("");
  return html.replace("</head>", `${tags}</head>`);
}
