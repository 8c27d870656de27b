import type { Metadata } from "next";

import { receivedPage } from "@/content/form-post-pages";
import { RECEIVED_PATH } from "@/supabase/functions/_shared/contract/lead-form.ts";
import { ReceivedPage } from "@/components/offer-form/form-post-routes";

export const metadata: Metadata = {
  title: receivedPage.title,
  robots: { index: false },
  alternates: { canonical: RECEIVED_PATH },
};

/** Where the offer form lands after posting itself without script, when the request was taken. */
export default function OfferReceived() {
  return <ReceivedPage language="en" />;
}
