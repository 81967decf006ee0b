import type { PrivacyPolicy } from "@quire/contracts";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";

/** The current privacy policy (GET /privacy-policies/current), or null while the shop has published none. */
export async function getCurrentPrivacyPolicy(api: ApiClient): Promise<PrivacyPolicy | null> {
  try {
    return (await api.call("getCurrentPrivacyPolicy")).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
