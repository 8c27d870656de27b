import { sha256Hex } from "./disclosures.ts";

/**
 * Whether two secrets (a bearer token, a signature) are equal, comparing their digests, so
 * the time taken says nothing about how much of the secret matched.
 */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256Hex(given), sha256Hex(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  }
  return difference === 0;
}
