import type { OptOut, StatusChange } from "../supabase/functions/_shared/store/rows.ts";
import { leadRowFixture } from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { selectConversions } from "./ad-conversions.ts";
import { withRecords } from "./listed-leads.ts";

const optOut = (overrides: Partial<OptOut>): OptOut => ({
  id: 1,
  contact: "+16145550177",
  channel: "sharing",
  action: "opt_out",
  recorded_at: "2026-11-22T10:00:00.000Z",
  note: null,
  ...overrides,
});

describe("withRecords", () => {
  it("matches an opt-out to a phone however the homeowner typed it, extension and words included", () => {
    const leads = ["614-555-0177 ext 2", "(614) 555-0177 cell", "+1 614 555 0177"].map(
      (phone, index) =>
        leadRowFixture({
          id: `0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5${index}`,
          phone,
          gclid: `Cj0Kabc${index}`,
        }),
    );
    const listed = withRecords(leads, [], [optOut({ contact: "+16145550177" })]);
    expect(listed.map((lead) => [lead.no_sharing, lead.opt_outs])).toEqual([
      [true, ["sharing 2026-11-22"]],
      [true, ["sharing 2026-11-22"]],
      [true, ["sharing 2026-11-22"]],
    ]);

    // So none of them reaches an ad platform's file.
    const changes: StatusChange[] = leads.map((lead, index) => ({
      id: index + 1,
      lead_id: lead.id,
      status: "closed",
      value: 100_000,
      currency: "USD",
      note: null,
      changed_at: "2026-11-23T10:00:00.000Z",
    }));
    const { conversions, leftOut } = selectConversions(listed, changes, {
      status: "closed",
      since: null,
    });
    expect(conversions).toEqual([]);
    expect(leftOut.optedOut).toBe(3);
  });

  it("takes START after STOP as texts allowed again, but not what an opt-out of all stopped", () => {
    const [lead] = withRecords(
      [leadRowFixture({ phone: "(614) 555-0177" })],
      [],
      [
        optOut({ id: 1, channel: "all", recorded_at: "2026-11-20T10:00:00.000Z" }),
        optOut({
          id: 2,
          channel: "texts",
          action: "opt_in",
          recorded_at: "2026-11-21T10:00:00.000Z",
        }),
      ],
    );
    expect(lead?.opt_outs).toEqual(["calls 2026-11-20", "email 2026-11-20", "sharing 2026-11-20"]);
    expect(lead?.no_sharing).toBe(true);
  });
});
