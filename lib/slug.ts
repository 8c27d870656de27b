/**
 * Lowercase words joined by hyphens, punctuation dropped: "New Hampshire" -> "new-hampshire",
 * "Estate Sales" -> "estate-sales", "Who we are" -> "who-we-are".
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}
