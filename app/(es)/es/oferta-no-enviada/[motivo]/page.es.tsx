import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { notSentPagesEs } from "@/content/es/form-post-pages";
import { NOT_SENT_SLUGS } from "@/supabase/functions/_shared/contract/lead-form.ts";
import { NotSentPage, reasonForSlug } from "@/components/offer-form/form-post-routes";

type Props = { params: Promise<{ motivo: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return Object.values(NOT_SENT_SLUGS.es).map((motivo) => ({ motivo }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const reason = reasonForSlug("es", (await params).motivo);
  return { title: reason && notSentPagesEs[reason].title, robots: { index: false } };
}

/** Where a Spanish form lands after posting itself without script, when it was not taken. */
export default async function OfertaNoEnviada({ params }: Props) {
  const reason = reasonForSlug("es", (await params).motivo);
  if (!reason) notFound();
  return <NotSentPage language="es" reason={reason} />;
}
