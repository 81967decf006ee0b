import type { BackInStockSubscribeResult } from "@quire/contracts";
import { t } from "~/lib/i18n/messages/back-in-stock-server";

/**
 * The success toast. An address that is not a signed-in customer's own must be confirmed first, so the
 * shopper is told to look for the email; the API answers alike for every such address.
 */
export function backInStockConfirmation(result: Pick<BackInStockSubscribeResult, "status" | "email">): string {
  if (result.status === "subscribed") return t("back_in_stock.subscribed", { email: result.email });
  return t("back_in_stock.confirmation_sent", { email: result.email });
}
