/** "Results for a house in {state}" with { state: "Ohio" } -> "Results for a house in Ohio". */
export function fillText(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
