import type { LegalPage } from "@/lib/build/legal";
import { Breadcrumb } from "@/components/site/breadcrumb";
import { LEGAL_WORDS, type LegalWords } from "@/components/legal/legal-words";

export type LegalArticleProps = {
  page: LegalPage;
  /** The words around the policy, in its language; English unless told. */
  words?: LegalWords;
};

/** A policy page: its title, when it last changed, and the rendered Markdown. */
export function LegalArticle({ page, words = LEGAL_WORDS.en }: LegalArticleProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumb
        label={words.breadcrumbLabel}
        items={[words.home, { name: page.title, href: page.path }]}
      />
      <article className="mt-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">
          {page.title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {words.lastUpdated} <time dateTime={page.updated}>{words.formatDate(page.updated)}</time>
        </p>
        <div
          className="prose prose-slate prose-a:text-blue-700 prose-headings:scroll-mt-6 prose-headings:text-slate-950 mt-8 max-w-none"
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </article>
    </div>
  );
}
