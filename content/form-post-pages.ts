import { COMMITMENTS } from "@/config/commitments";
import type { NotSentReason } from "@/supabase/functions/_shared/contract/lead-form.ts";

/**
 * The pages the offer form lands on when it posted itself, without script: the function
 * answers 303 with one of them (supabase/functions/_shared/contract/lead-form.ts).
 */
export const receivedPage = {
  title: "Thank you!",
  text: `We've received your inquiry and will contact you within ${COMMITMENTS.offerWithinHours} hours with a cash offer.`,
  home: "Back to the home page",
  again: "Request another offer",
};

const goBack =
  "Use your browser's Back button to return to the form: what you typed is still there. Or fill in the form again below.";

/** For each reason, what went wrong and what to do, in the visitor's words. */
export const notSentPages: Record<NotSentReason, { title: string; text: string }> = {
  address: {
    title: "Please check the property address",
    text: `We could not take your request: the address was empty, longer than 300 characters, or held an invisible character copied in with it. ${goBack}`,
  },
  condition: {
    title: "Please choose the house's condition",
    text: `We could not take your request without the house's condition: choose the one that fits best, from move-in ready to significant work. ${goBack}`,
  },
  email: {
    title: "Please check your e-mail address",
    text: `We could not take your request: we need an e-mail address we can send your offer to, like name@example.com, of at most 254 characters. ${goBack}`,
  },
  phone: {
    title: "Please check the phone number",
    text: `We could not take your request: the phone field takes one phone number, of at most 40 characters, with no invisible character. A note beside it such as "cell" or "ext 2" is fine; a second number or a link is not. ${goBack}`,
  },
  request: {
    title: "We could not take this request",
    text: `Something in the request could not be read. ${goBack}`,
  },
  busy: {
    title: "Too many requests from your network",
    text: "We received several offer requests from your network in the last few minutes, so we paused this one. Please try again in ten minutes, or call us.",
  },
  unavailable: {
    title: "We could not save your request just now",
    text: "Our system did not answer, so your request was not saved. Please call us, or try again in a few minutes.",
  },
};

export const callUs = "Call us at";
