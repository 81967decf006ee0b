/**
 * At most `max` route prefetches at a time (the shop allows 5: docs/storefront-behaviour/layout-and-navigation.md).
 * A prefetch asks for a slot; it starts when one is free, in the order asked, and gives its slot back when it
 * is done. One asked for but no longer wanted (the pointer left the link) is dropped from the queue.
 */
export interface PrefetchLimiter {
  /**
   * Runs `start` once a slot is free, handing it `done`, which frees the slot (calling it again does
   * nothing). Returns `cancel`: before `start` ran it drops the request; after, it does nothing.
   */
  request(start: (done: () => void) => void): () => void;
  /** How many prefetches hold a slot, and how many wait for one. */
  counts(): { running: number; waiting: number };
}

export function createPrefetchLimiter(max: number): PrefetchLimiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`A prefetch limit is a whole number from 1, not ${max}`);
  let running = 0;
  const waiting: ((done: () => void) => void)[] = [];

  const startNext = () => {
    while (running < max && waiting.length > 0) {
      const start = waiting.shift()!;
      running += 1;
      let finished = false;
      start(() => {
        if (finished) return;
        finished = true;
        running -= 1;
        startNext();
      });
    }
  };

  return {
    request(start) {
      const entry = (done: () => void) => start(done);
      waiting.push(entry);
      startNext();
      return () => {
        const index = waiting.indexOf(entry);
        if (index !== -1) waiting.splice(index, 1);
      };
    },
    counts: () => ({ running, waiting: waiting.length }),
  };
}
