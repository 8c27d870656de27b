import { bodyFormat, readBody, readText } from "./read-body.ts";

const FUNCTION_URL = "https://project.supabase.co/functions/v1/send-contact-email";
const request = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(FUNCTION_URL, { method: "POST", headers, body });

describe("bodyFormat", () => {
  it.each<[string | undefined, "script" | "form" | null]>([
    ["application/json", "script"],
    ["Application/JSON; charset=utf-8", "script"],
    ["application/x-www-form-urlencoded", "form"],
    ["text/plain", null],
    ["multipart/form-data; boundary=x", null],
    [undefined, null],
  ])("reads %s as %s", (contentType, via) => {
    const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
    expect(bodyFormat(new Request(FUNCTION_URL, { headers }))).toBe(via);
  });
});

describe("readBody", () => {
  it("parses JSON, and the form's fields as the request the script would send", async () => {
    expect(await readBody(request('{"address":"1 Elm St"}'), "script", 100)).toEqual({
      raw: { address: "1 Elm St" },
    });
    const form = await readBody(request("address=1+Elm+St&condition=Good"), "form", 100);
    expect(form).toMatchObject({ raw: { address: "1 Elm St", condition: "Good" } });
  });

  it.each<[string, Request, number, string]>([
    [
      "a Content-Length past the bound, unread",
      request("{}", { "content-length": "101" }),
      100,
      "tooLarge",
    ],
    ["a body past the bound", request(`"${"a".repeat(200)}"`), 100, "tooLarge"],
    ["broken JSON", request('{"id": "'), 100, "brokenJson"],
    ["an empty body", request(""), 100, "brokenJson"],
    ["bytes that are not UTF-8", request(new Uint8Array([0x22, 0xff, 0x22])), 100, "brokenJson"],
    ["an array", request("[]"), 100, "notObject"],
    ["null", request("null"), 100, "notObject"],
  ])("refuses %s", async (_case, body, maxBytes, problem) => {
    expect(await readBody(body, "script", maxBytes)).toEqual({ problem });
  });

  it("names the form field whose escapes are not UTF-8", async () => {
    expect(await readBody(request("address=77+High+St%FF"), "form", 100)).toEqual({
      problem: "encoding",
      field: "address",
      message: "address: The characters sent in this field could not be read. Type it again.",
    });
  });
});

describe("readText", () => {
  it("reads UTF-8 up to the bound, null past it, and nothing as empty text", async () => {
    expect(await readText(request("d\u00e9j\u00e0"), 6)).toBe("d\u00e9j\u00e0");
    expect(await readText(request("d\u00e9j\u00e0"), 5)).toBeNull();
    expect(await readText(new Request(FUNCTION_URL), 5)).toBe("");
  });

  it("throws on bytes that are not UTF-8", async () => {
    await expect(readText(request(new Uint8Array([0xc3])), 5)).rejects.toThrow();
  });
});
