import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A real HTTP peer standing in for the API: it answers the merge with the status a test asks for (0: it
// drops the connection, as an API that is down would).
let server: Server;
let answerStatus = 204;
let seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
let viewer: typeof import("./viewer.server");
let callerContext: typeof import("~/lib/context.server").callerContext;
let sessionContext: typeof import("~/lib/context.server").sessionContext;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
      if (answerStatus === 0) return void request.socket.destroy();
      if (answerStatus === 204) return void response.writeHead(204).end();
      response.writeHead(answerStatus, { "content-type": "application/json" });
      response.end(JSON.stringify({ errors: [{ code: "failed", message: "Failed" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Modules of their own, which read API_URL afresh: a unit worker runs other files before this one.
  vi.resetModules();
  viewer = await import("./viewer.server");
  ({ callerContext, sessionContext } = await import("~/lib/context.server"));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const args = (request: Request, context: RouterContextProvider) => ({ request, context, params: {}, unstable_pattern: "/" }) as never;

/** A quire_viewer cookie as the product page hands it out to a new anonymous visitor. */
async function newViewerCookie(): Promise<string> {
  const context = new RouterContextProvider();
  context.set(sessionContext, { token: null, anonymousCartId: null });
  const response = (await viewer.viewerMiddleware(
    args(new Request("http://shop.test/store/product/x"), context),
    async () => new Response("page"),
  )) as Response;
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** Runs the root's viewer-cookie middleware for a sign-in request, then stores the sign-in's history merge. */
async function signInWith(cookieHeader: string | null): Promise<string[]> {
  const context = new RouterContextProvider();
  context.set(callerContext, { currencyCode: "GBP" });
  const request = new Request("http://shop.test/auth/login", { method: "POST", headers: cookieHeader ? { Cookie: cookieHeader } : {} });
  let cookies: string[] = [];
  await viewer.viewerCookieMiddleware(args(request, context), async () => {
    cookies = await viewer.mergeViewedHistory(context, "new.sign-in.token");
    return new Response(null, { status: 303 });
  });
  return cookies;
}

describe("merging recently viewed products on sign-in", () => {
  it("moves the history the cookie names, with the new token, and removes the cookie", async () => {
    seen = [];
    answerStatus = 204;
    const cookie = await newViewerCookie();
    const anonymousId = JSON.parse(Buffer.from(decodeURIComponent(cookie.split("=")[1]!), "base64").toString("utf8")) as string;

    const cookies = await signInWith(cookie);
    expect(seen).toEqual([
      { method: "PUT", url: "/viewed-products/merge", authorization: "Bearer new.sign-in.token", body: JSON.stringify({ anonymousId }) },
    ]);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^quire_viewer=; .*Max-Age=0/);
  });

  it("calls nothing and sets nothing without a viewer cookie, or with a malformed one", async () => {
    seen = [];
    expect(await signInWith(null)).toEqual([]);
    expect(await signInWith("quire_viewer=not-a-viewer-id")).toEqual([]);
    expect(seen).toEqual([]);
  });

  it("never fails the sign-in: an API failure is logged and the cookie kept for the next sign-in", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const cookie = await newViewerCookie();
      for (const status of [500, 503, 401]) {
        answerStatus = status;
        expect(await signInWith(cookie), String(status)).toEqual([]);
      }
      expect(warn).toHaveBeenCalledTimes(3);
      expect(String(warn.mock.calls[0]![0])).toContain("Could not merge recently viewed products");

      // An API that drops the connection is a failure like any other.
      answerStatus = 0;
      expect(await signInWith(cookie)).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(4);
    } finally {
      warn.mockRestore();
      answerStatus = 204;
    }
  });

  it("removes the cookie when the API refuses the id itself (400): trying again would only fail again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      answerStatus = 400;
      const cookies = await signInWith(await newViewerCookie());
      expect(cookies[0]).toMatch(/^quire_viewer=; .*Max-Age=0/);
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      warn.mockRestore();
      answerStatus = 204;
    }
  });
});
