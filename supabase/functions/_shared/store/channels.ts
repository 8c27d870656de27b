/**
 * The one list of delivery channels: every other list (the SQL check constraint, the team's
 * channels, which opt-out stops a channel, the labels in the log and the operator's listing,
 * each channel's retry window) is derived from it. channels.test.ts holds the migrations'
 * check constraint to it.
 */

/** Retries stop this long after a delivery was planned: Standard Webhooks' schedule spans about 3 days. */
export const DELIVERY_LIFETIME_SECONDS = 3 * 86_400;
/** Meta refuses an event whose event_time is more than 7 days old; an hour's margin. */
export const META_LIFETIME_SECONDS = 7 * 86_400 - 3_600;

/** What a person can stop: calls, texts, e-mail, sharing with ad platforms, or all of it. */
export const OPT_OUT_CHANNELS = ["calls", "texts", "email", "sharing", "all"] as const;
export type OptOutChannel = (typeof OPT_OUT_CHANNELS)[number];

export type ChannelDescriptor = {
  /** How the log names it: "The team's e-mail for lead …". */
  label: string;
  /** How the operator's listing names it: "team e-mail", "team text to +1…". */
  cliName: string;
  /** Whose it is: the team's own (which may go out while the store is down), the homeowner's, or an ad platform's. */
  reaches: "team" | "crm" | "homeowner" | "ad platform" | "escalation";
  /** The opt-out that stops it at the moment of sending; null for the team's own channels. */
  optOut: Exclude<OptOutChannel, "calls" | "all"> | null;
  /** Seconds after planning when a delivery still failing is given up. */
  lifetimeSeconds: number;
  /** What it is, in one line. */
  about: string;
};

export const CHANNELS = {
  team_email: {
    label: "The team's e-mail",
    cliName: "team e-mail",
    reaches: "team",
    optOut: null,
    lifetimeSeconds: DELIVERY_LIFETIME_SECONDS,
    about: "The team's inbox (Resend), LEADS_NOTIFY_TO; the log when no provider is set.",
  },
  team_sms: {
    label: "The team's text",
    cliName: "team text",
    reaches: "team",
    optOut: null,
    lifetimeSeconds: DELIVERY_LIFETIME_SECONDS,
    about: "A text to each of the team's phones (Twilio), LEADS_ALERT_SMS_TO.",
  },
  webhook: {
    label: "The webhook",
    cliName: "webhook",
    reaches: "crm",
    optOut: null,
    lifetimeSeconds: DELIVERY_LIFETIME_SECONDS,
    about: "A signed Standard Webhooks POST to the operator's CRM or automation tool.",
  },
  meta: {
    label: "Meta's Lead event",
    cliName: "Meta Lead event",
    reaches: "ad platform",
    optOut: "sharing",
    lifetimeSeconds: META_LIFETIME_SECONDS,
    about: "Meta's Conversions API Lead event.",
  },
  confirm_email: {
    label: "The homeowner's confirmation e-mail",
    cliName: "confirmation e-mail",
    reaches: "homeowner",
    optOut: "email",
    lifetimeSeconds: DELIVERY_LIFETIME_SECONDS,
    about: "The homeowner's confirmation e-mail.",
  },
  confirm_sms: {
    label: "The homeowner's confirmation text",
    cliName: "confirmation text",
    reaches: "homeowner",
    optOut: "texts",
    lifetimeSeconds: DELIVERY_LIFETIME_SECONDS,
    about: "The homeowner's confirmation text, when they ticked the box for texts.",
  },
  escalation: {
    label: "The escalation",
    cliName: "escalation",
    reaches: "escalation",
    optOut: null,
    lifetimeSeconds: DELIVERY_LIFETIME_SECONDS,
    about: "One more alert to LEADS_ESCALATE_TO (an e-mail or a phone) about a lead nobody called.",
  },
} as const satisfies Record<string, ChannelDescriptor>;

export type DeliveryChannel = keyof typeof CHANNELS;
export const DELIVERY_CHANNELS = Object.keys(CHANNELS) as DeliveryChannel[];

/** The team's channels and the CRM's: what may tell the team of a lead while the store is down. */
export const TEAM_CHANNELS: readonly DeliveryChannel[] = DELIVERY_CHANNELS.filter(
  (channel) => CHANNELS[channel].reaches === "team" || CHANNELS[channel].reaches === "crm",
);

/** The channels whose sending checks opt-outs. */
export const OPT_OUT_CHECKED_CHANNELS: readonly DeliveryChannel[] = DELIVERY_CHANNELS.filter(
  (channel) => CHANNELS[channel].optOut !== null,
);

/** What happened: the type a webhook carries, and what each message is about. */
export const DELIVERY_EVENTS = ["lead.created", "lead.status_changed", "lead.escalated"] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];

/** See the migration (20261127000000_one_delivery_outbox.sql) for what each one means. */
export const DELIVERY_STATUSES = [
  "pending",
  "sending",
  "sent",
  "failed",
  "logged",
  "skipped",
  "unverified",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
