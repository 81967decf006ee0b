/** Where an order link's page and its proforma invoice are (routes.ts), and where a guest asks for a new link. */
export const orderLinkPath = (token: string) => `/order-status/${token}`;
export const orderLinkProformaPath = (token: string) => `/order-status/proforma-invoice/${token}`;
export const FIND_MY_ORDER_PATH = "/find-my-order";
