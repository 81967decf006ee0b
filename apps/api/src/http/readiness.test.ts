import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createStore } from "../testing/factories";
import { useTestApi } from "../testing/test-api";
import { registerErrorHandling } from "./errors";
import { registerReadinessCheck, WARMING_RETRY_AFTER_SECONDS } from "./readiness";

const api = useTestApi((db) => createStore(db));

// The 503 while the database is away is asserted in db/database-outage.test.ts, against a server it stops.
describe("GET /health/ready", () => {
  it("answers 200 when the database answers, with no API keys, as a load balancer calls it", async () => {
    const response = await api.app.inject({ url: "/health/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("stays out of the API's OpenAPI document, as /health does", async () => {
    const document = (await api.app.inject({ url: "/openapi.json" })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain("/health/ready");
  });
});

// The catalogue index's start-up builds (catalog-index-keeper.ts) are what a process waits for in the API; their
// own test (catalog-index.test.ts) shows the keeper turning warm. Here: what readiness answers meanwhile.
describe("GET /health/ready while the process warms up", () => {
  it("answers 503 with Retry-After until the start-up work is done, then 200", async () => {
    let warm = false;
    const app = Fastify();
    registerErrorHandling(app);
    registerReadinessCheck(app, [api.database.db], () => warm);
    try {
      const warming = await app.inject({ url: "/health/ready" });
      expect(warming.statusCode).toBe(503);
      expect(warming.headers["retry-after"]).toBe(String(WARMING_RETRY_AFTER_SECONDS));
      expect(warming.json()).toEqual({ errors: [{ code: "service_unavailable", message: expect.any(String) }] });
      warm = true;
      expect((await app.inject({ url: "/health/ready" })).json()).toEqual({ status: "ok" });
    } finally {
      await app.close();
    }
  });
});
