import {
  TAX_DATE_WORDS,
  comingChanges,
  dueWarning,
  scheduleInWords,
} from "@/lib/build/tax-versions";
import type { TransferTax } from "@/lib/net-proceeds";

const tax = (extra: Partial<TransferTax>): TransferTax => ({
  name: "Transfer tax",
  method: "tiered-whole",
  schedule: [{ from: 0, rate: 0.015 }],
  sellerShare: 1,
  paidBy: "The seller.",
  ...extra,
});

const measureW = tax({
  name: "Berkeley real property transfer tax",
  inForceFrom: "2027-01-01",
  schedule: [
    { from: 0, rate: 0.015 },
    { from: 1600000, rate: 0.025 },
    { from: 1900000, rate: 0.03 },
    { from: 3000000, rate: 0.035 },
  ],
});

describe("the build's sentences about a row's dates, in Spanish", () => {
  const spanish = TAX_DATE_WORDS.es;

  it("name a change to come with a Spanish date and schedule, the tax's own name kept", () => {
    expect(
      comingChanges([tax({ inForceUntil: "2027-01-01" }), measureW], "2026-11-29", spanish),
    ).toEqual([
      "Desde el 1 de enero de 2027: Berkeley real property transfer tax, 1.5% por debajo de $1,600,000, 2.5% desde $1,600,000, 3% desde $1,900,000, 3.5% desde $3,000,000, sobre el precio total.",
    ]);
    expect(scheduleInWords(tax({ method: "marginal" }), spanish)).toBe(
      "1.5%, cada parte del precio a su propia tasa",
    );
  });

  it("say a figure is due for a re-check in Spanish", () => {
    const row = {
      checked: "2026-11-29",
      recheck: "indexed" as const,
      indexedOn: "07-01",
      taxes: [],
    };
    expect(dueWarning(row, "2027-07-01", spanish)).toBe(
      "Pendiente de revisión: leímos estas cifras por última vez el 29 de noviembre de 2026, y la tasa se ajusta cada año; confírmela con la fuente o con su agente de cierre antes de basarse en ella.",
    );
  });

  it("stay English where no language is named", () => {
    expect(comingChanges([measureW], "2026-11-29")).toEqual(
      comingChanges([measureW], "2026-11-29", TAX_DATE_WORDS.en),
    );
    expect(comingChanges([measureW], "2026-11-29")[0]).toMatch(/^From January 1, 2027: /);
  });
});
