/** A value that survives JSON.stringify and JSON.parse unchanged. */
export type Serializable =
  | null
  | boolean
  | number
  | string
  | readonly Serializable[]
  | { readonly [key: string]: Serializable };

/**
 * Throws, naming the path, at the first part of `value` that JSON would drop or change:
 * undefined, functions, symbols, NaN and Infinity, class instances (Date, Map, React
 * elements…). An island's props travel to the browser as JSON, so anything else would
 * reach it different from what the server rendered with.
 */
export function assertSerializable(value: unknown, path = "props"): asserts value is Serializable {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return;
    throw new Error(`${path} is ${value}, which JSON turns into null.`);
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertSerializable(item, `${path}[${index}]`));
    return;
  }
  if (typeof value === "object") {
    if ("$$typeof" in value) throw new Error(`${path} is a React element, not plain data.`);
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? "object";
      throw new Error(`${path} is a ${kind}, not plain data that JSON can carry.`);
    }
    for (const [key, item] of Object.entries(value)) assertSerializable(item, `${path}.${key}`);
    return;
  }
  throw new Error(
    `${path} is ${typeof value === "undefined" ? "undefined" : `a ${typeof value}`}, which JSON cannot carry.`,
  );
}
