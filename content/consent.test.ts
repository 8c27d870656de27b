import { LEGAL_PAGES } from "@/content/legal-pages";
import { DISCLOSURE_LINKS } from "@/supabase/functions/_shared/contract/disclosures.ts";

it("links the consent wording to the policy pages the site has", () => {
  expect(DISCLOSURE_LINKS.terms).toEqual({
    href: LEGAL_PAGES.terms.path,
    text: LEGAL_PAGES.terms.title,
  });
  expect(DISCLOSURE_LINKS.privacy).toEqual({
    href: LEGAL_PAGES.privacy.path,
    text: LEGAL_PAGES.privacy.title,
  });
  expect(DISCLOSURE_LINKS.sms).toEqual({ href: LEGAL_PAGES.sms.path, text: LEGAL_PAGES.sms.title });
});
