import { describe, expect, it } from "vitest";
import { ApiRequestError, type ApiClient } from "./api.server";
import { guardApiClient } from "./api-failure.server";

/** A client whose every call answers `outcome`: a value, or a rejection. */
function clientAnswering(outcome: { value: unknown } | { error: unknown }): ApiClient {
  const call = async () => {
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  };
  return { call } as unknown as ApiClient;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("the call was expected to fail");
}

const from = { pathname: "/favorites/4", search: "?sort=name" };
const signedIn = { signedIn: true };
const anonymous = { signedIn: false };

describe("the guarded API client (the failure rules in one place)", () => {
  it("passes answers through", async () => {
    const api = guardApiClient(clientAnswering({ value: { data: 1 } }), from, signedIn);
    expect(await api.call("getStoreSettings")).toEqual({ data: 1 });
  });

  it("turns a 401 for a token into a redirect to sign in that signs out: token and guest cart cookies cleared", async () => {
    const api = guardApiClient(
      clientAnswering({ error: new ApiRequestError(401, [{ code: "token_invalid", message: "Sign in again" }]) }),
      from,
      signedIn,
    );
    const thrown = await failureOf(api.call("createWishlist", { body: { name: "Reading" } }));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login?redirect_url=%2Ffavorites%2F4%3Fsort%3Dname");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.find((cookie) => cookie.startsWith("quire_token="))).toMatch(/^quire_token=; .*Max-Age=0/);
    expect(cookies.find((cookie) => cookie.startsWith("quire_cart="))).toMatch(/^quire_cart=; .*Max-Age=0/);
  });

  it("sends an anonymous visitor's 401 to sign in without touching their guest cart", async () => {
    const api = guardApiClient(
      clientAnswering({ error: new ApiRequestError(401, [{ code: "authentication_required", message: "Sign in to continue" }]) }),
      from,
      anonymous,
    );
    const response = (await failureOf(api.call("listWishlists"))) as Response;
    expect(response.headers.get("Location")).toBe("/auth/login?redirect_url=%2Ffavorites%2F4%3Fsort%3Dname");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("turns the 403s into the pages that resolve them", async () => {
    const privacy = guardApiClient(
      clientAnswering({ error: new ApiRequestError(403, [{ code: "privacy_policy_not_accepted", message: "Accept it" }]) }),
      from,
      signedIn,
    );
    const toPolicy = (await failureOf(privacy.call("listWishlists"))) as Response;
    expect(toPolicy.headers.get("Location")).toBe("/privacy-policy?redirect_url=%2Ffavorites%2F4%3Fsort%3Dname");
    expect(toPolicy.headers.get("Set-Cookie")).toBeNull();

    const password = guardApiClient(
      clientAnswering({ error: new ApiRequestError(403, [{ code: "password_change_required", message: "Change it" }]) }),
      from,
      signedIn,
    );
    const toSettings = (await failureOf(password.call("deleteWishlist", { params: { id: 4 } }))) as Response;
    expect(toSettings.headers.get("Location")).toBe("/account/settings?message=password_change_required");
  });

  it("leaves other failures to the caller, unchanged", async () => {
    const conflict = new ApiRequestError(409, [{ code: "out_of_stock", message: "Only 2 left" }]);
    expect(
      await failureOf(
        guardApiClient(clientAnswering({ error: conflict }), from, signedIn).call("addToCart", {
          body: { productVariantId: 1, quantity: 1 },
        }),
      ),
    ).toBe(conflict);
    const bug = new TypeError("boom");
    expect(await failureOf(guardApiClient(clientAnswering({ error: bug }), from, signedIn).call("getStoreSettings"))).toBe(bug);
  });
});
