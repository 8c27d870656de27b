/**
 * A template's "{name}"s filled in: "Step {step} of {total}" with { step: 1, total: 3 } ->
 * "Step 1 of 3". A name without a value stays as written.
 */
export function fillText(
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}
