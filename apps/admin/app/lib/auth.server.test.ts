import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api.server";
import { currentStaff, pageRead, safeNext } from "./auth.server";

const request = (path: string, cookie?: string) => new Request(`http://office.test${path}`, { headers: cookie ? { cookie } : {} });

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    if (error && typeof error === "object" && "init" in error) {
      const { init, data } = error as { init: ResponseInit | null; data: unknown };
      return new Response(String(data), init ?? undefined);
    }
    throw error;
  }
  throw new Error("expected a thrown answer");
}

describe("signing in to the back office", () => {
  it("goes on only to a path of the back office", () => {
    expect(safeNext("/orders/12?x=1")).toBe("/orders/12?x=1");
    for (const elsewhere of ["https://evil.example/", "//evil.example/", "/\\evil.example", "orders", "", null])
      expect(safeNext(elsewhere)).toBe("/");
  });

  it("sends a person without a session to sign in, coming back to where they were", async () => {
    const answer = await thrown(currentStaff(request("/orders?status=shipped"), () => Promise.reject(new Error("not called"))));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/sign-in?next=%2Forders%3Fstatus%3Dshipped");
  });

  it("forgets a session the API no longer knows", async () => {
    const answer = await thrown(
      currentStaff(request("/", "quire_staff_session=qs_old"), () =>
        Promise.reject(new ApiRequestError(401, [{ code: "staff_token_invalid", message: "x" }])),
      ),
    );
    expect(answer.headers.get("location")).toBe("/sign-in");
    expect(answer.headers.get("set-cookie")).toMatch(/^quire_staff_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
  });

  it("shows a refused read as its own page: not allowed, not found, away", async () => {
    for (const [status, shown] of [
      [403, 403],
      [404, 404],
      [400, 404],
      [503, 503],
    ] as const) {
      const answer = await thrown(pageRead(request("/orders/1"), Promise.reject(new ApiRequestError(status, []))));
      expect(answer.status).toBe(shown);
    }
    await expect(pageRead(request("/"), Promise.reject(new ApiRequestError(500, [])))).rejects.toBeInstanceOf(ApiRequestError);
  });
});
