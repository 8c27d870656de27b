import { COMMITMENTS } from "@/config/commitments";

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
} as const;
