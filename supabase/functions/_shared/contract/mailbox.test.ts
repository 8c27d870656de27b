import { mailboxDoubt, mailboxKey } from "./mailbox.ts";

describe("mailboxKey", () => {
  it.each([
    "victim@gmail.com",
    " Victim@Gmail.COM ",
    "victim@ｇｍａｉｌ.com",
    "victim@gｍail.com",
    "victim@gma\u034fil.com",
    "victim@gmail.co\u034fm",
    "vic\u200btim@gmail.com",
    "ｖｉｃｔｉｍ＠ｇｍａｉｌ．ｃｏｍ",
    "victim@gmail\u3002com",
    "victim@gmail.com\u3000",
    "victim+a@gmail.com",
    "victim+b@gmail.com",
    "v.ictim@gmail.com",
    "vi.c.t.im@gmail.com",
    "victim@googlemail.com",
    "V.ictim+offers@GoogleMail.com",
  ])("keys %j as the one Gmail mailbox", (email) => {
    expect(mailboxKey(email)).toBe("victim@gmail.com");
  });

  it("maps an international domain to the ASCII DNS knows, however it was typed", () => {
    expect(mailboxKey("owner@bücher.de")).toBe("owner@xn--bcher-kva.de");
    expect(mailboxKey("owner@xn--bcher-kva.de")).toBe("owner@xn--bcher-kva.de");
    expect(mailboxKey("Owner@BÜCHER.de")).toBe("owner@xn--bcher-kva.de");
    expect(mailboxKey("owner@bu\u0308cher.de")).toBe("owner@xn--bcher-kva.de");
    expect(mailboxKey("owner@пример.рф")).toBe("owner@xn--e1afmkfd.xn--p1ai");
  });

  it.each([
    ["pat+quotes@outlook.com", "pat@outlook.com"],
    ["pat+quotes@hotmail.co.uk", "pat@hotmail.co.uk"],
    ["pat+quotes@live.com", "pat@live.com"],
    ["pat+quotes@icloud.com", "pat@icloud.com"],
    ["pat+quotes@me.com", "pat@me.com"],
    ["pat+quotes@mac.com", "pat@mac.com"],
    ["pat-quotes@yahoo.com", "pat@yahoo.com"],
    ["pat@ya.ru", "pat@yandex.ru"],
    ["pat-a-b@yahoo.com", "pat@yahoo.com"],
  ])("applies the provider's rule to %j", (email, key) => {
    expect(mailboxKey(email)).toBe(key);
  });

  it.each([
    // Dots and +tags count everywhere else: a Workspace domain is not Gmail.
    ["a.b@example.com", "ab@example.com"],
    ["pat.lee@company.com", "patlee@company.com"],
    ["pat+a@example.com", "pat@example.com"],
    ["pat.lee@outlook.com", "patlee@outlook.com"],
    // Different mailboxes of one provider, and one name at different providers.
    ["victim@gmail.com", "victim2@gmail.com"],
    ["victim@gmail.com", "victim@outlook.com"],
    ["pat-lee@outlook.com", "pat@outlook.com"],
    // A look-alike domain is another domain.
    ["victim@gmail.com", "victim@gmаil.com"],
    ["owner@bücher.de", "owner@bucher.de"],
  ])("keeps %j and %j apart", (one, other) => {
    expect(mailboxKey(one)).not.toBe(mailboxKey(other));
  });

  it.each([
    "V.ictim+a@ｇｏｏｇｌｅmail.com",
    "Owner@BÜCHER.de",
    "a-b-c@yahoo.com",
    "pat+x@mac.com",
    "+tag@gmail.com",
    "a.b+c@example.com",
  ])("gives the key of %j as its own key", (email) => {
    expect(mailboxKey(mailboxKey(email))).toBe(mailboxKey(email));
  });

  it("keeps the dots of a name that would be empty without them, and a domain URLs would read otherwise", () => {
    expect(mailboxKey("+tag@gmail.com")).toBe("+tag@gmail.com");
    expect(mailboxKey("pat@gm%61il.com")).toBe("pat@gm%61il.com");
    expect(mailboxKey("pat@example.com/x")).toBe("pat@example.com/x");
    expect(mailboxKey("no-at-sign")).toBe("no-at-sign");
  });
});

describe("mailboxDoubt", () => {
  it.each([
    "pat@example.com",
    "victim@ｇｍａｉｌ.com",
    "owner@bücher.de",
    "owner@xn--bcher-kva.de",
    "owner@пример.рф",
    "owner@παράδειγμα.ελ",
    "owner@例え.テスト",
    "owner@도메인.한국",
    "owner@münchen-2024.de",
  ])("has none about %j", (email) => {
    expect(mailboxDoubt(email)).toBeNull();
  });

  it("names a domain mixing Latin and Cyrillic or Greek letters in one label", () => {
    expect(mailboxDoubt("victim@gmаil.com")).toBe(
      'The e-mail\'s domain gmаil.com (xn--gmil-63d.com) mixes Latin and Cyrillic letters in "gmаil", as an imitation of another address does.',
    );
    expect(mailboxDoubt("victim@gmαil.com")).toMatch(/mixes Latin and Greek letters in "gmαil"/);
    expect(mailboxDoubt("victim@ｇmаil.com")).toMatch(/mixes Latin and Cyrillic/);
  });

  it("names a Latin look-alike letter", () => {
    expect(mailboxDoubt("victim@ɡmail.com")).toBe(
      'The e-mail\'s domain ɡmail.com (xn--mail-z7b.com) has "ɡ" (U+0261), a letter that looks like a plain Latin one.',
    );
    expect(mailboxDoubt("pat@ıcloud.com")).toMatch(/"ı" \(U\+0131\)/);
  });

  it("names a label written only in another script's letters that look like Latin ones", () => {
    expect(mailboxDoubt("pat@аррӏе.com")).toMatch(
      /is written in Cyrillic letters that look like Latin ones \("аррӏе"\)/,
    );
    expect(mailboxDoubt("pat@ѕсоре.com")).toMatch(/Cyrillic letters that look like Latin/);
    // Under a Cyrillic top-level domain such a name is simply Russian.
    expect(mailboxDoubt("pat@сор.рф")).toBeNull();
  });
});
