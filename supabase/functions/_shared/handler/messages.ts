import { LEAD_LIMITS } from "../contract/lead-rules.ts";

/** What the function answers when it does not take a request, in words a page can show. */
export const MESSAGES = {
  method: "Use POST to send an offer request.",
  tooLarge: `The request is too large: at most ${LEAD_LIMITS.bodyMax / 1024} KB.`,
  contentType:
    "Send the offer request as JSON (Content-Type: application/json) or as a form (application/x-www-form-urlencoded).",
  brokenJson: "The request body is not valid JSON.",
  notObject: "Send the offer request as a JSON object.",
  unavailable: "We could not save your request just now. Please try again in a minute.",
  conflict:
    "id: This request id was already used for a request with different content. Send it with a new id.",
  unauthorized: "Send the retry run's secret as Authorization: Bearer <LEADS_CRON_SECRET>.",
  foreignForm: "Offer requests are taken from the site's own pages only.",
} as const;

export const tooManyMessage = (seconds: number) =>
  `Too many offer requests from your network. Please try again in ${seconds} seconds.`;
