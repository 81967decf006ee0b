import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiRequestError } from "./api.server";
import { notFound, notFoundResponse, pageNotFoundMessage, requireApiFound, requireFound, requireValidParams } from "./not-found.server";

const request = new Request("http://shop.test/store/product/NOT%20A%20SLUG?x=1");

/** The value `run` throws (React Router turns a thrown `data()` into the error boundary's response). */
function thrownBy(run: () => unknown): { data: unknown; init: { status: number } } {
  try {
    run();
  } catch (thrown) {
    return thrown as { data: unknown; init: { status: number } };
  }
  throw new Error("expected a throw");
}

describe("not-found answers", () => {
  it("says 'Page Not Found: {path}' with status 404", () => {
    const thrown = notFound(request);
    expect(thrown.init?.status).toBe(404);
    expect(thrown.data).toBe("Page Not Found: /store/product/NOT%20A%20SLUG");
    expect(pageNotFoundMessage("/x")).toBe("Page Not Found: /x");
  });

  it("gives resource routes a plain-text 404", async () => {
    const response = notFoundResponse("/en-GB-sitemap.xml");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Page Not Found: /en-GB-sitemap.xml");
  });

  it("requireFound passes values through and throws 404 for null or undefined", () => {
    expect(requireFound(0, request)).toBe(0);
    expect(thrownBy(() => requireFound(null, request)).init.status).toBe(404);
    expect(thrownBy(() => requireFound(undefined, request)).init.status).toBe(404);
  });

  it("requireValidParams answers 404 when params fail validation", () => {
    const schema = z.object({ id: z.coerce.number().int().positive() });
    expect(requireValidParams(schema, { id: "12" }, request)).toEqual({ id: 12 });
    const thrown = thrownBy(() => requireValidParams(schema, { id: "abc" }, request));
    expect(thrown.init.status).toBe(404);
    expect(thrown.data).toBe("Page Not Found: /store/product/NOT%20A%20SLUG");
  });

  it("requireApiFound turns the API's 404 into a 404 and lets other failures through", async () => {
    expect(await requireApiFound(Promise.resolve("page"), request)).toBe("page");
    const notThere = new ApiRequestError(404, [{ code: "page_not_found", message: "No page" }]);
    await expect(requireApiFound(Promise.reject(notThere), request)).rejects.toMatchObject({ init: { status: 404 } });
    const badRequest = new ApiRequestError(400, [{ code: "invalid_input", message: "Bad" }]);
    await expect(requireApiFound(Promise.reject(badRequest), request)).rejects.toBe(badRequest);
  });
});
