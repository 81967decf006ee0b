import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStore } from "../testing/factories";
import { TEST_HEADERS, useTestApi } from "../testing/test-api";

// What the API's real logger writes for failures and requests, captured line by line.
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  },
});

const api = useTestApi(async (db) => createStore(db), { logger: { level: "info", stream: capture } });

describe("the API's log", () => {
  it("keeps a failed query's parameters and the database's detail out of a 500's log line", async () => {
    // A statement that fails in the database with a customer's name among its parameters.
    api.app.get("/test-only/failing-query", { config: { public: true }, schema: { hide: true } }, async () => {
      await api.database.db.execute(sql`select ${"Ada Lovelace"}::int`);
      return { ok: true };
    });
    const response = await api.app.inject({ url: "/test-only/failing-query" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: [{ code: "internal_error", message: "Something went wrong on our side" }] });

    const failure = lines.find((line) => line.includes("unhandled error"));
    expect(failure).toBeDefined();
    expect(failure).toContain("22P02");
    expect(failure).toContain("::int");
    expect(lines.join("\n")).not.toContain("Ada Lovelace");
  });

  it("writes no anonymous cart id, header or cookie of a request", async () => {
    const anonymousId = "Zm9vYmFyYmF6cXV4cXV1eHF1dXhzZWNyZXQ";
    await api.app.inject({
      url: `/baskets?anonymousId=${anonymousId}`,
      headers: { ...TEST_HEADERS, cookie: "quire_token=secret-cookie-value", authorization: "Bearer not.a.token" },
    });
    await api.app.inject({ method: "PUT", url: `/baskets/${anonymousId}/merge`, headers: TEST_HEADERS });
    const written = lines.join("\n");
    expect(written).toContain("/baskets?anonymousId=[redacted]");
    expect(written).toContain("/baskets/[redacted]/merge");
    for (const secret of [anonymousId, "secret-cookie-value", "not.a.token", TEST_HEADERS["api-key"]])
      expect(written).not.toContain(secret);
  });

  it("logs every line of a call under the request id the storefront sent, and answers it", async () => {
    const requestId = "storefront-3f6c2a9e-request";
    const response = await api.app.inject({ url: "/store-settings", headers: { ...TEST_HEADERS, "x-request-id": requestId } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-request-id"]).toBe(requestId);
    const ofCall = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((line) => line.reqId === requestId);
    expect(ofCall.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("gives a call without a request id, or with one that is no plain token, an id of its own", async () => {
    for (const sent of [undefined, "two words", "x".repeat(129), "line\nbreak"]) {
      const response = await api.app.inject({
        url: "/store-settings",
        headers: { ...TEST_HEADERS, ...(sent === undefined ? {} : { "x-request-id": sent }) },
      });
      expect(response.headers["x-request-id"], String(sent)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(lines.join("\n")).not.toContain("two words");
  });
});
