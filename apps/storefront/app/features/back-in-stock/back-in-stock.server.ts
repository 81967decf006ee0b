import {
  BACK_IN_STOCK_TOKEN_EXPIRED,
  BACK_IN_STOCK_TOKEN_INVALID,
  hasErrorCode,
  type BackInStockSubscribeBody,
  type BackInStockSubscribeResult,
} from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import { ApiRequestError, type ApiClient } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import type { ConfirmationLink } from "./confirmation-page";

/**
 * Asks to be emailed once when the variant is back (POST /notifications/back-in-stock). Asking twice is
 * fine; unless it is a signed-in customer's own address, the owner must confirm by an emailed link.
 */
export async function subscribeBackInStock(
  context: Readonly<RouterContextProvider>,
  body: BackInStockSubscribeBody,
): Promise<BackInStockSubscribeResult> {
  return (await context.get(apiContext).call("subscribeBackInStock", { body })).data;
}

/** The API's refusal of a link as the page's problem; null for any other failure, which is not the link's. */
export function linkProblemOf(error: unknown): "invalid" | "expired" | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (hasErrorCode(error, BACK_IN_STOCK_TOKEN_EXPIRED)) return "expired";
  if (hasErrorCode(error, BACK_IN_STOCK_TOKEN_INVALID)) return "invalid";
  return null;
}

async function callWithToken(
  api: ApiClient,
  operationId: "confirmBackInStock" | "previewBackInStockConfirmation",
  token: string,
): Promise<ConfirmationLink> {
  try {
    return { ok: true, confirmation: (await api.call(operationId, { body: { token } })).data };
  } catch (error) {
    const problem = linkProblemOf(error);
    if (!problem) throw error;
    return { ok: false, problem };
  }
}

/** Reads what a confirmation link names without confirming it (POST .../confirm/preview changes nothing). */
export function previewBackInStockConfirmation(api: ApiClient, token: string): Promise<ConfirmationLink> {
  return callWithToken(api, "previewBackInStockConfirmation", token);
}

/** Confirms the request a link names; confirming again answers the same. */
export function confirmBackInStock(api: ApiClient, token: string): Promise<ConfirmationLink> {
  return callWithToken(api, "confirmBackInStock", token);
}
