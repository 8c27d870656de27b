/**
 * A request body read no further than one chunk past `maxBytes`, whatever Content-Length
 * said: the bytes, or null once they pass it (then `stop` is called, and the rest is never
 * read). One reader for the function's Request and the local server's Node stream.
 */
export async function readBounded(
  chunks: { next(): Promise<{ done?: boolean; value?: Uint8Array }> },
  maxBytes: number,
  stop: () => unknown,
): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await chunks.next();
    if (done || value === undefined) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await stop();
      return null;
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
