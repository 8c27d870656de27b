/**
 * Lowercase words joined by hyphens, punctuation dropped and accents taken off their letters:
 * "New Hampshire" -> "new-hampshire", "Who we are" -> "who-we-are", "Nuevo México" ->
 * "nuevo-mexico", "¿Qué recogemos?" -> "que-recogemos".
 */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}
