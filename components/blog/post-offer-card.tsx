import { ArrowRight } from "lucide";

import { site } from "@/config/site";
import { blogCopy } from "@/content/blog-page";
import { Icon } from "@/components/ui/icon";
import { buttonVariants } from "@/components/ui/button";

export type PostOfferCardProps = {
  /** Where the offer form is: a page's form, by its id. */
  offerHref: string;
  compareHref: string;
};

/**
 * The call to action that ends every post: a card of plain links to a page's offer form,
 * so a post loads no form script of its own (its pages sit near the script budget).
 */
export function PostOfferCard({ offerHref, compareHref }: PostOfferCardProps) {
  const { endCta } = blogCopy;
  return (
    <aside
      aria-labelledby="post-offer-title"
      data-post-cta=""
      className="mt-12 rounded-2xl bg-gradient-to-br from-blue-900 to-blue-700 p-6 text-white shadow-lg sm:p-8"
    >
      <h2 id="post-offer-title" className="text-2xl font-extrabold">
        {endCta.title}
      </h2>
      <p className="mt-2 max-w-2xl text-blue-50">
        {endCta.text(site.commitments.offerWithinHours)}
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3">
        <a href={offerHref} className={buttonVariants({ variant: "accent", size: "lg" })}>
          {endCta.action}
          <Icon icon={ArrowRight} />
        </a>
        <a
          href={compareHref}
          className="font-semibold text-white underline underline-offset-4 hover:text-blue-100"
        >
          {endCta.compare}
        </a>
      </div>
    </aside>
  );
}
