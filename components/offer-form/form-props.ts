import { publicEnv } from "@/config/env";
import { site } from "@/config/site";
import { consentFor } from "@/content/consent";
import { offerFormCopy } from "@/content/offer-form";
import { chromeCopyEs } from "@/content/es/chrome";
import { offerFormCopyEs } from "@/content/es/offer-form";
import { nextStepsEs } from "@/content/es/next-steps";
import { consentWording } from "@/lib/build/consent-wording";
import type { Language } from "@/lib/languages";
import { contactPhone } from "@/lib/site-chrome";
import { FIELD_MESSAGES_ES } from "@/supabase/functions/_shared/contract/field-messages-es.ts";
import type { StateName } from "@/supabase/functions/_shared/contract/states.ts";
import { FUNCTION_PATH } from "@/supabase/functions/_shared/contract/site-facts.ts";
import type { OfferFormProps } from "@/components/offer-form/offer-form";

/**
 * The offer form's props, the same on every page that has one: where it posts without
 * script (the Supabase project's function, or the local server's own path), who the
 * company is, and the consent wording it shows, with the hashes it reports. Built at
 * build time by the pages (node:crypto), never imported by the island itself. A Spanish
 * page's form gets every word in Spanish as props (the consent, the field messages, the
 * conditions), the number answered in Spanish, and says its language, so the English
 * pages' script carries no Spanish and the Spanish pages' none of their own.
 */
export function offerFormProps(page: {
  id: string;
  path: string;
  placeholder: string;
  state?: StateName;
  language?: Language;
}): OfferFormProps {
  const { language = "en", ...rest } = page;
  const { name } = site.company;
  const consent = consentFor(language);
  const { phone, tracked } = contactPhone(language);
  return {
    ...rest,
    source: page.path,
    action: `${publicEnv.supabaseUrl ?? ""}${FUNCTION_PATH}`,
    company: { name, phone, ...(tracked ? {} : { tracked }) },
    copy: language === "es" ? offerFormCopyEs : offerFormCopy,
    wording: {
      ...consentWording(name, language),
      submit: consent.submit,
      calls: consent.calls(name),
      texts: consent.texts(name),
    },
    ...(language === "es"
      ? {
          language,
          messages: FIELD_MESSAGES_ES,
          conditions: chromeCopyEs.conditions,
          nextSteps: nextStepsEs,
        }
      : {}),
  };
}
