import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { notSentPages } from "@/content/form-post-pages";
import { NOT_SENT_REASONS } from "@/supabase/functions/_shared/contract/lead-form.ts";
import { NotSentPage, reasonForSlug } from "@/components/offer-form/form-post-routes";

type Props = { params: Promise<{ reason: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return NOT_SENT_REASONS.map((reason) => ({ reason }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const reason = reasonForSlug("en", (await params).reason);
  return { title: reason && notSentPages[reason].title, robots: { index: false } };
}

/**
 * Where the offer form lands after posting itself without script, when the request was
 * not taken: what to fix, or why to try later, with the form again and the phone.
 */
export default async function OfferNotSent({ params }: Props) {
  const reason = reasonForSlug("en", (await params).reason);
  if (!reason) notFound();
  return <NotSentPage language="en" reason={reason} />;
}
