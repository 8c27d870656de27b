import {
  addressProblem,
  buildOfferPayload,
  canAdvance,
  canSubmit,
  emailProblem,
  initialWizardState,
  newLeadId,
  phoneProblem,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from "@/lib/browser/offer-wizard";
import { FIELD_MESSAGES_ES } from "@/supabase/functions/_shared/contract/field-messages-es.ts";

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, initialWizardState);
}

const address: WizardAction = { type: "edit", field: "address", value: "12 Elm St, Columbus, OH" };
const good: WizardAction = { type: "choose-condition", condition: "Good" };

describe("offer wizard steps", () => {
  it("starts at step 1 with an empty draft and the call request off", () => {
    expect(initialWizardState.step).toBe(1);
    expect(initialWizardState.draft).toEqual({
      address: "",
      condition: null,
      email: "",
      phone: "",
      callRequested: false,
      textsConsent: false,
    });
  });

  it.each(["", "   ", "\t\n", "\u00a0\u200b\u2060", "\ufeff\u3000"])(
    "does not leave step 1 while the address is %j",
    (value) => {
      const state = run({ type: "edit", field: "address", value }, { type: "next" });
      expect(canAdvance({ ...state, step: 1 })).toBe(false);
      expect(state.step).toBe(1);
    },
  );

  it("goes to step 2 once an address is typed, and needs a condition for step 3", () => {
    const atTwo = run(address, { type: "next" });
    expect(atTwo.step).toBe(2);
    expect(canAdvance(atTwo)).toBe(false);
    expect(run(address, { type: "next" }, { type: "next" }).step).toBe(2);
    expect(run(address, { type: "next" }, good, { type: "next" }).step).toBe(3);
  });

  it("never goes past step 3 nor below step 1", () => {
    const atThree = run(address, { type: "next" }, good, { type: "next" }, { type: "next" });
    expect(atThree.step).toBe(3);
    const back = run(
      address,
      { type: "next" },
      { type: "back" },
      { type: "back" },
      { type: "back" },
    );
    expect(back.step).toBe(1);
  });

  it("ignores a delayed advance once the visitor has left that step", () => {
    const backAtOne = run(address, { type: "next" }, good, { type: "back" });
    expect(wizardReducer(backAtOne, { type: "next", from: 2 }).step).toBe(1);
    const stillAtTwo = run(address, { type: "next" }, good);
    expect(wizardReducer(stillAtTwo, { type: "next", from: 2 }).step).toBe(3);
  });

  it("keeps what was typed when going back", () => {
    const state = run(address, { type: "next" }, good, { type: "back" });
    expect(state.draft.address).toBe("12 Elm St, Columbus, OH");
    expect(state.draft.condition).toBe("Good");
  });
});

describe("offer wizard submit", () => {
  const atThree = run(address, { type: "next" }, good, { type: "next" });

  it.each(["", "  "])("cannot submit while the email is %j", (email) => {
    const state = wizardReducer(atThree, { type: "edit", field: "email", value: email });
    expect(canSubmit(state)).toBe(false);
    expect(wizardReducer(state, { type: "send" }).sending).toBe(false);
  });

  it("marks the form as sending once, and not again while it sends", () => {
    const ready = wizardReducer(atThree, {
      type: "edit",
      field: "email",
      value: "ann@example.com",
    });
    expect(canSubmit(ready)).toBe(true);
    const sending = wizardReducer(ready, { type: "send" });
    expect(sending.sending).toBe(true);
    expect(canSubmit(sending)).toBe(false);
  });

  it("resets to step 1 with the data cleared and the call request off", () => {
    const filled = run(
      address,
      { type: "next" },
      good,
      { type: "next" },
      { type: "edit", field: "email", value: "ann@example.com" },
      { type: "toggle-call" },
      { type: "edit", field: "phone", value: "614-555-0100" },
      { type: "send" },
      { type: "reset" },
    );
    expect(filled).toEqual(initialWizardState);
  });

  it.each([
    ["ann@example.com", null],
    ["  ann.lee+offers@mail.example.co.uk ", null],
    ["ann@gmail", "Enter a valid email address, like name@example.com."],
    ["ann example.com", "Enter a valid email address, like name@example.com."],
    ["a b@example.com", "Enter a valid email address, like name@example.com."],
  ])("checks the email %j", (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
  });

  it("says what the function would say about invisible characters, before anything is sent", () => {
    expect(emailProblem("ann\u202e@example.com")).toBe(
      "Remove the invisible text-direction character (U+202E).",
    );
    expect(addressProblem(" 12 Elm St ")).toBeNull();
    expect(addressProblem("\u00a0\u200b")).toBe("Enter the property address.");
    expect(addressProblem("12 Elm\u001b St")).toBe(
      "Remove the invisible control character (U+001B).",
    );
    expect(phoneProblem("614\u0000555")).toBe("Remove the invisible control character (U+0000).");
    expect(phoneProblem(" 614-555-0100 ")).toBeNull();
  });

  it("holds every field to the function's limits, so autofill past maxlength is caught before sending", () => {
    expect(addressProblem("a".repeat(300))).toBeNull();
    expect(addressProblem(`${"a".repeat(301)} `)).toBe("Use at most 300 characters. This has 301.");
    expect(emailProblem(`${"a".repeat(250)}@b.com`)).toBe(
      "Use at most 254 characters. This has 256.",
    );
    expect(phoneProblem("5".repeat(41))).toBe("Use at most 40 characters. This has 41.");
  });

  it("speaks the catalogue a Spanish page passes, and English without one", () => {
    const es = FIELD_MESSAGES_ES;
    expect(addressProblem("\u00a0", es)).toBe("Escriba la dirección de la propiedad.");
    expect(addressProblem(`${"a".repeat(301)}`, es)).toBe(
      "Use como máximo 300 caracteres. Este tiene 301.",
    );
    expect(emailProblem("ana@gmail", es)).toBe(
      "Escriba un correo electrónico válido, como nombre@ejemplo.com.",
    );
    expect(phoneProblem("614\u0000555", es)).toBe(
      "Quite el carácter de control invisible (U+0000).",
    );
    expect(addressProblem("12 Elm\u202e St", es)).toBe(
      "Quite el carácter invisible de dirección del texto (U+202E).",
    );
    expect(emailProblem("ana@gmail")).toBe("Enter a valid email address, like name@example.com.");
  });

  it("takes over what was typed before the script ran, and the step the visitor reached", () => {
    const typed = { ...initialWizardState.draft, address: "9 Oak", condition: "Fair" as const };
    expect(run({ type: "adopt", draft: typed, step: 3 })).toMatchObject({ step: 3, draft: typed });
  });

  it("ticks and unticks the separate box for texts", () => {
    expect(run({ type: "toggle-texts" }).draft.textsConsent).toBe(true);
    expect(run({ type: "toggle-texts" }, { type: "toggle-texts" }).draft.textsConsent).toBe(false);
  });
});

describe("newLeadId", () => {
  const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("makes distinct v4 UUIDs, also where randomUUID is missing", () => {
    expect(newLeadId()).toMatch(v4);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newLeadId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(v4);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true });
    }
  });
});

describe("offer payload", () => {
  const draft = {
    address: "  12 Elm St, Columbus, OH ",
    condition: "Needs Work" as const,
    email: " ann@example.com ",
    phone: " 614-555-0100 ",
    callRequested: true,
    textsConsent: true,
  };
  const context = {
    id: "0b6a3c9e-6a57-4f51-9a57-2f0c1f1f6f10",
    source: "/",
    pageUrl: "https://quickhomebuyers.com/?utm_source=x",
    honeypot: "",
    elapsedMs: 12345.6,
    wording: { version: "2026-11-25", shown: "a".repeat(64) },
    at: "2026-11-25T14:03:11.201Z",
    gpc: false,
  };

  it("sends address, condition, email and phone, trimmed, with the consent shown, without state on the home page", () => {
    const payload = buildOfferPayload(draft, context);
    expect(payload).toEqual({
      id: context.id,
      address: "12 Elm St, Columbus, OH",
      condition: "Needs Work",
      email: "ann@example.com",
      phone: "614-555-0100",
      source: "/",
      pageUrl: "https://quickhomebuyers.com/?utm_source=x",
      website: "",
      elapsedMs: 12346,
      consent: {
        version: "2026-11-25",
        at: "2026-11-25T14:03:11.201Z",
        calls: true,
        texts: true,
        gpc: false,
        shown: "a".repeat(64),
      },
    });
    expect(payload).not.toHaveProperty("state");
  });

  it("adds the state name on state pages", () => {
    const payload = buildOfferPayload(draft, {
      ...context,
      state: "Ohio",
      source: "/sell-house-fast-ohio",
    });
    expect(payload.state).toBe("Ohio");
    expect(payload.source).toBe("/sell-house-fast-ohio");
  });

  it("drops the phone, and with it the call and text consent, when no call was requested", () => {
    const payload = buildOfferPayload({ ...draft, callRequested: false }, context);
    expect(payload.phone).toBe("");
    expect(payload.consent).toMatchObject({ calls: false, texts: false });
  });

  it("adds where the visit came from as the browser kept it", () => {
    const first = {
      landing_page: "/blog",
      at: "2026-11-20T09:00:00.000Z",
      referrer: "https://www.google.com",
    };
    const last = { landing_page: "/", at: "2026-11-23T14:00:00.000Z", utm_source: "newsletter" };
    const payload = buildOfferPayload(draft, { ...context, attribution: { first, last } });
    expect(payload.attribution).toEqual({ first, last });
    expect(buildOfferPayload(draft, context)).not.toHaveProperty("attribution");
  });

  it("says the page's language when it is not English", () => {
    expect(buildOfferPayload(draft, { ...context, language: "es" })).toMatchObject({
      language: "es",
    });
    expect(buildOfferPayload(draft, context)).not.toHaveProperty("language");
  });

  it("refuses to build a payload without a condition", () => {
    expect(() => buildOfferPayload({ ...draft, condition: null }, context)).toThrow(/condition/);
  });
});
