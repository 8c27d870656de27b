import type { LeadRow } from "../supabase/functions/_shared/lead-store.ts";
import { formatLeadsTable } from "./leads-table.ts";

const row: LeadRow = {
  id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  created_at: "2026-11-21T19:08:23.759Z",
  address: "12 Oak St\nApt 3",
  condition: "Fair",
  email: "pat@example.com",
  phone: null,
  state: "Ohio",
  source: "/sell-house-fast-ohio",
  notified_at: null,
};

describe("formatLeadsTable", () => {
  it("says so when there are no leads", () => {
    expect(formatLeadsTable([])).toBe("No leads yet.");
  });

  it("prints one aligned line per lead under a header, and a count", () => {
    const long = {
      ...row,
      address: "x".repeat(60),
      phone: "555-0100",
      notified_at: "2026-11-21T19:08:24.000Z",
    };
    expect(formatLeadsTable([row, long]).split("\n")).toEqual([
      "Received (UTC)    Address                                   Condition  Email            Phone     State  Page                   E-mailed",
      "----------------  ----------------------------------------  ---------  ---------------  --------  -----  ---------------------  --------",
      "2026-11-21 19:08  12 Oak St Apt 3                           Fair       pat@example.com  -         Ohio   /sell-house-fast-ohio  no",
      `2026-11-21 19:08  ${"x".repeat(39)}…  Fair       pat@example.com  555-0100  Ohio   /sell-house-fast-ohio  yes`,
      "",
      "2 leads.",
    ]);
  });
});
