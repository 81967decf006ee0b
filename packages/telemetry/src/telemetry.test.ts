import { describe, expect, it, vi } from "vitest";
import { exportableAttributes, serviceNameOf, tracingConfigured } from "./config.mjs";
import { privateAttributesLeftOut } from "./tracing.mjs";

describe("tracingConfigured", () => {
  it("traces only with an OTLP endpoint, and never when the SDK or the traces exporter is turned off", () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });
});

describe("serviceNameOf", () => {
  it("takes OTEL_SERVICE_NAME, else names the process after its entry file", () => {
    expect(serviceNameOf({ OTEL_SERVICE_NAME: "shop-api-eu" }, "/quire/apps/api/dist/main.js")).toBe("shop-api-eu");
    expect(serviceNameOf({}, "/quire/apps/api/dist/main.js")).toBe("quire-api");
    expect(serviceNameOf({}, "/quire/apps/api/dist/worker.js")).toBe("quire-worker");
    expect(serviceNameOf({}, "/quire/apps/storefront/server.mjs")).toBe("quire-storefront");
    expect(serviceNameOf({}, "/elsewhere/index.js")).toBe("quire");
  });
});

describe("exportableAttributes", () => {
  it("leaves out addresses, queries, the client's address and browser, and keeps the rest", () => {
    expect(
      exportableAttributes({
        "http.request.method": "GET",
        "http.route": "/newsletter-links/:token",
        "url.path": "/newsletter-links/secret-token-123",
        "url.query": "anonymousId=abc",
        "url.full": "http://api:4000/baskets?anonymousId=abc",
        "http.target": "/baskets?anonymousId=abc",
        "client.address": "203.0.113.7",
        "user_agent.original": "Mozilla/5.0",
        "quire.request_id": "req-1",
        "db.query.text": "select * from carts where anonymous_id = $1",
      }),
    ).toEqual({
      "http.request.method": "GET",
      "http.route": "/newsletter-links/:token",
      "quire.request_id": "req-1",
      "db.query.text": "select * from carts where anonymous_id = $1",
    });
  });
});

describe("privateAttributesLeftOut", () => {
  it("hands each span on to the exporter without its private attributes, the rest of the span as it was", () => {
    const exported: { name: string; attributes: Record<string, unknown>; context: string }[] = [];
    const inner = {
      export: vi.fn(
        (spans: { name: string; attributes: Record<string, unknown>; spanContext(): { traceId: string } }[], done: () => void) => {
          for (const span of spans) exported.push({ name: span.name, attributes: span.attributes, context: span.spanContext().traceId });
          done();
        },
      ),
      shutdown: vi.fn(async () => {}),
    };
    const span = {
      name: "GET /baskets",
      attributes: { "url.query": "anonymousId=abc", "http.route": "/baskets" },
      traceId: "trace-1",
      spanContext() {
        return { traceId: this.traceId };
      },
    };
    const done = vi.fn();
    privateAttributesLeftOut(inner as never).export([span as never], done);
    expect(exported).toEqual([{ name: "GET /baskets", attributes: { "http.route": "/baskets" }, context: "trace-1" }]);
    expect(done).toHaveBeenCalled();
    // The span itself is untouched: other processors may still read it.
    expect(span.attributes).toEqual({ "url.query": "anonymousId=abc", "http.route": "/baskets" });
  });
});
