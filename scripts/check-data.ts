/**
 * npm run check:data: prints which figures are due for a re-check, which rows say they are
 * uncertain and which sources are not official, with their ages, grouped by state. It fails
 * only where the data cannot be used: a row with no source, or versions of one tax whose
 * days in force overlap (the build's own parsers refuse both). `--taxes`, `--local` and
 * `--today` read other files or another day, as the tests do.
 */
import { parseArgs } from "node:util";

import { dataReport } from "../lib/build/data-report.ts";
import { todayIso } from "../lib/build/data-dates.ts";
import { getForeclosureLaw, getSmallEstateLaw } from "../lib/build/state-law.ts";
import {
  LOCAL_TRANSFER_TAX_FILE,
  loadTransferTaxes,
  TRANSFER_TAX_FILE,
} from "../lib/build/transfer-taxes.ts";

const { values } = parseArgs({
  options: {
    taxes: { type: "string", default: TRANSFER_TAX_FILE },
    local: { type: "string", default: LOCAL_TRANSFER_TAX_FILE },
    today: { type: "string", default: todayIso() },
  },
});

try {
  const taxes = loadTransferTaxes(values.taxes, values.local);
  const report = dataReport(
    { taxes, foreclosure: getForeclosureLaw(), smallEstates: getSmallEstateLaw() },
    values.today,
  );
  console.log(report);
} catch (error) {
  console.error(`check:data: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
