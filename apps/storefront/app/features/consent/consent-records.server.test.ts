import type { RecordCookieConsentBody } from "@quire/contracts";
import { ApiRequestError } from "@quire/web-kit/operation-client";
import { describe, expect, it, vi } from "vitest";
import { recordCookieDecision } from "./consent-records.server";

const DECISION: RecordCookieConsentBody = {
  subject: "AbCdEfGhIjKlMnOpQrStUvWx",
  analytics: false,
  marketing: false,
  bannerVersion: 1,
  source: "settings_page",
};

/** A stand-in for the API client whose call does what `answer` does with the call's signal. */
const apiThat = (answer: (signal: AbortSignal) => Promise<unknown>) => ({
  call: vi.fn((_operation: string, input: { signal?: AbortSignal }) => answer(input.signal!)),
});

describe("recording a cookie decision", () => {
  it("sends the decision to POST /consents and answers that it was recorded, warning of nothing", async () => {
    const api = apiThat(async () => ({ data: {} }));
    const warn = vi.fn();
    expect(await recordCookieDecision(api as never, DECISION, { warn })).toBe(true);
    expect(api.call).toHaveBeenCalledWith("recordCookieConsent", { body: DECISION, signal: expect.any(AbortSignal) });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ["the API refuses it", () => Promise.reject(new ApiRequestError(429, [{ code: "too_many_requests", message: "Too many requests" }]))],
    ["the API cannot be reached", () => Promise.reject(new ApiRequestError(503, [{ code: "api_unreachable", message: "Unreachable" }]))],
    ["the client ends the request", () => Promise.reject(new Response(null, { status: 302 }))],
  ])("answers false without throwing when %s, and warns without the consent id", async (_, answer) => {
    const warn = vi.fn();
    expect(await recordCookieDecision(apiThat(answer) as never, DECISION, { warn })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]!.join(" ")).toContain("could not be recorded");
    expect(warn.mock.calls[0]!.join(" ")).not.toContain(DECISION.subject);
  });

  it("gives up on an API that does not answer in time, so the shopper is not kept waiting", async () => {
    const hanging = apiThat(
      (signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true })),
    );
    const warn = vi.fn();
    expect(await recordCookieDecision(hanging as never, DECISION, { warn, timeoutMs: 20 })).toBe(false);
    expect(warn.mock.calls[0]!.join(" ")).toMatch(/could not be recorded.*(timeout|aborted)/i);
  });
});
