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

export const FIELD_MESSAGES: FieldMessages = {
  addressBlank: "Enter the property address.",
  emailInvalid: "Enter a valid email address.",
  emailExample: "Enter a valid email address, like name@example.com.",
  phoneOneNumber:
    'Enter one phone number. A note beside it, such as "cell" or "ext 2", is fine; a second number or a link is not.',
  phoneText: "Enter the phone number as text.",
  tooLong: "Use at most {max} characters.",
  tooLongNow: "Use at most {max} characters. This has {length}.",
  controlCharacter: "Remove the invisible control character ({code}).",
  directionCharacter: "Remove the invisible text-direction character ({code}).",
  brokenCharacter: "Remove the broken character ({code}).",
  conditionChoice: "Choose one of: {choices}.",
  stateChoice: 'Choose one of the 50 US states by name, e.g. "Ohio".',
};

/** The message under `key`, each "{name}" replaced by its value. */
export function fieldMessage(
  messages: FieldMessages,
  key: FieldMessageKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return messages[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
