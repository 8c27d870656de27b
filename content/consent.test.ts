import { consentFor, submitAgreement } from "@/content/consent";
import { LEGAL_PAGES } from "@/content/legal-pages";
import {
  DISCLOSURE_LINKS,
  POLICY_LINKS,
} from "@/supabase/functions/_shared/contract/disclosures.ts";

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

it("links the Spanish consent wording to the Spanish policy pages only", () => {
  const spanish = consentFor("es");
  const links = [...spanish.submit, ...spanish.calls("Acme"), ...spanish.texts("Acme")].filter(
    (part) => typeof part !== "string",
  );
  expect(new Set(links.map((link) => link.href))).toEqual(
    new Set(Object.values(POLICY_LINKS.es).map((link) => link.href)),
  );
  expect(links.every((link) => link.href.startsWith("/es/"))).toBe(true);
  const english = consentFor("en");
  expect(english.submit).toBe(submitAgreement);
  expect(JSON.stringify(english.texts("Acme"))).not.toContain("/es/");
});
