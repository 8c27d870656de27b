import type { Metadata } from "next";

import { receivedPageEs } from "@/content/es/form-post-pages";
import { FORM_RESULT_PATHS } from "@/supabase/functions/_shared/contract/lead-form.ts";
import { ReceivedPage } from "@/components/offer-form/form-post-routes";

export const metadata: Metadata = {
  title: receivedPageEs.title,
  robots: { index: false },
  alternates: { canonical: FORM_RESULT_PATHS.es.received },
};

/** Where a Spanish form lands after posting itself without script, when the request was taken. */
export default function OfertaRecibida() {
  return <ReceivedPage language="es" />;
}
