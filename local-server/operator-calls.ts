import type { PgliteLeadStore } from "./pglite-store.ts";
import type { ControlRequest } from "./store-lock.ts";

/**
 * What `npm run leads` may ask of the process holding the local store, by method name:
 * the operator's reads and writes, nothing else of the store (no claims of deliveries, no
 * purges) and nothing of the process.
 */
export const OPERATOR_METHODS = [
  "list",
  "checkIntegrity",
  "consent",
  "optOuts",
  "recordOptOut",
  "statusChanges",
  "recordStatus",
  "deliveries",
  "redeliver",
  "attempts",
] as const satisfies readonly (keyof PgliteLeadStore)[];

export type OperatorMethod = (typeof OPERATOR_METHODS)[number];
export type OperatorStore = Pick<PgliteLeadStore, OperatorMethod>;

function isOperatorMethod(method: string): method is OperatorMethod {
  return (OPERATOR_METHODS as readonly string[]).includes(method);
}

/** Runs one call from the CLI against the store this process holds. */
export async function answerOperator(store: OperatorStore, request: ControlRequest) {
  if (!isOperatorMethod(request.method)) {
    throw new Error(`"${request.method}" is not something npm run leads can ask.`);
  }
  const params = Array.isArray(request.params) ? request.params : [];
  return (store[request.method] as (...args: unknown[]) => Promise<unknown>)(...params);
}
