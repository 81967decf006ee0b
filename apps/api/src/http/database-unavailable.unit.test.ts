import { DrizzleQueryError } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort } from "../testing/postgres-cluster";
import { WorkAbandonedError } from "../db/query-cancellation";
import { isDatabaseUnavailable, isStatementCancelled, summariseDatabaseError } from "./database-unavailable";

/** An error as PostgreSQL sends it, with its SQLSTATE. */
function serverError(code: string, message = "server error") {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

/** What connecting to a port nothing listens on really fails with. */
async function refusedConnection(): Promise<Error> {
  const client = new pg.Client({ host: "127.0.0.1", port: await freePort() });
  return client.connect().then(
    () => {
      throw new Error("connected to a port nothing listens on");
    },
    (error: Error) => error,
  );
}

describe("isDatabaseUnavailable", () => {
  it("recognises the server going away, starting up, refusing connections or running out of them", () => {
    for (const code of ["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08006", "08P01"]) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(true);
    }
  });

  it("does not take a wrong statement for an outage", () => {
    // unique violation, bad input, statement timeout, serialization failure, missing table, lock timeout
    for (const code of ["23505", "22P02", "57014", "40001", "42P01", "55P03"]) {
      expect(isDatabaseUnavailable(serverError(code)), code).toBe(false);
    }
  });

  it("recognises a refused connection, also among the attempts of a host with several addresses", async () => {
    const refused = await refusedConnection();
    expect((refused as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused]))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, new Error("something else")]))).toBe(false);
  });

  it("recognises node-postgres's lost and timed-out connections", () => {
    for (const message of [
      "Connection terminated unexpectedly",
      "Connection terminated due to connection timeout",
      "timeout exceeded when trying to connect",
      "Client has encountered a connection error and is not queryable",
      "Client was closed and is not queryable",
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it("looks through Drizzle's wrapper to the driver's error", () => {
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], serverError("57P01")))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError("insert ...", ["x"], serverError("23505")))).toBe(false);
  });

  it("leaves every other error alone, including another service's network failure", async () => {
    const refused = await refusedConnection();
    for (const error of [new Error("boom"), new TypeError("fetch failed", { cause: refused }), "a string", undefined, null]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe("summariseDatabaseError", () => {
  it("keeps the driver's code and message, never the SQL's parameters", () => {
    const wrapped = new DrizzleQueryError(
      "update customers set name = $1",
      ["Ada Lovelace"],
      serverError("57P01", "terminating connection"),
    );
    expect(summariseDatabaseError(wrapped)).toEqual({ code: "57P01", message: "terminating connection" });
    expect(summariseDatabaseError(new Error("Connection terminated unexpectedly"))).toEqual({
      message: "Connection terminated unexpectedly",
    });
  });
});

describe("isStatementCancelled", () => {
  it("recognises a cancelled statement (57014), also inside Drizzle's wrapper, and work abandoned before its statement ran", () => {
    const timedOut = serverError("57014", "canceling statement due to statement timeout");
    expect(isStatementCancelled(timedOut)).toBe(true);
    expect(isStatementCancelled(new DrizzleQueryError("select pg_sleep($1)", [10], timedOut))).toBe(true);
    expect(isStatementCancelled(new WorkAbandonedError())).toBe(true);
    expect(summariseDatabaseError(new DrizzleQueryError("select $1", ["Ada Lovelace"], timedOut))).toEqual({
      code: "57014",
      message: "canceling statement due to statement timeout",
    });
  });

  it("takes neither an outage nor a wrong statement for a cancelled one", () => {
    for (const code of ["57P01", "08006", "23505", "22P02", "40001", "55P03"]) {
      expect(isStatementCancelled(serverError(code)), code).toBe(false);
    }
    expect(isStatementCancelled(new Error("canceling statement due to statement timeout"))).toBe(false);
    expect(isStatementCancelled("57014")).toBe(false);
  });
});
