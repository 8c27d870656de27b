import { PHONE_ONE_NUMBER } from "./lead-rules.ts";
import {
  addressContents,
  addressLeftOutBecause,
  addressToRepeat,
  phoneFieldProblem,
  phoneToRepeat,
  textableNumber,
} from "./repeatable.ts";

/** What an attacker typed to reach a stranger from the company's name (issue 41). */
const ATTACKER_ADDRESS =
  "https://evil.example/c call (900) 555-0199 … verify your bank at https://evil.example/verify";
const ATTACKER_PHONE = "(614) 555-0123 or (900) 555-0199";

describe("addressToRepeat", () => {
  it.each([
    "123 Main St, Columbus, OH 43215",
    "123 Main St, Columbus, OH 43215-1234",
    "4500 N High St Apt 1201, Columbus OH 43214",
    "Unit 12 43215-1234",
    "P.O. Box 1234567, Anchorage AK 99501",
    "12 O'Brien Rd. #4, St. Louis, MO",
    "N.E. 5th Ave & 3rd St (rear house)",
    "1600 Pennsylvania Ave NW, Washington, DC 20500",
    "12 Calle Sol, San Juan, PR 00901",
  ])("repeats the street address %j", (address) => {
    expect(addressContents(address)).toEqual([]);
    expect(addressToRepeat(address)).toBe(address);
    expect(addressLeftOutBecause(address)).toBeNull();
  });

  it.each<[string, string[]]>([
    [ATTACKER_ADDRESS, ["a URL", "a phone number"]],
    ["12 Oak St evil.example/verify", ["a URL"]],
    ["12 Oak St, see bit.ly", ["a URL"]],
    ["12 Oak St www.evil", ["a URL"]],
    ["12 Oak St javascript:alert(1)", ["a URL"]],
    // Full-width letters and an invisible space read as what they show.
    ["12 Oak St ｅｖｉｌ．ｃｏｍ", ["a URL"]],
    ["12 Oak St evil\u200b.com", ["a URL"]],
    ["12 Oak St, write to claims@evil.example", ["an e-mail address"]],
    ["12 Oak St, write to claims＠evil", ["an e-mail address"]],
    ["12 Oak St, call 614-555-0199", ["a phone number"]],
    ["12 Oak St, call 6145550199", ["a phone number"]],
    ["12 Oak St, call 555-0199", ["a phone number"]],
    ["12 Oak St, call 1-900-EVIL-NOW", ["a phone number"]],
    ["12 Oak St, call +44 20 7946 0958", ["a phone number"]],
    ["12 Oak St <b>urgent</b>", ["markup"]],
    ["12 Oak St [claim your refund](x)", ["markup"]],
  ])("leaves out %j, which holds %j", (address, contents) => {
    expect(addressContents(address)).toEqual(contents);
    expect(addressToRepeat(address)).toBeNull();
  });

  it("says why, in words for the team", () => {
    expect(addressLeftOutBecause(ATTACKER_ADDRESS)).toBe("it contains a URL and a phone number");
    expect(addressLeftOutBecause('<a href="https://evil.example">pat@evil.example</a>')).toBe(
      "it contains a URL, an e-mail address and markup",
    );
  });
});

describe("phoneFieldProblem", () => {
  it.each([
    "(614) 555-0123",
    "614-555-0177 ext 2",
    "(614) 555-0142 cell",
    "call 614 555 0123 after 5pm",
    "614.555.0123 (mobile) 9am-5pm",
    "+44 20 7946 0958",
    // No number at all: the team reads it; nothing of it reaches the homeowner.
    "call me",
    "n/a",
  ])("takes %j", (phone) => {
    expect(phoneFieldProblem(phone)).toBeNull();
  });

  it.each([
    ATTACKER_PHONE,
    "614-555-0123 / 555-0199",
    "6145550123 9005550199",
    "(614) 555-0123 or (611) 555-0199",
    "614 555 0123 https://evil.example",
    "614 555 0123 evil.example",
  ])("refuses %j: a second number or a link", (phone) => {
    expect(phoneFieldProblem(phone)).toBe(PHONE_ONE_NUMBER);
  });
});

describe("phoneToRepeat", () => {
  it.each([
    ["(614) 555-0123", "(614) 555-0123"],
    ["614.555.0100 cell", "(614) 555-0100"],
    ["+1 614 555 0100", "(614) 555-0100"],
    ["１６１４５５５０１２３", "(614) 555-0123"],
    // The extension's digits are left out.
    ["614-555-0177 ext 2", "(614) 555-0177"],
    ["+1 787 555 0123", "(787) 555-0123"],
  ])("writes %j the site's way: %j", (phone, shown) => {
    expect(phoneToRepeat(phone)).toBe(shown);
  });

  it.each([
    ATTACKER_PHONE,
    "(900) 555-0199",
    "1-800-555-0199",
    "(500) 234-5678",
    "(416) 555-0123",
    "+44 20 7946 0958",
    "(611) 555-0123",
    "call me",
  ])("repeats nothing of %j", (phone) => {
    expect(phoneToRepeat(phone)).toBeNull();
  });

  it("repeats nothing when no phone was given", () => {
    expect(phoneToRepeat(null)).toBeNull();
  });
});

describe("textableNumber", () => {
  it.each([
    ["(614) 555-0123", "+16145550123"],
    ["(614) 555-0142 cell", "+16145550142"],
    ["+1 (787) 555-0123", "+17875550123"],
    ["+1 671 555 0123", "+16715550123"],
    ["+1 340 776 1234", "+13407761234"],
    ["+1 684 733 1234", "+16847331234"],
    ["+1 670 555 0123", "+16705550123"],
  ])("texts %j at %j", (phone, e164) => {
    expect(textableNumber(phone)).toEqual({ e164 });
  });

  it.each([
    ["(900) 555-0199", "(900) 555-0199 is a premium-rate number"],
    [
      "1-800-555-0199",
      "(800) 555-0199 is toll-free, and many toll-free numbers are landlines or call centres",
    ],
    [
      "(833) 234-5678",
      "(833) 234-5678 is toll-free, and many toll-free numbers are landlines or call centres",
    ],
    ["+44 20 7946 0958", "+44 20 7946 0958 is outside the US and its territories"],
    ["(416) 555-0123", "(416) 555-0123 is outside the US and its territories"],
    ["(876) 555-0123", "(876) 555-0123 is outside the US and its territories"],
    ["(500) 234-5678", "(500) 234-5678 is not a mobile-capable number (personal number)"],
    [
      "614-555-0177 ext 2",
      "(614) 555-0177 was given with an extension, a desk phone that takes no texts",
    ],
    [ATTACKER_PHONE, "the phone field holds more than one number"],
    ["614 555 0123 evil.example", "the phone field holds a link"],
    ["(611) 555-0123", "the phone field holds no valid phone number"],
    ["call me", "the phone field holds no valid phone number"],
  ])("texts nothing to %j: %s", (phone, refused) => {
    expect(textableNumber(phone)).toEqual({ refused });
  });
});
