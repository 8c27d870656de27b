import { readFileSync } from "node:fs";
import path from "node:path";

import matter from "gray-matter";
import { z } from "zod";

import { parseContent } from "@/lib/build/content-check";
import { renderMarkdown } from "@/lib/build/markdown";
import { STATE_LAW_TABLES, type StateLawTable } from "@/lib/build/state-law";
import { spanishGuidePath } from "@/lib/languages";
import {
  COMPARE_PATH,
  COMPARE_SLUG,
  SITUATION_SLUGS,
  situationPath,
  type SituationSlug,
} from "@/lib/situations";
import {
  SPANISH_GUIDE_SITUATIONS,
  SPANISH_GUIDE_SLUGS,
  type SpanishGuideSituation,
} from "@/content/es/situations";

/**
 * The situation guides (content/situations/<slug>.md) and the comparison of the ways to
 * sell (content/cash-offer-vs-listing.md): Markdown with front matter, checked at build
 * time like the blog, rendered to HTML there. A guide whose law differs by state marks
 * where its state table goes with a line `<!-- state-table -->` and names the table.
 */
export const STATE_TABLE_MARKER = "<!-- state-table -->";

const CONTENT_DIR = path.join(process.cwd(), "content");
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * FAQ answers are published word for word as FAQPage JSON-LD, so they are plain text:
 * no Markdown emphasis, links, code or HTML that the page would show differently.
 */
const plainText = z
  .string()
  .trim()
  .refine((text) => !/[*_`<>[\]]/.test(text), "must be plain text (no Markdown or HTML)");

const source = z
  .object({
    title: z.string().trim().min(5),
    /** A page elsewhere (https) or one of this site's own pages (a path). */
    url: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[a-z0-9/-]*$/)]),
  })
  .strict();

export const guideFrontMatterSchema = z
  .object({
    slug: z.string().regex(SLUG),
    title: z.string().trim().min(10).max(60),
    headline: z.string().trim().min(20).max(90),
    cardTitle: z.string().trim().min(5).max(40),
    description: z.string().trim().min(100).max(170),
    lead: plainText.pipe(z.string().min(80).max(400)),
    updated: z.iso.date(),
    stateTable: z
      .enum(Object.keys(STATE_LAW_TABLES) as [StateLawTable, ...StateLawTable[]])
      .optional(),
    faq: z
      .array(
        z
          .object({
            question: plainText.pipe(z.string().min(15).max(120).endsWith("?")),
            answer: plainText.pipe(z.string().min(120).max(700)),
          })
          .strict(),
      )
      .min(3)
      .max(8),
    sources: z.array(source).min(1),
  })
  .strict();

export type GuideMeta = z.infer<typeof guideFrontMatterSchema>;

export type Guide = GuideMeta & {
  path: string;
  /** The body as HTML; with a state table, `after` is the HTML that follows it. */
  html: { before: string; after?: string };
};

export type Situation = Guide & { slug: SituationSlug };

/** Checks a guide's front matter and body; the error names the file and every problem. */
export function parseGuide(data: unknown, body: string, file: string, pagePath: string): Guide {
  const meta = parseContent(guideFrontMatterSchema, data, `Invalid front matter in ${file}`);
  const expectedSlug = path.basename(file, ".md");
  if (meta.slug !== expectedSlug) {
    throw new Error(
      `Invalid front matter in ${file}: slug "${meta.slug}" must match the file name "${expectedSlug}"`,
    );
  }
  const parts = body.split(new RegExp(`^${STATE_TABLE_MARKER}$`, "m"));
  if (meta.stateTable && parts.length !== 2) {
    throw new Error(
      `${file}: stateTable "${meta.stateTable}" needs exactly one line ${STATE_TABLE_MARKER} where the table goes (found ${parts.length - 1}).`,
    );
  }
  if (!meta.stateTable && parts.length !== 1) {
    throw new Error(`${file}: ${STATE_TABLE_MARKER} without a stateTable in the front matter.`);
  }
  const [before = "", after] = parts;
  return {
    ...meta,
    path: pagePath,
    html: {
      before: renderMarkdown(before, { stackedTables: true }),
      ...(after === undefined ? {} : { after: renderMarkdown(after, { stackedTables: true }) }),
    },
  };
}

function loadGuide(relativeFile: string, pagePath: string): Guide {
  const file = path.join("content", relativeFile);
  const { data, content } = matter(readFileSync(path.join(CONTENT_DIR, relativeFile), "utf8"));
  return parseGuide(data, content, file, pagePath);
}

let situations: readonly Situation[] | undefined;

/** Every situation guide, in the order of SITUATION_SLUGS. */
export function getSituations(): readonly Situation[] {
  situations ??= SITUATION_SLUGS.map((slug) => ({
    ...loadGuide(path.join("situations", `${slug}.md`), situationPath(slug)),
    slug,
  }));
  return situations;
}

export function getSituation(slug: string): Situation | undefined {
  return getSituations().find((situation) => situation.slug === slug);
}

let compare: Guide | undefined;

/** Cash offer vs agent vs selling it yourself. */
export function getComparePage(): Guide {
  compare ??= loadGuide(`${COMPARE_SLUG}.md`, COMPARE_PATH);
  return compare;
}

/** A link to a situation guide, named by the guide's own title. */
export function situationLink(slug: SituationSlug): { href: string; title: string } {
  const situation = getSituation(slug);
  if (!situation) throw new Error(`No situation guide "${slug}" in content/situations.`);
  return { href: situation.path, title: situation.title };
}

/** A Spanish guide (content/es/situations/<Spanish slug>.md) and the situation it translates. */
export type SpanishGuide = Guide & { situation: SpanishGuideSituation };

let spanishGuides: readonly SpanishGuide[] | undefined;

/**
 * The Spanish guides, in the order of the Spanish menus (SPANISH_GUIDE_SITUATIONS). Each is
 * checked as the English are, and against its English guide: the same state table, since the
 * two pages of a pair must say the same about the law.
 */
export function getSpanishGuides(): readonly SpanishGuide[] {
  spanishGuides ??= SPANISH_GUIDE_SITUATIONS.map((situation) => {
    const file = path.join("es", "situations", `${SPANISH_GUIDE_SLUGS[situation]}.md`);
    const guide = loadGuide(file, spanishGuidePath(situation));
    const english = getSituation(situation);
    if (guide.stateTable !== english?.stateTable) {
      throw new Error(
        `content/${file}: stateTable "${guide.stateTable ?? "none"}" differs from the English guide's ("${english?.stateTable ?? "none"}").`,
      );
    }
    return { ...guide, situation };
  });
  return spanishGuides;
}

/** A Spanish guide by its Spanish slug ("ejecucion-hipotecaria"). */
export function getSpanishGuide(slug: string): SpanishGuide | undefined {
  return getSpanishGuides().find((guide) => guide.slug === slug);
}
