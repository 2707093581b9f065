import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenSettled } from "~/lib/idle";

// whenSettled (app/lib/idle.ts): work a page can do later waits for its delay, then for the browser's idle time.
describe("whenSettled", () => {
  const idle: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    idle.length = 0;
    vi.stubGlobal("window", {
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
      requestIdleCallback: (task: () => void) => idle.push(task),
      cancelIdleCallback: (handle: number) => {
        idle[handle - 1] = () => undefined;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("runs the task only after the delay and once the browser is idle", () => {
    const task = vi.fn();
    whenSettled(task, 1000);
    vi.advanceTimersByTime(999);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(task).not.toHaveBeenCalled();
    idle.forEach((run) => run());
    expect(task).toHaveBeenCalledOnce();
  });

  it("cancelled before the delay or while waiting for idle time, never runs", () => {
    const early = vi.fn();
    whenSettled(early, 1000)();
    vi.advanceTimersByTime(2000);
    expect(idle).toHaveLength(0);

    const late = vi.fn();
    const cancel = whenSettled(late, 1000);
    vi.advanceTimersByTime(1000);
    cancel();
    idle.forEach((run) => run());
    expect(late).not.toHaveBeenCalled();
  });

  it("without requestIdleCallback (Safari), runs right after the delay", () => {
    vi.stubGlobal("window", { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout });
    const task = vi.fn();
    whenSettled(task, 500);
    vi.advanceTimersByTime(500);
    expect(task).toHaveBeenCalledOnce();
  });
});
