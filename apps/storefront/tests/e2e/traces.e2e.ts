import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";

/*
 * Traces with OpenTelemetry when an exporter is configured (issue 13): a stack whose processes export to a stand-in
 * OTLP/HTTP collector (it keeps the JSON the exporter posts). One page's trace runs from the storefront through the
 * API to its SQL, each server span carrying the request id that finds its log lines, and no exported span carries an
 * address, a query, a token or the shopper's IP address.
 */

interface ExportedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** An OTLP/HTTP collector stand-in: every span posted to /v1/traces, flattened. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url === "/v1/traces" && request.headers["content-type"]?.startsWith("application/json")) {
        const payload = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: OtlpAttribute[] };
            scopeSpans: {
              scope: { name: string };
              spans: { name: string; traceId: string; kind: number; attributes: OtlpAttribute[] }[];
            }[];
          }[];
        };
        for (const resourceSpans of payload.resourceSpans) {
          const service = String(valuesOf(resourceSpans.resource.attributes)["service.name"]);
          for (const scopeSpans of resourceSpans.scopeSpans) {
            for (const span of scopeSpans.spans) {
              spans.push({
                service,
                scope: scopeSpans.scope.name,
                name: span.name,
                traceId: span.traceId,
                kind: span.kind,
                attributes: valuesOf(span.attributes),
              });
            }
          }
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type OtlpAttribute = { key: string; value: Record<string, unknown> };
function valuesOf(attributes: OtlpAttribute[]): Record<string, unknown> {
  return Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));
}

/** OTLP's span kinds (SPAN_KIND_SERVER = 2, SPAN_KIND_CLIENT = 3). */
const SERVER = 2;
const CLIENT = 3;

let collector: Awaited<ReturnType<typeof startCollector>>;
let stack: Stack;
beforeAll(async () => {
  collector = await startCollector();
  stack = await startStack({
    name: "traces",
    // Batches go out every 100 ms instead of every 5 s, so the test waits briefly for them.
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: "100" },
  });
});
afterAll(async () => {
  await stack?.stop();
  await collector?.close();
});

describe("traces", () => {
  it("follow a page from the storefront through the API to PostgreSQL, under the request's id", async () => {
    const requestId = "trace-e2e-7f3a9c21";
    const response = await fetch(`${stack.storefrontUrl}/store`, { headers: { "X-Request-Id": requestId } });
    expect(response.status).toBe(200);

    const page = () =>
      collector.spans.find((span) => span.service === "quire-storefront" && span.attributes["quire.request_id"] === requestId);
    await expect.poll(() => page(), { timeout: 15_000, message: "the storefront's span of the page" }).toBeDefined();
    const traceId = page()!.traceId;
    const inTrace = () => collector.spans.filter((span) => span.traceId === traceId);
    // The API's spans of the page's calls, and the SQL they ran, in the same trace.
    await expect
      .poll(() => inTrace().some((span) => span.service === "quire-api" && span.scope.includes("pg")), { timeout: 15_000 })
      .toBe(true);
    const apiCalls = inTrace().filter((span) => span.service === "quire-api" && span.kind === SERVER);
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const call of apiCalls) {
      expect(call.attributes["http.route"]).toMatch(/^\//);
      expect(call.name).toBe(`${String(call.attributes["http.request.method"])} ${String(call.attributes["http.route"])}`);
    }
    // The page's own calls carry its id (shop-wide data loaded for every page, kept per process, has ids of its own).
    expect(apiCalls.find((call) => call.attributes["http.route"] === "/products")?.attributes["quire.request_id"]).toBe(requestId);
    expect(inTrace().some((span) => span.service === "quire-storefront" && span.kind === CLIENT)).toBe(true);
  });

  it("never export an address, a query, a token from a link, or the shopper's address", async () => {
    const token = "SecretLinkToken0123456789abcdefXYZ";
    const requestId = "trace-e2e-private-0042";
    await fetch(`${stack.storefrontUrl}/newsletter/confirm/${token}?utm_source=mail`, {
      headers: { "X-Request-Id": requestId, "X-Forwarded-For": "203.0.113.7" },
    });
    const services = () =>
      new Set(collector.spans.filter((span) => span.attributes["quire.request_id"] === requestId).map((span) => span.service));
    await expect
      .poll(() => [...services()].sort(), { timeout: 15_000, message: "the storefront's and the API's spans of the link" })
      .toEqual(["quire-api", "quire-storefront"]);
    const exported = JSON.stringify(collector.spans);
    expect(exported).not.toContain(token);
    expect(exported).not.toContain("utm_source");
    expect(exported).not.toContain("203.0.113.7");
    for (const span of collector.spans) {
      expect(
        Object.keys(span.attributes).filter((name) =>
          ["url.full", "url.path", "url.query", "http.target", "client.address"].includes(name),
        ),
      ).toEqual([]);
    }
  });
});
