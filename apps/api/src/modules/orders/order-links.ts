import { createOrderLinkToken } from "../../security/order-links";

/** What building an order link needs: where the storefront is, and the secret links are signed with. */
export interface OrderLinkDeps {
  /** The storefront's public address, without a trailing slash. */
  storefrontUrl: string;
  orderLinkSecret: string;
}

/**
 * The links an order email carries (decision 041): the order's page and its proforma invoice, for whoever holds
 * the email, in any browser. Each call signs a fresh token, so every mail's link works for the link's whole
 * lifetime from when it was sent.
 */
export function orderLinksOf(deps: OrderLinkDeps, order: { storeId: number; orderId: number }) {
  const token = createOrderLinkToken(deps.orderLinkSecret, order);
  const base = deps.storefrontUrl.replace(/\/+$/, "");
  return { orderUrl: `${base}/order-status/${token}`, proformaUrl: `${base}/order-status/proforma-invoice/${token}` };
}
