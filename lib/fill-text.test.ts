import { fillText } from "@/lib/fill-text";

describe("fillText", () => {
  it("fills each {name} with its value, numbers written as numbers", () => {
    expect(fillText("Step {step} of {total}", { step: 1, total: 3 })).toBe("Step 1 of 3");
    expect(fillText("Results for a house in {state}", { state: "Ohio" })).toBe(
      "Results for a house in Ohio",
    );
  });

  it("leaves a name it has no value for as written, and fills 0 and the empty text", () => {
    expect(fillText("Call {phone} or {email}", { phone: "(614) 555-0142" })).toBe(
      "Call (614) 555-0142 or {email}",
    );
    expect(fillText("{count} leads{suffix}", { count: 0, suffix: "" })).toBe("0 leads");
  });
});
