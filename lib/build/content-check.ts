import type { z } from "zod";

/**
 * Parses build-time content with its schema, or stops the build with one message
 * that says whose content it is and lists every problem in it.
 */
export function parseContent<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
  whose: string,
): z.output<Schema> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `${issue.path.join(".") || "(whole)"}: ${issue.message}`)
    .join("; ");
  throw new Error(`${whose}: ${problems}`);
}
