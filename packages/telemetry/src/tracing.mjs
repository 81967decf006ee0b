import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { exportableAttributes, serviceNameOf } from "./config.mjs";

/** @typedef {import("@opentelemetry/sdk-trace-node").SpanExporter} SpanExporter */
/** @typedef {import("@opentelemetry/sdk-trace-node").ReadableSpan} ReadableSpan */

/** Health checks and metric scrapes come every few seconds from machines: no trace of them. */
const UNTRACED_PATHS = /^\/(health(\/ready)?|metrics|__version)(\?|$)/;

/**
 * An exporter that hands each span on without its private attributes (config.mjs: exportableAttributes).
 * @param {SpanExporter} inner
 * @returns {SpanExporter}
 */
export function privateAttributesLeftOut(inner) {
  return {
    export(spans, done) {
      const cleaned = spans.map((span) => {
        const attributes = exportableAttributes(span.attributes);
        return /** @type {ReadableSpan} */ (
          new Proxy(span, { get: (target, name) => (name === "attributes" ? attributes : Reflect.get(target, name, target)) })
        );
      });
      inner.export(cleaned, done);
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

/**
 * Starts tracing: W3C trace context in and out of every HTTP request (so a page's trace runs from the storefront
 * through the API to PostgreSQL), spans of incoming and outgoing HTTP requests and of SQL statements (their text
 * has placeholders, never values), sent in batches over OTLP/HTTP to the configured endpoint.
 * @param {Record<string, string | undefined>} env
 * @param {string} entry
 */
export function startTracing(env, entry) {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceNameOf(env, entry) }),
    spanProcessors: [new BatchSpanProcessor(privateAttributesLeftOut(new OTLPTraceExporter()))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? "") }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  return provider;
}
