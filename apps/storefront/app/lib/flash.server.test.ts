import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { flashMiddleware, flashToastHeader, redirectWithToast, takeFlashToast } from "./flash.server";

/** Runs the flash middleware around a handler, as React Router does around the route's loaders. */
async function runWithFlash(cookieHeader: string | null, handler: (context: RouterContextProvider) => void) {
  const context = new RouterContextProvider();
  const request = new Request("http://shop.test/", { headers: cookieHeader ? { Cookie: cookieHeader } : {} });
  const response = await flashMiddleware({ request, context, params: {}, unstable_pattern: "/" } as never, async () => {
    handler(context);
    return new Response("page");
  });
  return response as Response;
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("flashed toasts", () => {
  it("carries a toast through a redirect and clears it once shown", async () => {
    const redirect = await redirectWithToast("/store", { kind: "success", message: "Saved" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/store");
    const setCookie = redirect.headers.get("Set-Cookie")!;

    let shown: unknown;
    const response = await runWithFlash(cookiePair(setCookie), (context) => {
      shown = takeFlashToast(context);
    });
    expect(shown).toMatchObject({ kind: "success", message: "Saved" });
    expect(response.headers.get("Set-Cookie")).toMatch(/^flash=; .*Max-Age=0/);
  });

  it("keeps the toast for a later request when nothing took it", async () => {
    const header = await flashToastHeader({ kind: "info", message: "Later" });
    const response = await runWithFlash(cookiePair(header), () => {});
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("drops a malformed flash cookie without showing it", async () => {
    let shown: unknown = "unset";
    const forged = `flash=${btoa(JSON.stringify({ id: "x", kind: "shout", message: "Hi" }))}`;
    const response = await runWithFlash(forged, (context) => {
      shown = takeFlashToast(context);
    });
    expect(shown).toBeNull();
    expect(response.headers.get("Set-Cookie")).toMatch(/^flash=; /);
  });

  it("shows nothing when there is no flash", async () => {
    let shown: unknown = "unset";
    const response = await runWithFlash(null, (context) => {
      shown = takeFlashToast(context);
    });
    expect(shown).toBeNull();
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
