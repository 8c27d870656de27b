import type { Metadata } from "next";
import { getLegalPage, type LegalPage } from "@/lib/build/legal";
import type { Language } from "@/lib/languages";
import { buildMetadata } from "@/lib/seo";
import { spanishPageJsonLd } from "@/lib/structured-data";
import type { LegalSlug } from "@/content/legal-pages";
import { LegalArticle } from "@/components/legal/legal-article";
import { LEGAL_WORDS } from "@/components/legal/legal-words";
import { JsonLd } from "@/components/site/json-ld";
import { SiteFrame } from "@/components/site/site-frame";

/**
 * A Spanish policy's structured data: the page in Spanish (inLanguage es-US), its breadcrumb
 * and its publisher. The English policies have none, as before.
 */
function spanishPolicyJsonLd(page: LegalPage) {
  return spanishPageJsonLd({ path: page.path, name: page.title, description: page.description }, [
    LEGAL_WORDS.es.home,
    { name: page.title, href: page.path },
  ]);
}

/**
 * What app/(en)/privacy and the other policy routes export, in either language: a policy
 * page's metadata and the page itself.
 */
export function legalRoute(
  slug: LegalSlug,
  language: Language = "en",
): { metadata: Metadata; Page: () => React.JSX.Element } {
  const page = getLegalPage(slug, language);
  return {
    metadata: buildMetadata({
      title: page.title,
      description: page.description,
      path: page.path,
      language,
    }),
    Page: function LegalPolicyPage() {
      return (
        <SiteFrame language={language} path={page.path}>
          <>
            {language === "es" ? <JsonLd data={spanishPolicyJsonLd(page)} /> : null}
            <LegalArticle page={page} words={LEGAL_WORDS[language]} />
          </>
        </SiteFrame>
      );
    },
  };
}
