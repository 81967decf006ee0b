import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work whose database statements may be cancelled: an HTTP read whose client went away (http/abandoned-reads.ts).
 * The signal travels with the async context, so repositories and services pass nothing; the pool in client.ts
 * reads it when a statement takes a connection.
 */
const cancellableWork = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` so that its statements on a PostgreSQL pool are cancelled when `signal` aborts. */
export function runCancellable<T>(signal: AbortSignal, work: () => T): T {
  return cancellableWork.run(signal, work);
}

/** The signal of the cancellable work running now, if any. */
export function currentCancelSignal(): AbortSignal | undefined {
  return cancellableWork.getStore();
}

/** Runs `work` outside any cancellable work (the cancel itself must not be cancelled). */
export function runUncancellable<T>(work: () => T): T {
  return cancellableWork.exit(work);
}

/** A statement refused because the work it belongs to was abandoned before it started. */
export class WorkAbandonedError extends Error {
  constructor() {
    super("The work this statement belongs to was abandoned (its client went away)");
    this.name = "WorkAbandonedError";
  }
}
