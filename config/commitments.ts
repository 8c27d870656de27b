/**
 * The numbers the business promises, as plain data with no environment behind them, so
 * the browser islands can state them too. config/site.ts carries them for the rest.
 */
export const COMMITMENTS = {
  offerWithinHours: 24,
  closeInDays: 7,
  averageCloseDays: 7,
  fees: "$0",
} as const;
