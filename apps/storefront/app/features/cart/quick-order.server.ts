import type { RouterContextProvider } from "react-router";
import { ApiRequestError } from "~/lib/api.server";
import { parseQuickOrderForm, sortOutcomes, type QuickOrderOutcome } from "./cart-forms";
import { addToCartBulk } from "./cart.server";
import { t } from "~/lib/i18n/messages/cart-server";
import { trackEcommerceEvent } from "~/features/analytics/ecommerce.server";
import type { EcommerceLine } from "~/features/analytics/ecommerce";

type Context = Readonly<RouterContextProvider>;

export interface QuickOrderReport {
  outcomes: QuickOrderOutcome[];
  /** Set-Cookie of a cart the order created. */
  headers: Headers;
}

const firstError = (error: ApiRequestError) => error.errors[0]?.message ?? error.message;

/**
 * A quick order (when the store enables it): every row that holds a SKU goes to the API in
 * one call (PUT /baskets/bulk), which adds the rows it can in one transaction and says why it refused each
 * other one (unknown SKU, out of stock, too many), so one row's failure never stops the others. Every row
 * gets an outcome, in the order typed; a call refused whole (the API away, the shop closed to guests) gives
 * every row its reason. The order sends the key its form was rendered with, so a resent order adds once.
 */
export async function placeQuickOrder(context: Context, form: FormData, idempotencyKey?: string): Promise<QuickOrderReport> {
  const { requests, rejections } = parseQuickOrderForm(form);
  const outcomes: QuickOrderOutcome[] = rejections.map(({ line, message }) => ({ ...line, added: false, message }));
  if (requests.length === 0) return { outcomes: sortOutcomes(outcomes), headers: new Headers() };

  try {
    const { cart, results, headers } = await addToCartBulk(
      context,
      requests.map((request) => ({ sku: request.sku, quantity: request.quantity })),
      { idempotencyKey },
    );
    const lines = new Map(cart.lineItems.map((line) => [line.lineItemId, line]));
    const added: EcommerceLine[] = [];
    requests.forEach((request, index) => {
      const result = results[index];
      if (!result) {
        outcomes.push({ ...request, added: false, message: t("cart.quick_order.no_answer") });
      } else if (result.added) {
        const line = lines.get(result.lineItemId);
        if (line) added.push({ variantId: line.variant.id, quantity: request.quantity, unitPrice: line.unitPrice });
        const name = line ? `${line.productName} (${line.variant.name})` : request.sku;
        outcomes.push({ ...request, added: true, message: `${name} × ${request.quantity}` });
      } else {
        outcomes.push({ ...request, added: false, message: result.error.message });
      }
    });
    // One add_to_cart for the rows the order added (analytics, tracked shoppers only).
    trackEcommerceEvent(context, "add_to_cart", { lines: added });
    return { outcomes: sortOutcomes(outcomes), headers };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const message = firstError(error);
    for (const request of requests) outcomes.push({ ...request, added: false, message });
    return { outcomes: sortOutcomes(outcomes), headers: new Headers() };
  }
}
