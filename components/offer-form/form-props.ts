import { publicEnv } from "@/config/env";
import { site } from "@/config/site";
import { callConsent, submitAgreement, textsConsent } from "@/content/consent";
import { offerFormCopy } from "@/content/offer-form";
import { consentWording } from "@/lib/build/consent-wording";
import type { StateName } from "@/supabase/functions/_shared/contract/states.ts";
import { FUNCTION_PATH } from "@/supabase/functions/_shared/contract/site-facts.ts";
import type { OfferFormProps } from "@/components/offer-form/offer-form";

/**
 * The offer form's props, the same on every page that has one: where it posts without
 * script (the Supabase project's function, or the local server's own path), who the
 * company is, and the consent wording it shows, with the hashes it reports. Built at
 * build time by the pages (node:crypto), never imported by the island itself.
 */
export function offerFormProps(page: {
  id: string;
  path: string;
  placeholder: string;
  state?: StateName;
}): OfferFormProps {
  return {
    ...page,
    source: page.path,
    action: `${publicEnv.supabaseUrl ?? ""}${FUNCTION_PATH}`,
    company: { name: site.company.name, phone: site.company.phone },
    copy: offerFormCopy,
    wording: {
      ...consentWording(site.company.name),
      submit: submitAgreement,
      calls: callConsent(site.company.name),
      texts: textsConsent(site.company.name),
    },
  };
}
