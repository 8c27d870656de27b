import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

import { slugify } from "@/lib/slug";

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

function textOf(node: HastNode): string {
  return node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");
}

/** Gives every h2 and h3 an id from its words, so a section can be linked to. */
function headingIds() {
  return (tree: HastNode) => {
    const used = new Set<string>();
    const visit = (node: HastNode) => {
      if (node.tagName === "h2" || node.tagName === "h3") {
        const base = slugify(textOf(node)) || "section";
        let id = base;
        for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
        used.add(id);
        node.properties = { ...node.properties, id };
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

/** Classes for the column alignments GitHub tables allow. */
const ALIGN_CLASSES: Record<string, string> = {
  left: "text-left",
  center: "text-center",
  right: "text-right",
};

/**
 * Turns a table column's alignment into a class: the `align` attribute remark writes is obsolete
 * HTML, and the security policy refuses `style` attributes.
 */
function tableAlignClasses() {
  return (tree: HastNode) => {
    const visit = (node: HastNode) => {
      const align = node.properties?.align;
      if ((node.tagName === "th" || node.tagName === "td") && typeof align === "string") {
        delete node.properties?.align;
        node.properties = { ...node.properties, className: [ALIGN_CLASSES[align] ?? "text-left"] };
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

/**
 * Puts each table in a region that scrolls sideways on a narrow screen, so a wide table
 * keeps readable columns; the region can take focus, so keyboard users can scroll it too.
 */
function scrollableTables() {
  return (tree: HastNode) => {
    let count = 0;
    const visit = (node: HastNode) => {
      node.children = node.children?.map((child) => {
        if (child.tagName !== "table") {
          visit(child);
          return child;
        }
        count += 1;
        return {
          type: "element",
          tagName: "div",
          properties: {
            className: ["table-scroll"],
            role: "region",
            tabIndex: 0,
            ariaLabel: `Table ${count}, scrolls sideways on small screens`,
          },
          children: [child],
        };
      });
    };
    visit(tree);
  };
}

const base = () =>
  unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(headingIds)
    .use(tableAlignClasses);

const processor = base().use(rehypeStringify);
const scrollingProcessor = base().use(scrollableTables).use(rehypeStringify);

export type MarkdownOptions = {
  /** Wrap tables in a region that scrolls sideways (pages whose tables are wide). */
  scrollableTables?: boolean;
};

/** Markdown to HTML at build time; raw HTML in the source is dropped, not passed through. */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  return String((options.scrollableTables ? scrollingProcessor : processor).processSync(markdown));
}
