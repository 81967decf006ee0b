import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";

// console.error during a test is a failure: an error logged is a bug, even when the test's checks pass.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});

// A connection used by two queries at once is a failure too: inside a transaction it means two statements of
// one unit of work racing on one connection (a Promise.all over a transaction), which pg only warns about, once
// per process ("client.query() when the client is already executing a query"). Every query a test's code sends
// through pg is checked here, so each such place fails the test that reaches it.
type QueuedClient = pg.Client & { _queryQueue?: unknown[]; _activeQuery?: unknown; pipeline?: boolean };
const concurrentQueries: string[] = [];
// A worker that runs file after file (isolate: false) runs this setup again for each: pg's own query is kept
// once, and each file's wrapper replaces the last, so a query is checked once and counted for the file running.
const ORIGINAL_QUERY = Symbol.for("quire.test.pgQuery");
const prototype = pg.Client.prototype as typeof pg.Client.prototype & { [ORIGINAL_QUERY]?: unknown };
prototype[ORIGINAL_QUERY] ??= pg.Client.prototype.query;
const query = prototype[ORIGINAL_QUERY] as (this: QueuedClient, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: QueuedClient, ...args: unknown[]) {
  // pg clears the running query before it answers it, so a query awaited before the next never counts here.
  if ((this._activeQuery || (this._queryQueue?.length ?? 0) > 0) && !this.pipeline) {
    concurrentQueries.push(new Error("a query was sent on a connection still running another").stack ?? "");
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;
beforeEach(() => {
  concurrentQueries.length = 0;
});
afterEach(() => {
  if (concurrentQueries.length > 0) {
    throw new Error(`A connection ran two queries at once during the test:\n${concurrentQueries.join("\n\n")}`);
  }
});

// A file that sets environment variables (an API address for a stand-in, say) leaves them behind in a worker
// that runs files one after another: each file starts from the environment the worker had.
let environment: NodeJS.ProcessEnv = {};
beforeAll(() => {
  environment = { ...process.env };
});
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
