import { describe, expect, it } from "vitest";
import { requestIdFor, requestIdOf } from "./request-id.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdFor", () => {
  it("keeps a load balancer's plain token", () => {
    expect(requestIdFor("lb-7d1e4c2a.request:1")).toBe("lb-7d1e4c2a.request:1");
  });

  it("makes a new id for none, a short or long one, or one with other characters", () => {
    for (const incoming of [undefined, "", "short", "x".repeat(129), "two words here", "new\nline-12345", 'quote"12345'])
      expect(requestIdFor(incoming), JSON.stringify(incoming)).toMatch(UUID);
  });
});

describe("requestIdOf", () => {
  it("reads the id server.mjs gave the request, and nothing else", () => {
    expect(requestIdOf(new Request("http://shop.test/", { headers: { "x-request-id": "lb-7d1e4c2a-request" } }))).toBe(
      "lb-7d1e4c2a-request",
    );
    expect(requestIdOf(new Request("http://shop.test/", { headers: { "x-request-id": "no good" } }))).toBeUndefined();
    expect(requestIdOf(new Request("http://shop.test/"))).toBeUndefined();
  });
});
