import type { ReactNode } from "react";

import type { Guide } from "@/lib/build/situations";
import type { BreadcrumbItem } from "@/lib/structured-data";
import { OFFER_FORM_ID } from "@/lib/situations";
import { buttonVariants } from "@/components/ui/button";
import { Breadcrumb } from "@/components/site/breadcrumb";
import { Faq } from "@/components/site/faq";
import { OfferBarRegion } from "@/components/site/offer-bar-region";
import { GuideOffer } from "@/components/situations/guide-offer";
import { GUIDE_WORDS, type GuideWords } from "@/components/situations/guide-words";

export type GuideArticleProps = {
  guide: Guide;
  breadcrumb: readonly BreadcrumbItem[];
  /** The state table, where the guide has one: shown where its Markdown marks it. */
  stateTable?: ReactNode;
  /**
   * Links to the other guides, shown before the closing offer form (on a Spanish page, with
   * what the company says about the language of the papers after them).
   */
  related?: ReactNode;
  /** The page's language: the words around the Markdown, its dates, the offer bar and form. */
  words?: GuideWords;
};

/** The Markdown body; a table reads as one card per row on phones (lib/build/markdown.ts). */
const PROSE =
  "prose prose-slate prose-a:text-blue-700 prose-headings:text-slate-950 max-w-none [&_.stacked-row]:my-4 [&_.stacked-row]:rounded-xl [&_.stacked-row]:border [&_.stacked-row]:border-slate-200 [&_.stacked-row]:bg-white [&_.stacked-row]:p-4 [&_.stacked-row_dd]:ps-0 [&_.stacked-row_dl]:my-0 [&_.stacked-row>:first-child]:mt-0";

/**
 * A situation guide or the comparison page: headline, lead, the Markdown body (with the
 * state table where it has one), the questions, the sources, and the offer form last.
 */
export function GuideArticle({
  guide,
  breadcrumb,
  stateTable,
  related,
  words = GUIDE_WORDS.en,
}: GuideArticleProps) {
  const { copy } = words;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Breadcrumb items={breadcrumb} label={words.breadcrumbLabel} />
      <article className="mt-6">
        <header className="space-y-4">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-950 sm:text-4xl">
            {guide.headline}
          </h1>
          <p className="text-lg text-slate-700">{guide.lead}</p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <a href={`#${OFFER_FORM_ID}`} className={buttonVariants({ size: "lg" })}>
              {copy.offer.jump}
            </a>
            <p className="text-sm text-slate-600">
              {copy.updated}{" "}
              <time dateTime={guide.updated} data-guide-updated="">
                {words.formatDate(guide.updated)}
              </time>
            </p>
          </div>
        </header>
        <OfferBarRegion formId={OFFER_FORM_ID} language={words.language}>
          <div
            className={`${PROSE} mt-8`}
            dangerouslySetInnerHTML={{ __html: guide.html.before }}
          />
          {stateTable}
          {guide.html.after ? (
            <div className={PROSE} dangerouslySetInnerHTML={{ __html: guide.html.after }} />
          ) : null}
          <Faq id="faq" title={copy.faqTitle} items={guide.faq} className="mt-12" />
          <section aria-labelledby="sources-title" className="mt-12">
            <h2 id="sources-title" className="text-2xl font-extrabold text-slate-950">
              {copy.sourcesTitle}
            </h2>
            <p className="mt-2 text-slate-700">{copy.sourcesLead}</p>
            <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-800" data-guide-sources="">
              {guide.sources.map((source) => (
                <li key={source.url}>
                  <a href={source.url} className="text-blue-700 underline underline-offset-2">
                    {source.title}
                  </a>
                </li>
              ))}
            </ol>
          </section>
        </OfferBarRegion>
      </article>
      {related}
      <GuideOffer path={guide.path} words={words} />
    </div>
  );
}
