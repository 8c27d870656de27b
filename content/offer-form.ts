/** The words of the offer form and its outcome toasts (SPEC §4, §8). */
export const offerFormCopy = {
  formLabel: "Free cash offer request",
  progressLabel: (step: number, total: number) => `Step ${step} of ${total}`,
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
      hint: "We'll email your written cash offer within 24 hours. No spam, no obligation.",
    },
  },
  addressLabel: "Property Address",
  addressPlaceholder: "123 Main St, Columbus, OH 43215",
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
  privacy: "Your details are only used to prepare your offer. We never sell them.",
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
