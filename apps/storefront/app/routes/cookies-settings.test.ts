import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { apiContext } from "~/lib/context.server";
import { CONSENT_VERSION, readConsent, readConsentId } from "~/features/consent/consent.server";
import { action } from "./cookies-settings";

/*
 * The consent form's action (decision 060): each decision is recorded with the API against the browser's consent
 * id, the one its cookie keeps, and the cookie honours the choice even when the record fails.
 */

/** Posts a consent form as a browser would, with the cookies it has, to the action with `call` as the API client's. */
async function post(fields: Record<string, string>, call: (...args: unknown[]) => Promise<unknown>, cookie?: string) {
  const context = new RouterContextProvider();
  context.set(apiContext, { call } as never);
  const request = new Request("http://shop.test/cookies-settings", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Referer: "http://shop.test/store", ...(cookie ? { Cookie: cookie } : {}) },
  });
  return (await action({ request, context, params: {}, unstable_pattern: "/cookies-settings" } as never)) as Response;
}

/** The consent cookie an answer set, as the browser sends it back. */
const consentCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("cookie_consent="))
    ?.split(";")[0];
const asRequest = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });

describe("the consent form's action", () => {
  it("records the banner's accept all against a new consent id, then a withdrawal on the settings page against the same id", async () => {
    const call = vi.fn(async () => ({ data: {} }));
    const accepted = await post({ intent: "accept-all", source: "banner" }, call);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe("/store");
    const cookie = consentCookieOf(accepted)!;
    const id = await readConsentId(asRequest(cookie));
    expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{23}$/);
    expect(call).toHaveBeenLastCalledWith("recordCookieConsent", {
      body: { subject: id, analytics: true, marketing: true, bannerVersion: CONSENT_VERSION, source: "banner" },
      signal: expect.any(AbortSignal),
    });

    const withdrawn = await post({ intent: "reject-all", source: "settings_page", redirectTo: "/cookies-settings" }, call, cookie);
    expect(call).toHaveBeenLastCalledWith("recordCookieConsent", {
      body: { subject: id, analytics: false, marketing: false, bannerVersion: CONSENT_VERSION, source: "settings_page" },
      signal: expect.any(AbortSignal),
    });
    const kept = consentCookieOf(withdrawn)!;
    expect(await readConsentId(asRequest(kept)), "the same browser, the same id").toBe(id);
    expect(await readConsent(asRequest(kept))).toEqual({ analytics: false, marketing: false });
  });

  it("records the settings page's own choice, and counts a post that does not say where it came from as the banner's", async () => {
    const call = vi.fn(async () => ({ data: {} }));
    await post({ intent: "save", source: "settings_page", marketing: "on" }, call);
    expect(call).toHaveBeenLastCalledWith("recordCookieConsent", {
      body: expect.objectContaining({ analytics: false, marketing: true, source: "settings_page" }),
      signal: expect.any(AbortSignal),
    });
    await post({ intent: "reject-all", source: "elsewhere" }, call);
    expect(call).toHaveBeenLastCalledWith("recordCookieConsent", {
      body: expect.objectContaining({ source: "banner" }),
      signal: expect.any(AbortSignal),
    });
  });

  it("sets the cookie all the same when the API cannot record the decision, and warns without the consent id", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = vi.fn(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:4000");
    });
    let answer: Response;
    let warnings: string[];
    try {
      answer = await post({ intent: "accept-all" }, failing);
    } finally {
      warnings = warn.mock.calls.map((call) => call.join(" "));
      warn.mockRestore();
    }
    expect(answer.status).toBe(303);
    const cookie = consentCookieOf(answer)!;
    expect(await readConsent(asRequest(cookie))).toEqual({ analytics: true, marketing: true });
    const id = (await readConsentId(asRequest(cookie)))!;
    expect(id, "the id the next decision is recorded against").not.toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("ECONNREFUSED");
    expect(warnings[0]).not.toContain(id);
  });

  it("records nothing and sets no cookie for a form without a known intent", async () => {
    const call = vi.fn(async () => ({ data: {} }));
    const answer = (await post({ intent: "accept-some" }, call)) as unknown as { init?: { status?: number } };
    expect(call).not.toHaveBeenCalled();
    expect(answer.init?.status).toBe(400);
  });
});
