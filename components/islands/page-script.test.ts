import { runInTasks } from "@/components/islands/page-script";

describe("a page's script in steps (runInTasks)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("runs nothing in the task that starts it, then one step per task, in order", () => {
    const ran: string[] = [];
    runInTasks([() => ran.push("visit noted"), () => ran.push("form hydrated")]);
    expect(ran).toEqual([]);

    jest.runOnlyPendingTimers();
    expect(ran).toEqual(["visit noted"]);

    jest.runOnlyPendingTimers();
    expect(ran).toEqual(["visit noted", "form hydrated"]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("still runs the next step when one throws, and lets the error surface", () => {
    const hydrate = jest.fn();
    runInTasks([
      () => {
        throw new Error("storage is full");
      },
      hydrate,
    ]);

    expect(() => jest.runOnlyPendingTimers()).toThrow("storage is full");
    expect(hydrate).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it("yields with scheduler.yield() where the browser has it, one step per yield", async () => {
    const calls: string[] = [];
    const scheduler = {
      yield: () => {
        calls.push("yield");
        return Promise.resolve();
      },
    };
    Object.assign(globalThis, { scheduler });
    try {
      await new Promise<void>((done) => {
        runInTasks([() => calls.push("visit noted"), () => calls.push("form hydrated"), done]);
        expect(calls).toEqual(["yield"]);
      });
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
    expect(calls).toEqual(["yield", "visit noted", "yield", "form hydrated", "yield"]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
