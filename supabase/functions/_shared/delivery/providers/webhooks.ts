// Standard Webhooks 1.0.0 (payload {type, timestamp, data}; headers webhook-id,
// webhook-timestamp, webhook-signature; HMAC-SHA256 over "{id}.{timestamp}.{body}" with a
// whsec_ secret; 2xx delivered, 410 stop, 429/502/504 throttle, redirects not followed;
// timeouts of 15 to 30 s), as read on 2026-11-27:
// https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md

import { Webhook } from "standardwebhooks";

import { classifyTouch } from "../../contract/attribution.ts";
import { attributionFromColumns } from "../../contract/attribution-columns.ts";
import type { Touch } from "../../contract/touch-fields.ts";
import { parsePhone } from "../../contract/contacts.ts";
import type { WebhookEndpoint } from "../../config/lead-config.ts";
import type { ConsentRecord, DeliveryRow, LeadRow } from "../../store/rows.ts";
import type { AttemptResult } from "../outbox.ts";
import { callProvider } from "../transport.ts";

/**
 * The body's version. Its JSON Schema is lead-event.v2.schema.json beside this file; a
 * change that removes or retypes a field is a new version and a new schema file, and so is
 * one that adds a field, even an optional one: each schema allows no property it does not
 * list (additionalProperties: false), so a receiver that validates against the older one
 * would refuse the body. A published schema file is never edited. v2 added `language`.
 */
export const LEAD_EVENT_SCHEMA = "lead-event.v2";

/** Standard Webhooks asks for 15 to 30 seconds. */
const TIMEOUT_MS = 15_000;

/** What a status change's delivery carries (its payload column). */
export type StatusChangePayload = {
  change_id: number;
  status: string;
  previous_status: string;
  value: number | null;
  currency: string | null;
  note: string | null;
  changed_at: string;
};

/**
 * The event as the receiver gets it: flat fields under `data`, the same for every event
 * type, so a Zapier Catch Hook or a CRM's field mapping takes them without code. Times are
 * ISO 8601 in UTC; a field with nothing to say is null.
 */
export function leadEventBody(
  delivery: Pick<DeliveryRow, "event" | "payload" | "created_at">,
  lead: LeadRow,
  consent: ConsentRecord | null,
) {
  const { first, last } = attributionFromColumns(lead);
  const touch: Touch | null = last ?? first ?? null;
  const channel = classifyTouch(touch);
  const firstChannel = first ? classifyTouch(first) : null;
  const phone = lead.phone === null ? null : parsePhone(lead.phone);
  const change =
    delivery.event === "lead.status_changed" ? (delivery.payload as StatusChangePayload) : null;
  return {
    type: delivery.event,
    timestamp:
      change?.changed_at ??
      (delivery.event === "lead.created" ? lead.created_at : delivery.created_at),
    schema: LEAD_EVENT_SCHEMA,
    data: {
      lead_id: lead.id,
      received_at: lead.created_at,
      address: lead.address,
      condition: lead.condition,
      email: lead.email,
      phone: lead.phone,
      phone_e164: phone?.e164 ?? null,
      phone_extension: phone?.extension ?? null,
      call_requested: lead.phone !== null,
      texts_agreed: consent?.texts === true,
      consent_version: lead.consent_version,
      language: lead.language,
      state: lead.state,
      page: lead.source,
      channel: channel.label,
      source: channel.source,
      medium: channel.medium,
      campaign: channel.campaign,
      landing_page: touch?.landing_page ?? null,
      referrer: touch?.referrer ?? null,
      utm_term: touch?.utm_term ?? null,
      utm_content: touch?.utm_content ?? null,
      gclid: touch?.gclid ?? null,
      gbraid: touch?.gbraid ?? null,
      wbraid: touch?.wbraid ?? null,
      fbclid: touch?.fbclid ?? null,
      msclkid: touch?.msclkid ?? null,
      first_channel: firstChannel?.label ?? null,
      first_source: firstChannel?.source ?? null,
      first_campaign: firstChannel?.campaign ?? null,
      first_landing_page: first?.landing_page ?? null,
      first_visit_at: first?.at ?? null,
      status: change?.status ?? "new",
      previous_status: change?.previous_status ?? null,
      status_value: change?.value ?? null,
      status_currency: change?.currency ?? null,
      status_note: change?.note ?? null,
      status_changed_at: change?.changed_at ?? null,
    },
  };
}

/** The three Standard Webhooks headers, signed with every secret of the endpoint. */
export function signedHeaders(
  endpoint: WebhookEndpoint,
  id: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": endpoint.secrets
      .map((secret) => new Webhook(secret).sign(id, at, body))
      .join(" "),
  };
}

/**
 * Posts one event. The delivery's id is the webhook-id on every attempt, so a receiver
 * that saw an earlier attempt can drop the repeat; the timestamp and signature are new on
 * each. A redirect is not followed (the address should be updated instead).
 */
export async function sendWebhook(
  endpoint: WebhookEndpoint,
  id: string,
  body: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<AttemptResult> {
  const text = JSON.stringify(body);
  return callProvider(
    {
      name: "the webhook",
      url: endpoint.url,
      headers: {
        "content-type": "application/json",
        "user-agent": "QuickHomeBuyers-Webhooks/1",
        ...signedHeaders(endpoint, id, text),
      },
      body: text,
      timeoutMs: TIMEOUT_MS,
      // The key is the base64 after whsec_, which a receiver's error could quote alone.
      secrets: {
        "webhook secret": endpoint.secrets.flatMap((secret) => [
          secret,
          secret.replace(/^whsec_/, ""),
        ]),
      },
      redirectHint: "set LEADS_WEBHOOK_URL to the final address",
    },
    fetchImpl,
  );
}
