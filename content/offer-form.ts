import { DO_NOT_SELL_ANCHOR, LEGAL_PAGES } from "@/content/legal-pages";
import { COMMITMENTS } from "@/config/commitments";
import type { Translation } from "@/content/translation";

/**
 * The words of the offer form and its outcome toasts, as plain data: the pages give them
 * to the form as its props (written into the HTML, which already shows them), so the
 * form's script does not carry them a second time. "{name}" is filled in by the form.
 */
export const offerFormCopy = {
  formLabel: "Free cash offer request",
  progressLabel: "Step {step} of {total}",
  steps: {
    1: {
      title: "Where is the property?",
      hint: "Enter the street address, city and state of the house you want to sell.",
    },
    2: {
      title: "What condition is it in?",
      hint: "Be honest: we buy houses as-is, and this helps us price your offer.",
    },
    3: {
      title: "Where should we send your offer?",
      hint: `We'll email your written cash offer within ${COMMITMENTS.offerWithinHours} hours. No spam, no obligation.`,
    },
  },
  addressLabel: "Property Address",
  conditionLegend: "Property condition",
  emailLabel: "Email Address *",
  emailPlaceholder: "you@example.com",
  requestCall: "Request Call",
  callRequested: "Call Requested",
  phoneLabel: "Phone Number",
  phonePlaceholder: "(555) 123-4567",
  next: "Next",
  back: "Back",
  submit: "Get My Cash Offer",
  sending: "Sending...",
  privacy: {
    text: "Your details are used to prepare your offer and to contact you about it.",
    link: {
      text: "Do Not Sell or Share My Personal Information",
      href: `${LEGAL_PAGES.privacy.path}#${DO_NOT_SELL_ANCHOR}`,
    },
  },
  preferToTalk: "Prefer to talk? Call us at",
  /** A field the function refused that the form could not tell apart. */
  checkField: "Please check this field.",
  refusedWithoutField:
    "We could not take this request as it is. Please check what you entered, or call us at {phone}.",
  /** Neither sent nor kept anywhere but this page (storage full or blocked, and no answer). */
  keptInPage:
    "We could not send your request yet, and this browser cannot save it. Keep this page open and we will keep trying; or call us now at",
  success: {
    title: "Thank you!",
    description:
      "We've received your inquiry and will contact you within 24 hours with a cash offer.",
  },
  fallback: {
    title: "Form submitted!",
    description: "Thank you for your interest. We'll contact you soon about your property.",
  },
} as const;

/** The form's words in any language: the English above, or content/es/offer-form.ts. */
export type OfferFormCopy = Translation<typeof offerFormCopy>;
