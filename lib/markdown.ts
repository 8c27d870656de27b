import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);

/** Markdown to HTML at build time; raw HTML in the source is dropped, not passed through. */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
