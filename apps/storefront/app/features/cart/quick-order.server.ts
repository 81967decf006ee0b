import { VariantsBySkuResponseSchema, type VariantBySku } from "@quire/contracts";
import type { RouterContextProvider } from "react-router";
import { ApiRequestError } from "~/lib/api.server";
import { apiContext } from "~/lib/context.server";
import { parseQuickOrderForm, sortOutcomes, type QuickOrderOutcome } from "./cart-forms";
import { addToCart } from "./cart.server";

type Context = Readonly<RouterContextProvider>;

export interface QuickOrderReport {
  outcomes: QuickOrderOutcome[];
  /** Set-Cookie of a cart the first added line created. */
  headers: Headers;
}

const firstError = (error: ApiRequestError) => error.errors[0]?.message ?? error.message;

/**
 * A quick order (spec section 1, when the store enables it): the SKUs of several rows found in one call
 * (GET /products/variants/by-sku), then each found row added in turn, so one row's failure (unknown SKU,
 * out of stock, bad quantity) never stops the others. Every row gets an outcome, in the order typed.
 */
export async function placeQuickOrder(context: Context, form: FormData): Promise<QuickOrderReport> {
  const { requests, rejections } = parseQuickOrderForm(form);
  const outcomes: QuickOrderOutcome[] = rejections.map(({ line, message }) => ({ ...line, added: false, message }));
  const headers = new Headers();
  if (requests.length === 0) return { outcomes: sortOutcomes(outcomes), headers };

  let found: VariantBySku[];
  try {
    const skus = [...new Set(requests.map((request) => request.sku))];
    found = (await context.get(apiContext).get("/products/variants/by-sku", VariantsBySkuResponseSchema, { Skus: skus })).data;
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const message = firstError(error);
    for (const request of requests) outcomes.push({ ...request, added: false, message });
    return { outcomes: sortOutcomes(outcomes), headers };
  }
  const bySku = new Map(found.map((variant) => [variant.requestedSku, variant]));

  // One after another: the first add may create the anonymous cart the later ones must join.
  for (const request of requests) {
    const variant = bySku.get(request.sku);
    if (!variant) {
      outcomes.push({ ...request, added: false, message: `No item has the SKU ${request.sku}.` });
      continue;
    }
    try {
      const change = await addToCart(context, { productVariantId: variant.variantId, quantity: request.quantity });
      for (const cookie of change.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      outcomes.push({ ...request, added: true, message: `${variant.productName} (${variant.variantName}) × ${request.quantity}` });
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      outcomes.push({ ...request, added: false, message: firstError(error) });
    }
  }
  return { outcomes: sortOutcomes(outcomes), headers };
}
