import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createStore } from "../testing/factories";
import { TEST_API_KEY, TEST_HEADERS, TEST_TOKEN_SECRET, useTestApi } from "../testing/test-api";

const api = useTestApi(async (db) => createStore(db));

function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  expect(headers["content-security-policy"], label).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], label).toContain("camera=()");
}

describe("security headers", () => {
  it("come with every kind of answer: success, refusal, error and not found", async () => {
    const answers = {
      "a catalogue answer": await api.get("/store-settings"),
      "a refused key": await api.app.inject({ url: "/store-settings", headers: { ...TEST_HEADERS, "api-key": "wrong-key-123" } }),
      "a validation error": await api.get("/products?PageSize=0"),
      "an unknown route": await api.get("/no-such-route"),
      "an over-long URL": await api.get(`/products?SearchText=${"a".repeat(9000)}`),
      "a malformed URL": await api.get("/products/slug=%E0%A4%A"),
      "the readable docs": await api.app.inject({ url: "/docs/static/index.html" }),
    };
    for (const [label, response] of Object.entries(answers)) {
      expect(response.statusCode, label).toBeLessThan(500);
      expectSecurityHeaders(response.headers, label);
    }
    expect(answers["a catalogue answer"].headers["content-security-policy"]).toContain("default-src 'none'");
    expect(answers["the readable docs"].headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("send HSTS only over HTTPS", async () => {
    expect((await api.get("/store-settings")).headers["strict-transport-security"]).toBeUndefined();
    // Behind a TLS-terminating proxy the API trusts, X-Forwarded-Proto says the shopper used HTTPS.
    const behindProxy = await buildApp({ db: api.database.db, apiKeys: [TEST_API_KEY], tokenSecret: TEST_TOKEN_SECRET, trustProxy: true });
    try {
      const overHttps = await behindProxy.inject({ url: "/store-settings", headers: { ...TEST_HEADERS, "x-forwarded-proto": "https" } });
      expect(overHttps.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    } finally {
      await behindProxy.close();
    }
  });
});
