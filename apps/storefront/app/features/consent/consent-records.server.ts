import { COOKIE_CONSENT_SOURCES, type RecordCookieConsentBody } from "@quire/contracts";
import { z } from "zod";
import type { ApiClient } from "~/lib/api.server";
import { CONSENT_SOURCE_FIELD, CONSENT_SOURCES } from "./consent-sources";

/** Which form made a decision: the settings page's forms say so; any other post (the banner's) counts as the banner's. */
export const DecisionFormSchema = z.object({ [CONSENT_SOURCE_FIELD]: z.enum(COOKIE_CONSENT_SOURCES).catch(CONSENT_SOURCES.banner) });

/**
 * How long a decision's record may take before the shopper is sent on without it. The API answers in a few
 * milliseconds; this bounds what an API that accepts the connection and then hangs can cost the shopper.
 */
export const CONSENT_RECORD_TIMEOUT_MS = 3_000;

/**
 * Records a cookie decision with the API (POST /consents, decision 060), as the consent cookie that honours it is
 * set. Never throws: the shopper's choice takes effect by the cookie whatever happens here. A record that cannot
 * be made (the API away, refusing, past its limit, or slower than CONSENT_RECORD_TIMEOUT_MS) is logged as a warning
 * without the consent id, and not retried: the browser's next decision is recorded as usual. Answers whether the
 * API recorded it.
 */
export async function recordCookieDecision(
  api: Pick<ApiClient, "call">,
  decision: RecordCookieConsentBody,
  { warn = console.warn, timeoutMs = CONSENT_RECORD_TIMEOUT_MS }: { warn?: (...parts: unknown[]) => void; timeoutMs?: number } = {},
): Promise<boolean> {
  try {
    await api.call("recordCookieConsent", { body: decision, signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch (error) {
    // A Response is what the API client throws to end a page (a sign-in gone stale): here it is only a failure.
    const reason = error instanceof Error ? error.message : error instanceof Response ? `answered ${error.status}` : String(error);
    warn(`A cookie decision (${decision.source}) could not be recorded; the shopper's choice is set all the same:`, reason);
    return false;
  }
}
