import { describe, expect, it } from "vitest";
import { readableLogLine } from "./readable-log.mjs";

const at = Date.UTC(2026, 10, 29, 9, 41, 7);
const readable = (entry: object) => readableLogLine(JSON.stringify({ time: at, pid: 1, hostname: "h", ...entry }), { timeZone: "UTC" });

describe("the readable log npm start shows", () => {
  it("leaves out the requests that went well, the API's pair of lines and the storefront's line alike", () => {
    expect(readable({ level: 30, reqId: "r1", req: { method: "GET", url: "/products" }, msg: "incoming request" })).toBeNull();
    expect(readable({ level: 30, reqId: "r1", res: { statusCode: 200 }, responseTime: 3.2, msg: "request completed" })).toBeNull();
    expect(
      readable({ level: 30, reqId: "r2", req: { method: "GET", url: "/store" }, res: { statusCode: 404 }, msg: "GET /store 404" }),
    ).toBeNull();
  });

  it("keeps a request that failed, with its status and id", () => {
    expect(readable({ level: 30, reqId: "r3", res: { statusCode: 503 }, msg: "request completed" })).toBe(
      "09:41:07 info  request completed (503)",
    );
    expect(readable({ level: 50, reqId: "r4", req: { method: "GET", url: "/cart" }, res: { statusCode: 500 }, msg: "GET /cart 500" })).toBe(
      "09:41:07 error GET /cart 500 [request r4]",
    );
  });

  it("shows any other entry as one line with its time and level, and an error's stack under it", () => {
    expect(readable({ level: 30, msg: "storefront listening on http://localhost:3000" })).toBe(
      "09:41:07 info  storefront listening on http://localhost:3000",
    );
    expect(readable({ level: 40, msg: "job retried", err: { message: "connection reset" } })).toBe(
      "09:41:07 warn  job retried: connection reset",
    );
    expect(readable({ level: 50, msg: "mail not sent", err: { message: "x", stack: "Error: x\n    at send (mail.ts:1:1)" } })).toBe(
      "09:41:07 error mail not sent\nError: x\n    at send (mail.ts:1:1)",
    );
  });

  it("passes lines that are not a JSON log entry as they are", () => {
    expect(readableLogLine("Seeded Quire Books: 320 books", {})).toBe("Seeded Quire Books: 320 books");
    expect(readableLogLine('{"not":"a log entry"}', {})).toBe('{"not":"a log entry"}');
    expect(readableLogLine("[1, 2]", {})).toBe("[1, 2]");
  });
});
