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

function element(tagName: string, className: string[] | null, children: HastNode[]): HastNode {
  return { type: "element", tagName, properties: className ? { className } : {}, children };
}

function cellsOf(row: HastNode): HastNode[] {
  return (row.children ?? []).filter((child) => child.tagName === "th" || child.tagName === "td");
}

/**
 * A table whose first column names what each row compares, read on a phone as one block
 * per row: that name as a heading one level under the section's, then each column's
 * answer under the column's name. The table itself stays for wider screens.
 */
function stackedRows(table: HastNode, level: number): HastNode {
  const sections = table.children ?? [];
  const head = sections.find((child) => child.tagName === "thead");
  const body = sections.find((child) => child.tagName === "tbody");
  const headRow = head?.children?.find((child) => child.tagName === "tr");
  const columns = headRow ? cellsOf(headRow).map(textOf) : [];
  const rows = (body?.children ?? []).filter((child) => child.tagName === "tr");
  const heading = `h${Math.min(level, 6)}`;
  return element(
    "div",
    ["stacked-rows", "md:hidden"],
    rows.map((row) => {
      const [name, ...answers] = cellsOf(row);
      return element(
        "div",
        ["stacked-row"],
        [
          element(heading, null, [{ type: "text", value: name ? textOf(name) : "" }]),
          element(
            "dl",
            null,
            answers.flatMap((answer, index) => [
              element("dt", null, [{ type: "text", value: columns[index + 1] ?? "" }]),
              element("dd", null, structuredClone(answer.children ?? [])),
            ]),
          ),
        ],
      );
    }),
  );
}

/**
 * Gives each table a second reading for phones (stackedRows) and shows the table from `md`
 * up: no region that scrolls sideways, and no column cut off at the edge of a phone.
 */
function stackedTables() {
  return (tree: HastNode) => {
    let level = 2;
    tree.children = (tree.children ?? []).flatMap((child) => {
      const heading = /^h([1-6])$/.exec(child.tagName ?? "");
      if (heading) level = Number(heading[1]) + 1;
      if (child.tagName !== "table") return [child];
      child.properties = { ...child.properties, className: ["max-md:hidden"] };
      return [child, stackedRows(child, level)];
    });
  };
}

/**
 * Folds each h2 section into a native <details> whose summary is the heading, open when its
 * id is in `open`: a long page a phone reader skims by its headings, opening what they need,
 * without script. What comes before the first h2 stays as it is.
 */
function foldedSections(open: readonly string[]) {
  return (tree: HastNode) => {
    const children: HastNode[] = [];
    let section: HastNode | undefined;
    for (const child of tree.children ?? []) {
      if (child.tagName === "h2") {
        const id = String(child.properties?.id ?? "");
        section = {
          type: "element",
          tagName: "details",
          properties: {
            className: ["folded-section"],
            ...(open.includes(id) ? { open: true } : {}),
          },
          children: [{ type: "element", tagName: "summary", properties: {}, children: [child] }],
        };
        children.push(section);
      } else if (section) {
        section.children?.push(child);
      } else {
        children.push(child);
      }
    }
    tree.children = children;
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
const stackingProcessor = base().use(stackedTables).use(rehypeStringify);

export type MarkdownOptions = {
  /** Read each table as one block per row on phones (tables that compare several columns). */
  stackedTables?: boolean;
  /** Fold each h2 section into a disclosure; those whose heading ids are listed start open. */
  foldSections?: { open: readonly string[] };
};

/** Markdown to HTML at build time; raw HTML in the source is dropped, not passed through. */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  if (options.foldSections) {
    const folding = base().use(foldedSections, options.foldSections.open).use(rehypeStringify);
    return String(folding.processSync(markdown));
  }
  return String((options.stackedTables ? stackingProcessor : processor).processSync(markdown));
}
