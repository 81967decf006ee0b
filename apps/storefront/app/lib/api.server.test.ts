import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

// A real HTTP peer standing in for the API, to see exactly which headers the storefront sends.
let server: Server;
let seen: IncomingHttpHeaders[] = [];
let createApiClient: typeof import("./api.server").createApiClient;
let ApiRequestError: typeof import("./api.server").ApiRequestError;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.headers);
    const failing = request.url?.startsWith("/fail");
    response.writeHead(failing ? 409 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify(failing ? { errors: [{ code: "out_of_stock", message: "Out of stock" }] } : { data: { ok: true } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.API_KEY = "storefront-test-key";
  process.env.STORE_KEY = "test-store";
  ({ createApiClient, ApiRequestError } = await import("./api.server"));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const Answer = z.object({ data: z.object({ ok: z.boolean() }) });

describe("the API client", () => {
  it("sends the spec's headers, the bearer token and the shopper's address", async () => {
    seen = [];
    await createApiClient({ currencyCode: "EUR", countryCode: "IE", token: "a.b.c", clientAddress: "203.0.113.7" }).get("/ok", Answer);
    expect(seen[0]).toMatchObject({
      "api-key": "storefront-test-key",
      storekey: "test-store",
      currencycode: "EUR",
      countrycode: "IE",
      authorization: "Bearer a.b.c",
      "x-forwarded-for": "203.0.113.7",
    });
  });

  it("sends no Authorization or X-Forwarded-For it was not given", async () => {
    seen = [];
    await createApiClient().get("/ok", Answer);
    expect(seen[0]?.authorization).toBeUndefined();
    expect(seen[0]?.["x-forwarded-for"]).toBeUndefined();
  });

  it("turns an error answer into ApiRequestError with the API's errors list", async () => {
    const failure = await createApiClient()
      .get("/fail", Answer)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 409, errors: [{ code: "out_of_stock", message: "Out of stock" }] });
  });
});
