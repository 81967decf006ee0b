import { z } from "zod";
import { dataSchema } from "./common";
import { EmailSchema } from "./identity";

// A guest's order link (decision 041): an emailed, signed token that opens an order and its proforma invoice in
// any browser, and "find my order", which emails it again.

/**
 * The token of an order link, as an order email carries it: the order's id, the link's expiry (Unix seconds) and
 * an HMAC-SHA256 signature (base64url), dot-separated. Whether it is genuine is the API's to say.
 */
export const OrderLinkTokenSchema = z
  .string()
  .max(80, { message: "The link is not valid", abort: true })
  .regex(/^[1-9]\d{0,9}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/, "The link is not valid");

/**
 * POST /order-links/order and POST /order-links/proforma-invoice: the order an emailed link opens, and its
 * proforma invoice, for whoever holds the link (no sign-in, no cookie). The token travels in the body, never in
 * a URL the API logs. An unknown or altered token: 404 `order_link_invalid`; a genuine one past its time: 410
 * `order_link_expired` (ask for a new one with POST /order-links).
 */
export const OrderLinkBodySchema = z.object({ token: OrderLinkTokenSchema }).strict();
export type OrderLinkBody = z.infer<typeof OrderLinkBodySchema>;

/**
 * POST /order-links: "find my order". The order's number and the email it was placed with; when both match an
 * order of the store, its link is emailed to that address. The answer is the same 202 whether or not they do,
 * so the form tells nobody which orders exist. A few requests an hour per client: past it, 429
 * `too_many_requests` with Retry-After.
 */
export const OrderLinkRequestBodySchema = z
  .object({
    orderNumber: z
      .string()
      .trim()
      .toUpperCase()
      .max(40, "Enter the order number from your confirmation, such as QB-1001")
      .regex(/^QB-\d{1,12}$/, "Enter the order number from your confirmation, such as QB-1001"),
    email: EmailSchema,
  })
  .strict();
export type OrderLinkRequestBody = z.infer<typeof OrderLinkRequestBodySchema>;
export const OrderLinkRequestResponseSchema = dataSchema(z.object({ accepted: z.literal(true) }).meta({ id: "OrderLinkRequestReceipt" }));
