/**
 * Facts the site and the function share, defined once here (the function's folder is all
 * its deploy uploads, so the site imports them from it, never the other way round).
 */

/** Where the site lives unless NEXT_PUBLIC_SITE_URL says otherwise. */
export const PRODUCTION_URL = "https://quickhomebuyers.com";

/** The hosted function the offer form calls. */
export const FUNCTION_NAME = "send-contact-email";

/** Where a Supabase project (and the local server) answers its functions, and this one. */
export const FUNCTIONS_PATH = "/functions/v1";
export const FUNCTION_PATH = `${FUNCTIONS_PATH}/${FUNCTION_NAME}`;

/** The company's name unless COMPANY_NAME says otherwise: the site shows it, the consent wording names it. */
export const DEFAULT_COMPANY_NAME = "Quick Home Buyers";

/**
 * The company's phone and e-mail unless COMPANY_PHONE and COMPANY_EMAIL say otherwise: the
 * site shows them, and the function puts them in what it sends a homeowner. The phone is a
 * 555-01xx number, reserved for fiction: a deploy build refuses it (config/site.ts).
 */
export const DEFAULT_COMPANY_PHONE = "(614) 555-0142";
export const DEFAULT_COMPANY_EMAIL = "offers@quickhomebuyers.com";

/** What the site promises after a request, in the specification's words (its success toast). */
export const RECEIVED_PROMISE =
  "We've received your inquiry and will contact you within 24 hours with a cash offer.";
