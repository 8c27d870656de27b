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
