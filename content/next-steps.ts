import { COMMITMENTS } from "@/config/commitments";
import type { Translation } from "@/content/translation";

/** Shown after a request is sent. */
export const nextSteps = {
  title: "What happens next",
  steps: [
    {
      title: `Your written offer within ${COMMITMENTS.offerWithinHours} hours`,
      text: "We e-mail your written cash offer, and call first if you asked for a call, to check a few details about the house.",
    },
    {
      title: "A short walk-through",
      text: "If you like the offer, we look at the house with you, in person or by video, at a time that suits you. No cleaning or repairs needed.",
    },
    {
      title: "You choose the closing date",
      text: `No obligation until you sign. Close in as little as ${COMMITMENTS.closeInDays} days, or on a later date you pick.`,
    },
  ],
  callLine: "Questions now? Call",
  again: "Request another offer",
  addressLabel: "Property",
  emailLabel: "Offer goes to",
  /** The number the visitor asked to be called on. */
  phoneLabel: "We'll call",
  /** What became of the request, said plainly. */
  where: {
    delivered: {
      title: "Request received",
      text: `We have your request. Your written cash offer will reach this e-mail address within ${COMMITMENTS.offerWithinHours} hours.`,
    },
    kept: {
      title: "Request saved, sending soon",
      text: "We could not reach our server just now, so your request is saved on this device and will be sent on its own as soon as we can, even if you close this page.",
    },
    page: {
      title: "Not sent yet",
      text: "Your request is held in this page only: keep it open until it says received, or call us.",
    },
  },
} as const;

/** The panel's words in any language: the English above, or content/es/next-steps.ts. */
export type NextStepsCopy = Translation<typeof nextSteps>;
