import { createServer, type AddressInfo } from "node:net";
import { Agent, errors as undiciErrors } from "undici";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { API_UNREACHABLE, isConnectionFailure, isUnavailableStatus, withRetryAfter } from "./api-unavailable.server";

let createApiClient: typeof import("./api.server").createApiClient;
let ApiRequestError: typeof import("./api.server").ApiRequestError;

beforeAll(async () => {
  // A port nothing listens on: every call's connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  process.env.API_URL = `http://127.0.0.1:${port}`;
  process.env.API_KEY = "storefront-test-key";
  process.env.STORE_KEY = "test-store";
  // A module of its own, which reads the environment above: a unit worker runs other files before this one.
  vi.resetModules();
  ({ createApiClient, ApiRequestError } = await import("./api.server"));
});

describe("an API that cannot be reached (issue 13)", () => {
  it("ends a page with the 503 'back shortly' page, with Retry-After", async () => {
    const thrown = await createApiClient({ page: true })
      .call("getStoreSettings")
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 503 } });
    expect(new Headers((thrown as { init: ResponseInit }).init.headers).get("Retry-After")).toBe("5");
  });

  it("fails a form's call with ApiRequestError 503 and the storefront's own code, for the action's toast", async () => {
    const failure = await createApiClient()
      .call("requestPasswordReset", { body: { email: "reader@example.com" } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({
      status: 503,
      errors: [{ code: API_UNREACHABLE, message: "The shop is unavailable for a moment. Please try again shortly." }],
    });
  });

  it("leaves a caller with connections of its own (the search client) the connection's own error", async () => {
    const connections = new Agent();
    try {
      const failure = await createApiClient({ page: true }, { dispatcher: connections })
        .call("getStoreSettings")
        .catch((error: unknown) => error);
      expect(failure).not.toBeInstanceOf(ApiRequestError);
      expect(isConnectionFailure(failure)).toBe(true);
    } finally {
      await connections.close();
    }
  });

  it("is not the API's fault when the shopper's own request was abandoned", async () => {
    const abandoned = new AbortController();
    abandoned.abort();
    const failure = await createApiClient({ page: true, signal: abandoned.signal })
      .call("getStoreSettings")
      .catch((error: unknown) => error);
    // Passed on as it came (an abort, or the refusal that beat it): neither the 503 page nor a toast's error.
    expect(failure).not.toBeInstanceOf(ApiRequestError);
    expect(failure).not.toMatchObject({ type: "DataWithResponseInit" });
  });
});

describe("isConnectionFailure", () => {
  it("knows a connection's failures from answers and from this process's own errors", () => {
    expect(isConnectionFailure(new undiciErrors.SocketError("other side closed"))).toBe(true);
    expect(isConnectionFailure(new undiciErrors.ConnectTimeoutError())).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isConnectionFailure(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isConnectionFailure(new undiciErrors.RequestAbortedError())).toBe(false);
    const gone = new AbortController();
    gone.abort();
    expect(isConnectionFailure(new undiciErrors.SocketError("other side closed"), gone.signal)).toBe(false);
  });

  it("counts 502, 503 and 504 as the API away, and nothing else", () => {
    expect([500, 501, 502, 503, 504, 409].filter(isUnavailableStatus)).toEqual([502, 503, 504]);
  });
});

describe("withRetryAfter", () => {
  it("adds Retry-After to a 503 that has none, and leaves other answers alone", () => {
    const unavailable = new Headers();
    withRetryAfter(503, unavailable);
    expect(unavailable.get("Retry-After")).toBe("5");
    const own = new Headers({ "Retry-After": "30" });
    withRetryAfter(503, own);
    expect(own.get("Retry-After")).toBe("30");
    const fine = new Headers();
    withRetryAfter(200, fine);
    expect(fine.has("Retry-After")).toBe(false);
  });
});
