/**
 * What the offer form and the function say of a field the visitor typed, each message under a
 * stable key, in English: the built-in catalogue, which every page's script carries. Other
 * languages are catalogues of the same keys in files of their own (field-messages-es.ts), which
 * no page's script imports: a Spanish page's build passes its catalogue to the form as props,
 * and the function picks one by the request's language. Plain strings, so a catalogue is plain
 * data a server component can hand to the browser; "{name}" stands for a value filled in by
 * fieldMessage.
 */
export type FieldMessageKey =
  | "addressBlank"
  | "emailInvalid"
  | "emailExample"
  | "phoneOneNumber"
  | "phoneText"
  | "tooLong"
  | "tooLongNow"
  | "controlCharacter"
  | "directionCharacter"
  | "brokenCharacter"
  | "conditionChoice"
  | "stateChoice";

export type FieldMessages = Readonly<Record<FieldMessageKey, string>>;

/** The keys the form says itself, before sending: the only ones a page's script carries. */
export type FormMessageKey =
  | "addressBlank"
  | "emailExample"
  | "tooLongNow"
  | "controlCharacter"
  | "directionCharacter"
  | "brokenCharacter";

export type FormMessages = Readonly<Record<FormMessageKey, string>>;

/** The English the browser's form says (lib/browser/offer-wizard.ts, textProblem). */
export const FORM_MESSAGES: FormMessages = {
  addressBlank: "Enter the property address.",
  emailExample: "Enter a valid email address, like name@example.com.",
  tooLongNow: "Use at most {max} characters. This has {length}.",
  controlCharacter: "Remove the invisible control character ({code}).",
  directionCharacter: "Remove the invisible text-direction character ({code}).",
  brokenCharacter: "Remove the broken character ({code}).",
};

/** What only the function says of a field: by itself, so no page's script carries it. */
export const PHONE_ONE_NUMBER =
  'Enter one phone number. A note beside it, such as "cell" or "ext 2", is fine; a second number or a link is not.';

/**
 * The whole English catalogue, for the function and the server: the form's, and the rest.
 * Marked pure, so a page's bundle that never reads it leaves it out.
 */
export const FIELD_MESSAGES: FieldMessages = /* @__PURE__ */ Object.assign({}, FORM_MESSAGES, {
  emailInvalid: "Enter a valid email address.",
  phoneOneNumber: PHONE_ONE_NUMBER,
  phoneText: "Enter the phone number as text.",
  tooLong: "Use at most {max} characters.",
  conditionChoice: "Choose one of: {choices}.",
  stateChoice: 'Choose one of the 50 US states by name, e.g. "Ohio".',
});

/** The message under `key`, each "{name}" replaced by its value. */
export function fieldMessage<Key extends FieldMessageKey>(
  messages: Readonly<Record<Key, string>>,
  key: Key,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
