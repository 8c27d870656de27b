import { readFileSync } from "node:fs";
import path from "node:path";

import matter from "gray-matter";
import { z } from "zod";

import { parseContent } from "@/lib/build/content-check";
import { renderMarkdown } from "@/lib/build/markdown";
import type { Language } from "@/lib/languages";
import { LEGAL_PAGES, type LegalSlug } from "@/content/legal-pages";
import { LEGAL_PAGES_ES } from "@/content/es/legal-pages";
import { absoluteUrl, formatAddress, site } from "@/config/site";

/**
 * The Privacy Policy, the Terms of Use and the Text Message Policy: Markdown in content/legal/
 * (content/es/legal/ for the Spanish, each file named as its page's path), with the company's
 * details filled in from the site config at build time, so they always name the same company,
 * phone and address as the rest of the site.
 */
const PAGES = { en: LEGAL_PAGES, es: LEGAL_PAGES_ES } as const;

/** content/legal/privacy.md; content/es/legal/privacidad.md for /es/privacidad. */
function contentFile(slug: LegalSlug, language: Language): string {
  return language === "en"
    ? path.join("content", "legal", `${slug}.md`)
    : path.join("content", "es", "legal", `${path.posix.basename(LEGAL_PAGES_ES[slug].path)}.md`);
}

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
  language: Language;
  path: string;
  html: string;
};

/**
 * The values the Markdown may name as {{token}}. The number answered in Spanish
 * (company.spanishPhone) exists only for a company that has one, which is the only company
 * whose Spanish policies are built.
 */
function tokens(): Record<string, string> {
  const { company } = site;
  return {
    ...(company.spanish
      ? {
          "company.spanishPhone": company.spanish.phone.display,
          "company.spanishPhoneHref": company.spanish.phone.href,
        }
      : {}),
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

const cache = new Map<string, LegalPage>();

/** A policy in `language` (English unless told), checked against the links the site makes to it. */
export function getLegalPage(slug: LegalSlug, language: Language = "en"): LegalPage {
  const key = `${language}:${slug}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const listed = PAGES[language][slug];
  const file = contentFile(slug, language);
  if (language === "es" && !site.company.spanish) {
    throw new Error(`${file}: a Spanish policy is built only with COMPANY_SPANISH_PHONE set.`);
  }
  const { data, content } = matter(readFileSync(path.join(process.cwd(), file), "utf8"));
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
  if (meta.title !== listed.title) {
    throw new Error(
      `${file}: title "${meta.title}" differs from "${listed.title}", which the footer's link says.`,
    );
  }
  const page = {
    ...meta,
    slug,
    language,
    path: listed.path,
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
  for (const anchor of listed.anchors) {
    if (!page.html.includes(` id="${anchor}"`)) {
      throw new Error(`${file} has no section with the id "${anchor}", which the site links to.`);
    }
    if (openSections && !openSections.includes(anchor)) {
      throw new Error(
        `${file}: the section "${anchor}" is linked to from the site; list it in openSections, so the link lands on its text.`,
      );
    }
  }
  cache.set(key, page);
  return page;
}
