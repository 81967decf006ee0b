import { AsyncLocalStorage } from "node:async_hooks";

/*
 * Knows whether the code running now is inside a database transaction, so that a call to the outside world
 * (a payment gateway, a mail server) can refuse to run there. Such a call inside a transaction holds the
 * transaction's row locks for as long as the third party takes, and when the transaction rolls back after the
 * call succeeded, the money or the mail has moved with no record of it. Every transaction the API opens goes
 * through `openDatabase`, which runs its callback inside this scope.
 */

const insideTransaction = new AsyncLocalStorage<true>();

/** Runs `work` marked as inside a transaction (what db/client.ts does for every transaction's callback). */
export function runInsideTransaction<T>(work: () => T): T {
  return insideTransaction.run(true, work);
}

/** Whether the caller runs inside a database transaction's callback. */
export function isInsideTransaction(): boolean {
  return insideTransaction.getStore() === true;
}

/** A call to a third party was made while a database transaction was open: a bug, never an input's fault. */
export class CallInsideTransactionError extends Error {
  override readonly name = "CallInsideTransactionError";
}

/** Throws when the caller is inside a transaction; `what` names the outside call, for the error. */
export function assertOutsideTransaction(what: string): void {
  if (isInsideTransaction()) {
    throw new CallInsideTransactionError(`${what} was called inside a database transaction: record, commit, then call, then record`);
  }
}

/** Makes every transaction of `db` (and nested ones) run its callback inside the scope. */
export function markTransactions<T extends { transaction: (...args: never[]) => unknown }>(db: T): T {
  const original = db.transaction.bind(db) as unknown as (work: (tx: unknown) => unknown, config?: unknown) => unknown;
  const marked = (work: (tx: unknown) => unknown, config?: unknown) => original((tx) => runInsideTransaction(() => work(tx)), config);
  Object.defineProperty(db, "transaction", { value: marked, configurable: true, writable: true });
  return db;
}
