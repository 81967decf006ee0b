import { describe, expect, it, vi } from "vitest";
import { storefrontReadiness } from "./health.server";

const apiAnswering = (status: number) => vi.fn(async () => new Response(JSON.stringify({}), { status })) as unknown as typeof fetch;

describe("storefrontReadiness", () => {
  it("is ready when the API's readiness answers 200, asking it at its /health/ready", async () => {
    const fetchApi = apiAnswering(200);
    expect(await storefrontReadiness("http://api.internal:4000", fetchApi)).toEqual({ status: 200, body: { status: "ok", api: "ready" } });
    expect(String((fetchApi as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![0])).toBe("http://api.internal:4000/health/ready");
  });

  it("is not ready while the API is not (its database away, still warming up)", async () => {
    expect(await storefrontReadiness("http://api.internal:4000", apiAnswering(503))).toEqual({
      status: 503,
      body: { status: "unavailable", api: "not ready" },
    });
  });

  it("is not ready when the API cannot be reached", async () => {
    const refused = vi.fn(async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await storefrontReadiness("http://api.internal:4000", refused)).toEqual({
      status: 503,
      body: { status: "unavailable", api: "unreachable" },
    });
  });
});
