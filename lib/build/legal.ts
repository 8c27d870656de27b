import { readFileSync } from "node:fs";
import path from "node:path";

import matter from "gray-matter";
import { z } from "zod";

import { parseContent } from "@/lib/build/content-check";
import { LEGAL_PAGES, type LegalSlug } from "@/content/legal-pages";
import { renderMarkdown } from "@/lib/build/markdown";
import { absoluteUrl, formatAddress, site } from "@/config/site";

/**
 * The Privacy Policy and the Terms of Use: Markdown in content/legal/, with the company's
 * details filled in from the site config at build time, so they always name the same
 * company, phone and address as the rest of the site.
 */
const CONTENT_DIR = path.join(process.cwd(), "content", "legal");

const frontMatterSchema = z
  .object({
    title: z.string().trim().min(5),
    description: z.string().trim().min(100).max(170),
    updated: z.iso.date(),
    /**
     * A long policy folds each section into a disclosure a phone reader opens as needed;
     * these sections (heading ids) start open. The sections the site links to must be here.
     */
    openSections: z.array(z.string().regex(/^[a-z0-9-]+$/)).optional(),
  })
  .strict();

export type LegalPage = Omit<z.infer<typeof frontMatterSchema>, "openSections"> & {
  slug: LegalSlug;
  path: string;
  html: string;
};

/** The values the Markdown may name as {{token}}. */
function tokens(): Record<string, string> {
  const { company } = site;
  return {
    "company.name": company.name,
    "company.legalName": company.legalName,
    "company.email": company.email,
    "company.phone": company.phone.display,
    "company.phoneHref": company.phone.href,
    "company.privacyPhone": company.privacyPhone.display,
    "company.privacyPhoneHref": company.privacyPhone.href,
    "company.address": formatAddress(company.address),
    "site.url": absoluteUrl("/"),
  };
}

/** Fills {{token}}s; an unknown one stops the build, naming the file. */
export function fillTokens(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`${file}: unknown {{${name}}}; known: ${Object.keys(values).join(", ")}`);
    }
    return value;
  });
}

const cache = new Map<LegalSlug, LegalPage>();

export function getLegalPage(slug: LegalSlug): LegalPage {
  const cached = cache.get(slug);
  if (cached) return cached;
  const file = path.join("content", "legal", `${slug}.md`);
  const { data, content } = matter(readFileSync(path.join(CONTENT_DIR, `${slug}.md`), "utf8"));
  // gray-matter reads an unquoted date as a Date; the schema wants the text.
  const raw = {
    ...data,
    updated: data.updated instanceof Date ? data.updated.toISOString().slice(0, 10) : data.updated,
  };
  const { openSections, ...meta } = parseContent(
    frontMatterSchema,
    raw,
    `Invalid front matter in ${file}`,
  );
  const page = {
    ...meta,
    slug,
    path: LEGAL_PAGES[slug].path,
    html: renderMarkdown(
      fillTokens(content, tokens(), file),
      openSections ? { foldSections: { open: openSections } } : {},
    ),
  };
  for (const id of openSections ?? []) {
    if (!page.html.includes(` id="${id}"`)) {
      throw new Error(`${file}: openSections names "${id}", which is no section's id.`);
    }
  }
  for (const anchor of LEGAL_PAGES[slug].anchors) {
    if (!page.html.includes(` id="${anchor}"`)) {
      throw new Error(`${file} has no section with the id "${anchor}", which the site links to.`);
    }
    if (openSections && !openSections.includes(anchor)) {
      throw new Error(
        `${file}: the section "${anchor}" is linked to from the site; list it in openSections, so the link lands on its text.`,
      );
    }
  }
  cache.set(slug, page);
  return page;
}
