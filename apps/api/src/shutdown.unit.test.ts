import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exitGracefullyOnSignals } from "./shutdown";

function setUp(stop: (workGraceMs: number) => Promise<void>, graceSeconds = 8) {
  const signals = new EventEmitter();
  const exit = vi.fn<(code: number) => void>();
  const log = { info: vi.fn(), error: vi.fn() };
  exitGracefullyOnSignals(log, graceSeconds, stop, { signals, exit });
  return { signals, exit, log };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("exitGracefullyOnSignals", () => {
  it("stops the work on SIGTERM, giving it the grace less a second for closing, and exits 0 once it has stopped", async () => {
    let finish!: () => void;
    const stop = vi.fn((_workGraceMs: number) => new Promise<void>((resolve) => (finish = resolve)));
    const { signals, exit } = setUp(stop);
    signals.emit("SIGTERM", "SIGTERM");
    expect(stop).toHaveBeenCalledWith(7000);
    expect(exit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
  });

  it("exits 1 when the grace runs out with work still in flight, without waiting for it", () => {
    vi.useFakeTimers();
    const { signals, exit, log } = setUp(() => new Promise<void>(() => {}), 2);
    signals.emit("SIGINT", "SIGINT");
    vi.advanceTimersByTime(1999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
    expect(log.error).toHaveBeenCalledWith({ graceSeconds: 2 }, expect.stringContaining("grace ran out"));
  });

  it("exits 1 when stopping fails", async () => {
    const { signals, exit } = setUp(() => Promise.reject(new Error("pool would not close")));
    signals.emit("SIGTERM", "SIGTERM");
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });

  it("stops once, however many signals come", () => {
    const stop = vi.fn(() => new Promise<void>(() => {}));
    const { signals } = setUp(stop);
    signals.emit("SIGTERM", "SIGTERM");
    signals.emit("SIGTERM", "SIGTERM");
    signals.emit("SIGINT", "SIGINT");
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
