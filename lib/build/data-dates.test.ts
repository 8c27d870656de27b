import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { overlappingVersions, recheckDue } from "@/lib/build/data-dates";
import { LOCAL_TRANSFER_TAX_FILE } from "@/lib/build/transfer-taxes";
import { comingChanges, dueWarning, scheduleInWords } from "@/lib/build/tax-versions";
import { inForce, type TransferTax } from "@/lib/net-proceeds";

const tax = (fields: Partial<TransferTax>): TransferTax => ({
  name: "City transfer tax",
  method: "tiered-whole",
  schedule: [{ from: 0, rate: 0.015 }],
  sellerShare: 0.5,
  paidBy: "Split between buyer and seller.",
  ...fields,
});

describe("versions in force by date", () => {
  const old = tax({ inForceUntil: "2027-01-01" });
  const next = tax({ inForceFrom: "2027-01-01", schedule: [{ from: 0, rate: 0.03 }] });

  it("uses the old version until the day before the change and the new one from that day", () => {
    expect(inForce([old, next], "2026-12-31")).toEqual([old]);
    expect(inForce([old, next], "2027-01-01")).toEqual([next]);
    expect(inForce([tax({})], "1999-01-01")).toHaveLength(1);
  });

  it("finds versions of one tax in force on the same days, and only those", () => {
    expect(overlappingVersions([old, next])).toEqual([]);
    expect(overlappingVersions([tax({}), next])).toEqual([
      "City transfer tax: two versions in force on the same days (always to 9999-12-31 and 2027-01-01 to 9999-12-31)",
    ]);
    expect(overlappingVersions([tax({}), { ...next, name: "County tax" }])).toEqual([]);
    expect(
      overlappingVersions([tax({ inForceFrom: "2027-01-01", inForceUntil: "2026-01-01" })]),
    ).toHaveLength(1);
  });
});

describe("when a row is due to be read again", () => {
  it("counts a year, two years, or to the next adjustment of the figure it states", () => {
    expect(recheckDue({ checked: "2026-11-29", recheck: "yearly" })).toBe("2027-11-29");
    expect(recheckDue({ checked: "2026-11-29", recheck: "statute" })).toBe("2028-11-29");
    const indexed = { checked: "2026-11-29", recheck: "indexed" as const, indexedOn: "07-01" };
    expect(recheckDue(indexed)).toBe("2027-07-01");
    // Last July's thresholds, read in November: due on this July 1, already past.
    expect(recheckDue(indexed, ["2025-07-01"])).toBe("2026-07-01");
  });

  it("is due on the day an enacted change takes effect, if that comes first", () => {
    expect(recheckDue({ checked: "2026-11-29", recheck: "statute" }, ["2027-01-01"])).toBe(
      "2027-01-01",
    );
  });

  it("says so beside the figure once the day has passed, in plain words", () => {
    const row = { checked: "2026-11-29", recheck: "yearly" as const, taxes: [tax({})] };
    expect(dueWarning(row, "2027-11-28")).toBeNull();
    expect(dueWarning(row, "2027-11-29")).toBe(
      "Due for a re-check: we last read these figures on November 29, 2026, and the rate may change every year; confirm it with the source or your closing agent before you rely on it.",
    );
  });
});

describe("the change still to come, named on the page", () => {
  it("names the day and the new rates in words", () => {
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
    expect(comingChanges([tax({ inForceUntil: "2027-01-01" }), measureW], "2026-11-29")).toEqual([
      "From January 1, 2027: Berkeley real property transfer tax, 1.5% below $1,600,000, 2.5% from $1,600,000, 3% from $1,900,000, 3.5% from $3,000,000, of the whole price.",
    ]);
    expect(comingChanges([measureW], "2027-01-01")).toEqual([]);
    expect(scheduleInWords(tax({ method: "marginal" }))).toBe(
      "1.5%, each part of the price at its rate",
    );
  });
});

describe("npm run check:data", () => {
  const run = (...args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", "scripts/check-data.ts", ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });

  it("prints what is due, uncertain and unofficial, by state, without failing", () => {
    const report = run("--today", "2026-11-29");
    expect(report).toMatch(/^# The data's dates on 2026-11-29/);
    // Los Angeles' ULA thresholds from July 2025: due since July 1, 2026.
    expect(report).toMatch(
      /## California\n\n- \*\*Due 2026-07-01\*\*: Local taxes: City of Los Angeles: read 2026-11-29/,
    );
    expect(report).toMatch(/- Uncertain: Local taxes: Berkeley: Berkeley resets its thresholds/);
    expect(report).toMatch(/- Not official: Local taxes: Berkeley: Ballot Watchdog/);
    // A year on, every local rate read this month is due.
    expect(run("--today", "2027-12-01")).toMatch(
      /\*\*Due 2027-11-29\*\*: Local taxes: Ross County/,
    );
  });

  it("fails on a fixture whose two versions of one tax overlap", () => {
    const data = JSON.parse(readFileSync(LOCAL_TRANSFER_TAX_FILE, "utf8")) as {
      states: { california: { choices: { id: string; taxes: { inForceUntil?: string }[] }[] } };
    };
    const berkeley = data.states.california.choices.find((choice) => choice.id === "berkeley")!;
    // The 2026 rates without their end: in force on the same days as Measure W's.
    delete berkeley.taxes[1]!.inForceUntil;
    const fixture = path.join(mkdtempSync(path.join(tmpdir(), "check-data-")), "local.json");
    writeFileSync(fixture, JSON.stringify(data));
    expect(() => run("--local", fixture)).toThrow(
      /Berkeley.*Berkeley real property transfer tax: two versions in force on the same days/,
    );
  });
});
