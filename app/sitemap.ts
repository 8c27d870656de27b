import type { MetadataRoute } from "next";

import { getPublicPages } from "@/lib/build/pages";
import { absoluteUrl } from "@/config/site";
import { languageAlternates } from "@/lib/seo";

export const dynamic = "force-static";

/** Every public page at its canonical URL; lastmod only where a page has a true date. */
export default function sitemap(): MetadataRoute.Sitemap {
  return getPublicPages().map((page) => {
    // A page in both languages lists both, itself included, as its head does.
    const languages = languageAlternates(page.path);
    return {
      url: absoluteUrl(page.path),
      ...(page.lastModified ? { lastModified: page.lastModified } : {}),
      ...(languages ? { alternates: { languages } } : {}),
    };
  });
}
