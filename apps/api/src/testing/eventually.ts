import { once, type EventEmitter } from "node:events";

/**
 * Checks `condition` until it holds, failing after `timeoutMs`. Between two checks it waits for `changed`
 * to emit "change" (something the condition reads has changed), never for a length of time. Without
 * `changed`, the condition waits on an answer of its own (a request, a query) and is asked again after one turn
 * of the event loop.
 */
export async function eventually(
  what: string,
  condition: () => boolean | Promise<boolean>,
  changed?: EventEmitter,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = AbortSignal.timeout(timeoutMs);
  while (!(await condition())) {
    if (deadline.aborted) throw new Error(`${what}: not within ${timeoutMs} ms`);
    if (changed) await once(changed, "change", { signal: deadline }).catch(() => {});
    // Without one, yield a turn of the event loop: on the embedded PGlite an in-process request can settle on
    // promises alone, and a condition asked again at once would starve every timer (the deadline's, and whatever
    // the condition waits for, such as the catalogue index's batch) for good.
    else await new Promise((resolve) => setImmediate(resolve));
  }
}
