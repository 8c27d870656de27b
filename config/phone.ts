/**
 * The ten digits of a US number written any common way ("614.555.0199", "+1 (614) 555-0199"),
 * or null when it is not one: a North American number's area code and exchange start with 2
 * to 9, so a number from elsewhere, or one with an extension, is not taken for one.
 */
export function usPhoneDigits(value: string): string | null {
  const digits = value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** Ten US digits as the site writes a number: (614) 555-0199. */
export function usPhoneDisplay(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A number the visitor typed, written the site's way when it is a US one, else as typed. */
export function typedPhoneDisplay(value: string): string {
  const digits = usPhoneDigits(value);
  return digits ? usPhoneDisplay(digits) : value.trim();
}
