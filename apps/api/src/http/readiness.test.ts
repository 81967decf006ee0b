import { describe, expect, it } from "vitest";
import { createStore } from "../testing/factories";
import { useTestApi } from "../testing/test-api";

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
