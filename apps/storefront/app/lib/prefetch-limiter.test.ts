import { describe, expect, it } from "vitest";
import { createPrefetchLimiter } from "./prefetch-limiter";

/** Asks `limiter` for `count` prefetches, recording which started and keeping each one's `done`. */
function ask(limiter: ReturnType<typeof createPrefetchLimiter>, names: string[]) {
  const started: string[] = [];
  const done = new Map<string, () => void>();
  const cancel = new Map<string, () => void>();
  for (const name of names) {
    cancel.set(
      name,
      limiter.request((finish) => {
        started.push(name);
        done.set(name, finish);
      }),
    );
  }
  return { started, done, cancel };
}

describe("createPrefetchLimiter", () => {
  it("runs at most five at a time, and the next in line when one is done", () => {
    const limiter = createPrefetchLimiter(5);
    const { started, done } = ask(limiter, ["a", "b", "c", "d", "e", "f", "g"]);
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    expect(limiter.counts()).toEqual({ running: 5, waiting: 2 });
    done.get("c")!();
    expect(started).toEqual(["a", "b", "c", "d", "e", "f"]);
    done.get("c")!();
    expect(limiter.counts(), "done twice frees one slot").toEqual({ running: 5, waiting: 1 });
    for (const name of ["a", "b", "d", "e", "f"]) done.get(name)!();
    expect(started.at(-1)).toBe("g");
    done.get("g")!();
    expect(limiter.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it("drops a waiting request that is cancelled, and ignores a cancel after the start", () => {
    const limiter = createPrefetchLimiter(1);
    const { started, done, cancel } = ask(limiter, ["a", "b", "c"]);
    cancel.get("b")!();
    cancel.get("a")!();
    expect(limiter.counts()).toEqual({ running: 1, waiting: 1 });
    done.get("a")!();
    expect(started).toEqual(["a", "c"]);
  });

  it("refuses a limit that is not a whole number from 1", () => {
    expect(() => createPrefetchLimiter(0)).toThrow(RangeError);
    expect(() => createPrefetchLimiter(2.5)).toThrow(RangeError);
  });
});
