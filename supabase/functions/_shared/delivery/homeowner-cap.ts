import { uuidFromText } from "../contract/uuid.ts";
import { CHANNELS, DELIVERY_CHANNELS } from "../store/channels.ts";
import type { AttemptRecord, ClaimedDelivery, LeadStore } from "../store/lead-store.ts";
import { attempt, errorText, type DelivererDeps } from "./attempt.ts";
import { planDelivery, retryDelaySeconds } from "./outbox.ts";

/** The channels that reach a homeowner, which the hourly cap holds back. */
export const HOMEOWNER_CHANNELS = DELIVERY_CHANNELS.filter(
  (channel) => CHANNELS[channel].reaches === "homeowner",
);

/**
 * The homeowner's messages, no more in any hour than LEADS_HOMEOWNER_MESSAGES_PER_HOUR: so
 * that a script posting strangers' addresses cannot turn the company's sender into a spam
 * cannon that Resend or Twilio suspends. The room left is counted in the store before each
 * round, so a backlog released at once (the retry run after a pause) does not burst past
 * it; only two instances sending in the same moment can each take the last room.
 */
export async function attemptUnderCap(
  deps: DelivererDeps,
  claimed: ClaimedDelivery[],
): Promise<(AttemptRecord | null)[]> {
  const perHour = deps.config?.homeownerMessagesPerHour ?? null;
  if (perHour === null) return Promise.all(claimed.map((item) => attempt(deps, item)));
  const records: (AttemptRecord | null)[] = [];
  let waiting = claimed;
  while (waiting.length > 0) {
    let sent: Awaited<ReturnType<LeadStore["sentInLastHour"]>>;
    try {
      sent = await deps.store.sentInLastHour(HOMEOWNER_CHANNELS, perHour);
    } catch (error) {
      // Not sent unless counted: held back on the retry schedule, as a failed attempt would be.
      const reason = `not sent: the homeowner messages of the last hour could not be counted (LEADS_HOMEOWNER_MESSAGES_PER_HOUR): ${errorText(error)}`;
      deps.log(`${waiting.length} homeowner message(s) wait: ${reason}`);
      return [
        ...records,
        ...(await holdBack(deps, waiting, ({ attempts }) => ({
          status: "pending",
          error: reason,
          delaySeconds: retryDelaySeconds(attempts),
        }))),
      ];
    }
    const room = perHour - sent.length;
    // Full: the room comes back when the oldest of the last `perHour` sent leaves the hour.
    if (room <= 0) return [...records, ...(await pause(deps, waiting, sent.at(-1)!, perHour))];
    const now = waiting.slice(0, room);
    waiting = waiting.slice(room);
    records.push(...(await Promise.all(now.map((item) => attempt(deps, item)))));
  }
  return records;
}

/**
 * The cap is reached: each waiting message stays pending until `until` (not failed, not
 * dropped; a message whose lifetime ends first fails, saying so), and the team is told once
 * per pause. A pause is known by when it ends, the same for every message it holds back, so
 * the alert's delivery id is too: a second message held back plans nothing new.
 */
async function pause(
  deps: DelivererDeps,
  waiting: ClaimedDelivery[],
  until: { leavesAt: string; secondsLeft: number },
  perHour: number,
): Promise<(AttemptRecord | null)[]> {
  const reason = `paused: ${perHour} homeowner messages went out in the last hour (LEADS_HOMEOWNER_MESSAGES_PER_HOUR); tried again from ${until.leavesAt}`;
  const records = await holdBack(deps, waiting, () => ({
    status: "pending",
    error: reason,
    delaySeconds: Math.max(1, Math.ceil(until.secondsLeft)),
  }));
  await alertTeam(deps, waiting[0]!.delivery.lead_id, until.leavesAt, perHour);
  return records;
}

/** Claimed deliveries recorded pending, unsent, each with the record `held` gives it. */
function holdBack(
  deps: DelivererDeps,
  waiting: ClaimedDelivery[],
  held: (delivery: ClaimedDelivery["delivery"]) => AttemptRecord & { status: "pending" },
): Promise<(AttemptRecord | null)[]> {
  return Promise.all(
    waiting.map(async ({ delivery }): Promise<AttemptRecord | null> => {
      const record = held(delivery);
      const what = `${CHANNELS[delivery.channel].label} for lead ${delivery.lead_id}`;
      try {
        const stored = await deps.store.recordAttempt(delivery.id, delivery.attempts, record);
        if (stored !== "failed") return record;
        deps.log(`${what} was held back until its time was up: ${record.error}`);
        return { status: "failed", error: record.error };
      } catch (error) {
        deps.log(
          `${what} is held back, but that could not be recorded; it is tried again when its lease ends: ${errorText(error)}`,
        );
        return null;
      }
    }),
  );
}

/**
 * The team's alert of a pause, on the lead that met the cap: its e-mail (the log without a
 * provider, as for a lead) and its phones, each with the pause in the payload, sent at once.
 */
async function alertTeam(
  deps: DelivererDeps,
  leadId: string,
  until: string,
  perHour: number,
): Promise<void> {
  const { teamEmail = null, alertSmsTo = [] } = deps.config ?? {};
  const text =
    `Homeowner messages are paused: ${perHour} went out in the last hour, the most LEADS_HOMEOWNER_MESSAGES_PER_HOUR allows. ` +
    `Those waiting go out from ${until}. New leads are still stored and your own alerts still arrive; ` +
    "if these leads are not real, someone may be posting strangers' addresses.";
  const payload = {
    alert: "homeowner_messages_paused",
    per_hour: perHour,
    paused_until: until,
    text,
  };
  const destinations = [
    { channel: "team_email" as const, destination: teamEmail ? teamEmail.to.join(", ") : "log" },
    ...alertSmsTo.map((destination) => ({ channel: "team_sms" as const, destination })),
  ];
  try {
    const alerts = await Promise.all(
      destinations.map(async ({ channel, destination }) => ({
        ...(await planDelivery(leadId, { channel, event: "lead.created", destination, payload })),
        id: await uuidFromText(`homeowner-pause:${until}:${channel}:${destination}`),
      })),
    );
    if ((await deps.store.addDeliveries(leadId, alerts)) === 0) return;
    deps.log(`${text} The team is told on lead ${leadId}.`);
    const claimed = await deps.store.claimDeliveries({ leadId, limit: 50 });
    await Promise.all(claimed.map((item) => attempt(deps, item)));
  } catch (error) {
    deps.log(`${text} The team's alert could not be planned: ${errorText(error)}`);
  }
}
