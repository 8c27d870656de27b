import { contactKey, emailKey, leadContactKeys, parsePhone, phoneKey } from "./contacts.ts";

describe("phoneKey", () => {
  it.each([
    ["(614) 555-0142", "+16145550142"],
    ["614.555.0142", "+16145550142"],
    ["1-614-555-0142", "+16145550142"],
    ["+1 614 555 0142", "+16145550142"],
    ["614-555-0177 ext 2", "+16145550177"],
    ["(614) 555-0142 cell", "+16145550142"],
    ["(614) 555-0142 x12", "+16145550142"],
    ["call me on 614 555 0142 after 5", "+16145550142"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("reads %j as %j", (text, key) => {
    expect(phoneKey(text)).toBe(key);
  });

  it.each(["", "n/a", "555-0142", "1-800-FLOWERS", "+1 650"])("finds no number in %j", (text) => {
    expect(phoneKey(text)).toBeNull();
  });

  it("keeps the extension apart", () => {
    expect(parsePhone("614-555-0177 ext 2")).toEqual({ e164: "+16145550177", extension: "2" });
  });
});

describe("contactKey", () => {
  it("keys an e-mail by its mailbox and a phone in E.164, however it was typed", () => {
    expect(contactKey("  Pat@Example.COM ")).toBe("pat@example.com");
    expect(contactKey("optedout@ｇmail.com")).toBe("optedout@gmail.com");
    expect(contactKey("Opted.Out+stop@googlemail.com")).toBe("optedout@gmail.com");
    expect(contactKey("614-555-0177 ext 2")).toBe("+16145550177");
  });

  it("leaves Meta's e-mail as Meta hashes it: trimmed and lowercased only", () => {
    expect(emailKey(" Pat.Lee+x@Gmail.com")).toBe("pat.lee+x@gmail.com");
  });

  it("refuses what is neither, saying what it takes", () => {
    expect(() => contactKey("pat@")).toThrow('"pat@" is not an e-mail address.');
    expect(() => contactKey("call me")).toThrow(/is neither an e-mail address nor a phone number/);
  });

  it("gives a lead its e-mail's key and, when its phone reads as one, the phone's", () => {
    expect(leadContactKeys({ email: "Pat@Example.com", phone: "(614) 555-0142 cell" })).toEqual([
      "pat@example.com",
      "+16145550142",
    ]);
    expect(leadContactKeys({ email: "pat@example.com", phone: "ask for Sam" })).toEqual([
      "pat@example.com",
    ]);
    expect(leadContactKeys({ email: "p.at+a@ｇｍａｉｌ.com", phone: null })).toEqual([
      "pat@gmail.com",
    ]);
  });
});
