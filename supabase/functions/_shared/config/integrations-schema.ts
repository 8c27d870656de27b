import { z } from "zod";

import { type Quote } from "./secrets.ts";
import {
  allOrNone,
  check,
  list,
  orDefault,
  refuse,
  settings,
  text,
  urlOf,
} from "./setting-schemas.ts";

/**
 * The settings of the lead's copies sent out: signed webhooks to a CRM, and Meta's Lead event.
 */

/** Meta's Graph API; tests point META_GRAPH_URL at a fake. */
export const META_GRAPH_URL = "https://graph.facebook.com";
/** The Graph API version the Lead event was written against (delivery/providers/meta.ts). */
export const DEFAULT_META_API_VERSION = "v26.0";

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

/**
 * Loopback may be plain http (tests, a local relay); anything else carries leads over https
 * only. Credentials in the address would sit in logs and configs in clear: the signature
 * made with LEADS_WEBHOOK_SECRET is what proves a webhook is the site's.
 */
function webhookUrl(quote: Quote) {
  return z.string().transform((written, ctx) => {
    const url = urlOf(written);
    if (url && (url.username || url.password)) {
      return refuse(
        ctx,
        `LEADS_WEBHOOK_URL must not carry credentials (user:password@ in the address for ${quote(url.host)}): the endpoint checks each webhook's signature, so put the shared secret in LEADS_WEBHOOK_SECRET instead.`,
      );
    }
    const loopback = url !== null && LOOPBACK.includes(url.hostname);
    if (url && (url.protocol === "https:" || (url.protocol === "http:" && loopback))) {
      return url.href;
    }
    return refuse(
      ctx,
      `LEADS_WEBHOOK_URL takes https addresses, comma-separated (plain http only on this machine's loopback); got ${quote(written)}.`,
    );
  });
}

/** whsec_ and the base64 of 24 to 64 random bytes, as Standard Webhooks' symmetric secrets are. */
function isWebhookSecret(secret: string): boolean {
  const base64 = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : "";
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return false;
  try {
    const bytes = atob(base64).length;
    return bytes >= 24 && bytes <= 64;
  } catch {
    return false;
  }
}

const webhookSecret = z
  .string()
  .refine(
    isWebhookSecret,
    "LEADS_WEBHOOK_SECRET must be Standard Webhooks secrets: whsec_ followed by the base64 of 24 to 64 random bytes (one for every endpoint, or one per endpoint in LEADS_WEBHOOK_URL's order; several for one endpoint separated by spaces while rotating).",
  );

/**
 * LEADS_WEBHOOK_URL="https://a.example/hook,https://b.example/hook" with one secret for all, or
 * one per endpoint in the same order; within one endpoint's entry, secrets separated by spaces
 * all sign (a rotation). Never unsigned: an endpoint without a secret stops the function.
 */
export const webhookSettings = (quote: Quote) =>
  settings({
    LEADS_WEBHOOK_URL: list.pipe(z.array(webhookUrl(quote))),
    LEADS_WEBHOOK_SECRET: list,
  })
    .superRefine(({ LEADS_WEBHOOK_URL: urls, LEADS_WEBHOOK_SECRET: secrets }, ctx) => {
      if (urls.length === 0 && secrets.length > 0) {
        ctx.addIssue(
          "LEADS_WEBHOOK_SECRET is set but LEADS_WEBHOOK_URL is not: set both, or neither.",
        );
      } else if (urls.length > 0 && secrets.length !== 1 && secrets.length !== urls.length) {
        ctx.addIssue(
          `LEADS_WEBHOOK_URL names ${urls.length} endpoints and LEADS_WEBHOOK_SECRET has ${secrets.length} entries: give one secret for all, or one per endpoint in the same order. Unsigned webhooks are not sent.`,
        );
      }
    })
    .transform(({ LEADS_WEBHOOK_URL: urls, LEADS_WEBHOOK_SECRET: secrets }) =>
      urls.map((url, index) => ({
        url,
        secrets: (secrets[secrets.length === 1 ? 0 : index] ?? "").split(/\s+/),
      })),
    )
    .pipe(z.array(z.object({ url: z.string(), secrets: z.array(webhookSecret) })));

const META_VARIABLES = ["META_DATASET_ID", "META_ACCESS_TOKEN"] as const;

/**
 * Both the dataset and its token, or neither. Unlike a half-set e-mail, which still leaves
 * the lead in the log, a half-set Meta would send nothing for every lead and say so only
 * when one arrives: the function refuses to start instead.
 */
export const metaSettings = (quote: Quote) =>
  settings({
    META_DATASET_ID: text,
    META_ACCESS_TOKEN: text,
    META_API_VERSION: text,
    META_TEST_EVENT_CODE: text,
    META_GRAPH_URL: text,
  })
    .transform(allOrNone(META_VARIABLES, "set both to send Lead events to Meta, or neither"))
    .pipe(
      z
        .object({
          META_DATASET_ID: z.string().superRefine(
            check(
              (id) => /^\d+$/.test(id),
              (shown) => `META_DATASET_ID must be the dataset's id, digits only; got ${shown}.`,
              quote,
            ),
          ),
          META_ACCESS_TOKEN: z.string(),
          META_API_VERSION: orDefault(DEFAULT_META_API_VERSION).superRefine(
            check(
              (version) => /^v\d+\.\d+$/.test(version),
              (shown) =>
                `META_API_VERSION must look like "${DEFAULT_META_API_VERSION}"; got ${shown}.`,
              quote,
            ),
          ),
          META_TEST_EVENT_CODE: text,
          META_GRAPH_URL: orDefault(META_GRAPH_URL),
        })
        .transform((meta) => ({
          datasetId: meta.META_DATASET_ID,
          accessToken: meta.META_ACCESS_TOKEN,
          apiVersion: meta.META_API_VERSION,
          url: meta.META_GRAPH_URL,
          ...(meta.META_TEST_EVENT_CODE ? { testEventCode: meta.META_TEST_EVENT_CODE } : {}),
        }))
        .nullable(),
    );
