import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";

/*
 * One request id from the storefront through the API to the logs (issue 13): a page's request is answered with
 * its id, the storefront's request log line starts with it, and each API call the page made is logged under it.
 * A stack of its own, logging requests (LOG_LEVEL=info), whose log file holds both processes' lines.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "request-id", env: { LOG_LEVEL: "info" } });
});
afterAll(async () => {
  await stack?.stop();
});

const logLines = () => readFileSync(stack.logFile, "utf8").split("\n");
/** The JSON lines one process of the stack wrote (start.mjs labels them "[api]", "[web]"). */
const linesOf = (label: "api" | "web") =>
  logLines()
    .filter((line) => line.startsWith(`[${label}]`))
    .map((line) => line.slice(line.indexOf("{")))
    .filter((json) => json.startsWith("{"))
    .map((json) => JSON.parse(json) as Record<string, unknown>);

describe("a request's id", () => {
  it("goes from a load balancer's header through the storefront to the API's log lines", async () => {
    const requestId = "lb-7d1e4c2a-e2e-request";
    const response = await fetch(`${stack.storefrontUrl}/store`, { headers: { "X-Request-Id": requestId } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe(requestId);
    await expect
      .poll(() => linesOf("api").filter((line) => line.reqId === requestId).length, { message: "the API's lines of the page's calls" })
      .toBeGreaterThan(1);
    // The storefront's own line of the request: structured, under the same id.
    await expect
      .poll(() => linesOf("web").find((line) => line.reqId === requestId && line.msg === "GET /store 200"))
      .toMatchObject({ level: 30, service: "storefront", req: { method: "GET", url: "/store" }, res: { statusCode: 200 } });
  });

  it("is a new one when none came, or one that is no plain token", async () => {
    for (const sent of [undefined, "not a token"]) {
      const response = await fetch(`${stack.storefrontUrl}/store`, { headers: sent ? { "X-Request-Id": sent } : {} });
      const id = response.headers.get("x-request-id") ?? "";
      expect(id, String(sent)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await expect.poll(() => logLines().some((line) => line.includes(`"reqId":"${id}"`))).toBe(true);
    }
    expect(logLines().join("\n")).not.toContain("not a token");
  });
});

describe("the storefront's health", () => {
  it("answers liveness, and readiness while the API is ready, uncached", async () => {
    const live = await fetch(`${stack.storefrontUrl}/health`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${stack.storefrontUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", api: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });
});
