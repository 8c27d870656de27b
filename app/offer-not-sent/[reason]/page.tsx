import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { site } from "@/config/site";
import { homeCopy } from "@/content/home";
import { notSentPages } from "@/content/form-post-pages";
import {
  NOT_SENT_PATH,
  NOT_SENT_REASONS,
  type NotSentReason,
} from "@/supabase/functions/_shared/contract/lead-form.ts";
import { Island } from "@/components/islands/island";
import { offerFormProps } from "@/components/offer-form/form-props";
import { FormPostPage } from "@/components/offer-form/form-post-page";

type Props = { params: Promise<{ reason: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return NOT_SENT_REASONS.map((reason) => ({ reason }));
}

function pageFor(reason: string) {
  return (NOT_SENT_REASONS as readonly string[]).includes(reason)
    ? notSentPages[reason as NotSentReason]
    : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = pageFor((await params).reason);
  return { title: page?.title, robots: { index: false } };
}

/**
 * Where the offer form lands after posting itself without script, when the request was
 * not taken: what to fix, or why to try later, with the form again and the phone.
 */
export default async function OfferNotSent({ params }: Props) {
  const { reason } = await params;
  const page = pageFor(reason);
  if (!page) notFound();
  return (
    <FormPostPage title={page.title} text={page.text} alert>
      <section
        aria-labelledby="again-title"
        className="rounded-2xl border border-slate-200 p-4 sm:p-6"
      >
        <h2 id="again-title" className="mb-4 text-xl font-bold text-slate-950">
          {homeCopy.offer.title}
        </h2>
        <Island
          name="offer-form"
          props={offerFormProps({
            id: "offer-form",
            path: `${NOT_SENT_PATH}/${reason}`,
            placeholder: homeCopy.offer.addressPlaceholder,
          })}
        />
      </section>
      <p className="text-sm text-slate-600">{site.company.legalName}</p>
    </FormPostPage>
  );
}
