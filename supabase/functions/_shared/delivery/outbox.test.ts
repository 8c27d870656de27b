import { deliveryId, retryDelaySeconds } from "./outbox.ts";
import { uuidFromText } from "../contract/uuid.ts";

describe("retryDelaySeconds", () => {
  it("follows Standard Webhooks' example schedule, then once a day", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map(retryDelaySeconds)).toEqual([
      5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400, 86_400, 86_400,
    ]);
  });
});

describe("delivery ids", () => {
  it("are UUIDs of version 8, the same for the same delivery and different otherwise", async () => {
    const lead = "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b";
    const id = await deliveryId(lead, "webhook", "lead.created", "https://crm.example/hook");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await deliveryId(lead, "webhook", "lead.created", "https://crm.example/hook")).toBe(id);
    expect(
      await deliveryId(lead, "webhook", "lead.status_changed", "https://crm.example/hook", "7"),
    ).not.toBe(id);
    expect(await uuidFromText("a")).not.toBe(await uuidFromText("b"));
  });
});
