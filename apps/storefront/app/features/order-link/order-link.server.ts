import { hasErrorCode, ORDER_LINK_ERROR_CODES, type Order } from "@quire/contracts";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";

/*
 * A guest's order link (decision 041): the emailed token is the only key to the order, sent to the API in a
 * call's body, never in a URL the API logs. Pages that show it are private (never cached) and send no Referer.
 */

export type OrderLinkAnswer = { ok: true; order: Order } | { ok: false; problem: "invalid" | "expired" };

/** The API's refusal of an order link as the page's problem; null for any other failure. */
export function orderLinkProblemOf(error: unknown): "invalid" | "expired" | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (hasErrorCode(error, ORDER_LINK_ERROR_CODES.expired)) return "expired";
  if (hasErrorCode(error, ORDER_LINK_ERROR_CODES.invalid)) return "invalid";
  return null;
}

/** The order a link opens, or what is wrong with the link. */
export async function readOrderByLink(api: ApiClient, token: string): Promise<OrderLinkAnswer> {
  try {
    return { ok: true, order: (await api.call("getOrderByLink", { body: { token } })).data };
  } catch (error) {
    const problem = orderLinkProblemOf(error);
    if (!problem) throw error;
    return { ok: false, problem };
  }
}
