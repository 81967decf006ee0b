import type { BackInStockSubscribeResult } from "@quire/contracts";

/**
 * The success toast. An address that is not a signed-in customer's own must be confirmed first, so the
 * shopper is told to look for the email; the API answers alike for every such address.
 */
export function backInStockConfirmation(result: Pick<BackInStockSubscribeResult, "status" | "email">): string {
  if (result.status === "subscribed") return `We'll email ${result.email} as soon as it's back in stock.`;
  return `Check your inbox at ${result.email} and confirm the link we've sent: then we'll email you once when it's back in stock.`;
}
