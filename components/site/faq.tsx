import type { FaqItem } from "@/content/faq";
import { DisclosureSummary } from "@/components/ui/disclosure-summary";

/** A question, and optionally a page that says more, linked under the answer. */
export type FaqEntry = FaqItem & { readMore?: { href: string; title: string } };

export type FaqProps = {
  id: string;
  title: string;
  items: readonly FaqEntry[];
  className?: string;
  /** Before a "read more" link's title, in the page's language. */
  readMoreLabel?: string;
};

/**
 * Questions and answers as native <details>: they open without script, and the page's
 * FAQPage structured data is built from the same items (lib/structured-data.ts). A "Read
 * more" link sits outside the answer's text, which the structured data repeats word for word.
 */
export function Faq({ id, title, items, className, readMoreLabel = "Read more:" }: FaqProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="text-2xl font-extrabold text-slate-950 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <details key={item.question} className="group" data-faq-item="">
            <DisclosureSummary className="px-5 py-4">
              <span data-faq-question="">{item.question}</span>
            </DisclosureSummary>
            <p data-faq-answer="" className="px-5 pb-5 text-slate-700">
              {item.answer}
            </p>
            {item.readMore ? (
              <p className="-mt-2 px-5 pb-5 text-sm">
                <a
                  href={item.readMore.href}
                  data-faq-read-more=""
                  className="font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-900"
                >
                  {readMoreLabel} {item.readMore.title}
                </a>
              </p>
            ) : null}
          </details>
        ))}
      </div>
    </section>
  );
}
