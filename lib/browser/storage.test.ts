/**
 * @jest-environment jsdom
 */
import { browserStorage } from "@/lib/browser/storage";

describe("browserStorage", () => {
  it("is the storage asked for, or null where reading it throws", () => {
    expect(browserStorage("localStorage")).toBe(window.localStorage);
    expect(browserStorage("sessionStorage")).toBe(window.sessionStorage);
    const spy = jest.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("Access is denied", "SecurityError");
    });
    expect(browserStorage("localStorage")).toBeNull();
    spy.mockRestore();
  });
});
