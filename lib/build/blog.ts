import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import matter from "gray-matter";
import { z } from "zod";

import { POST_CATEGORIES } from "@/lib/blog-categories";
import { parseContent } from "@/lib/build/content-check";
import { renderMarkdown } from "@/lib/build/markdown";
import { OFFER_FORM_ID, SITUATION_SLUGS, situationPath } from "@/lib/situations";

/**
 * The blog: Markdown posts with front matter in content/blog/, checked at build
 * time and rendered to HTML there; the browser never parses Markdown.
 */
export const RELATED_POSTS = 2;
/** Every post illustration is drawn at this size (the Open Graph shape). */
export const POST_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const CONTENT_DIR = path.join(process.cwd(), "content", "blog");
const PUBLIC_DIR = path.join(process.cwd(), "public");
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const frontMatterSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string().trim().min(10).max(70),
    excerpt: z.string().trim().min(80).max(170),
    category: z.enum(POST_CATEGORIES),
    readTime: z.string().regex(/^\d+ min read$/, 'must read like "6 min read"'),
    date: z.iso.date(),
    /** When the post was last revised for what changed since it was written; never before `date`. */
    updated: z.iso.date().optional(),
    image: z.string().regex(/^\/blog\/[a-z0-9-]+\.(svg|png|jpg|webp)$/),
    imageAlt: z.string().trim().min(10),
    tags: z.array(z.string().trim().min(2)).min(1).max(6),
    slug: z.string().regex(SLUG),
    /** The situation guide the post is about, whose offer form its closing card leads to. */
    situation: z.enum(SITUATION_SLUGS).optional(),
  })
  .strict()
  .refine((meta) => !meta.updated || meta.updated >= meta.date, {
    message: "must not be before date",
    path: ["updated"],
  });

export type PostMeta = z.infer<typeof frontMatterSchema>;
export type Post = PostMeta & { html: string; path: string };

/** Checks a post's front matter; the error names the file and every problem in it. */
export function parseFrontMatter(data: unknown, file: string): PostMeta {
  const meta = parseContent(frontMatterSchema, data, `Invalid front matter in ${file}`);
  const expectedSlug = path.basename(file, ".md");
  if (meta.slug !== expectedSlug) {
    throw new Error(
      `Invalid front matter in ${file}: slug "${meta.slug}" must match the file name "${expectedSlug}"`,
    );
  }
  return meta;
}

function loadPost(fileName: string): Post {
  const file = path.join("content", "blog", fileName);
  const { data, content } = matter(readFileSync(path.join(CONTENT_DIR, fileName), "utf8"));
  const meta = parseFrontMatter(data, file);
  if (!existsSync(path.join(PUBLIC_DIR, meta.image))) {
    throw new Error(`Invalid front matter in ${file}: image ${meta.image} is not in public/`);
  }
  return { ...meta, html: renderMarkdown(content), path: `/blog/${meta.slug}` };
}

let cache: readonly Post[] | undefined;

/** Every post, in list order (by id). */
export function getPosts(): readonly Post[] {
  if (!cache) {
    const posts = readdirSync(CONTENT_DIR)
      .filter((name) => name.endsWith(".md"))
      .map(loadPost)
      .sort((a, b) => a.id - b.id);
    const ids = posts.map((post) => post.id);
    if (new Set(ids).size !== ids.length)
      throw new Error("Two blog posts in content/blog share an id.");
    cache = posts;
  }
  return cache;
}

export function getPost(slug: string): Post | undefined {
  return getPosts().find((post) => post.slug === slug);
}

/** Where a post's closing card sends a reader to ask for an offer: its guide's form, or home's. */
export function postOfferHref(post: Pick<PostMeta, "situation">): string {
  return `${post.situation ? situationPath(post.situation) : "/"}#${OFFER_FORM_ID}`;
}

/** The first posts in list order other than this one: a post relates the first two others. */
export function relatedPosts<T extends { slug: string }>(posts: readonly T[], slug: string): T[] {
  return posts.filter((post) => post.slug !== slug).slice(0, RELATED_POSTS);
}

/** The date a post was last changed: its revision, or the day it was published. */
export function postModified(post: Pick<PostMeta, "date" | "updated">): string {
  return post.updated ?? post.date;
}

/** "2024-01-15" -> "January 15, 2024", the same on every machine whatever its time zone. */
export function formatPostDate(date: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
