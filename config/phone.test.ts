import { typedPhoneDisplay, usPhoneDigits } from "@/config/phone";

describe("typedPhoneDisplay", () => {
  it("writes a US number the site's way, however it was typed", () => {
    for (const typed of [
      "713-555-0142",
      "7135550142",
      "713.555.0142",
      "+1 (713) 555-0142",
      "1 713 555 0142",
    ]) {
      expect(typedPhoneDisplay(typed)).toBe("(713) 555-0142");
    }
  });

  it("leaves anything else as typed: an extension, a number from elsewhere, a short one", () => {
    expect(typedPhoneDisplay("713-555-0142 ext. 12")).toBe("713-555-0142 ext. 12");
    expect(typedPhoneDisplay("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(typedPhoneDisplay("0412 345 678")).toBe("0412 345 678");
    expect(typedPhoneDisplay(" 555-0142 ")).toBe("555-0142");
  });
});

describe("usPhoneDigits", () => {
  it("takes only numbers whose area code and exchange start with 2 to 9", () => {
    expect(usPhoneDigits("(614) 555-0142")).toBe("6145550142");
    expect(usPhoneDigits("(123) 555-0142")).toBeNull();
    expect(usPhoneDigits("(614) 155-0142")).toBeNull();
  });
});
