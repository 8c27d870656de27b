import type { Metadata } from "next";

import { getLegalPage } from "@/lib/build/legal";
import type { LegalSlug } from "@/content/legal-pages";
import { buildMetadata } from "@/lib/seo";
import { LegalArticle } from "@/components/legal/legal-article";

/** What app/privacy and app/terms export: a policy page's metadata and the page itself. */
export function legalRoute(slug: LegalSlug): { metadata: Metadata; Page: () => React.JSX.Element } {
  const page = getLegalPage(slug);
  return {
    metadata: buildMetadata({ title: page.title, description: page.description, path: page.path }),
    Page: function LegalPolicyPage() {
      return <LegalArticle page={page} />;
    },
  };
}
