import { sha256Hex } from "./disclosures.ts";

/**
 * A UUID of version 8 (RFC 9562: laid out by the application) from the SHA-256 of a text:
 * the same text, the same id.
 */
export async function uuidFromText(text: string): Promise<string> {
  const hex = [...(await sha256Hex(text)).slice(0, 32)];
  hex[12] = "8";
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const id = hex.join("");
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
