import type { OrderLinkRequestBody } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { checkOrderLinkToken, ORDER_LINK_LIFETIME_DAYS } from "../../security/order-links";
import { countRecentMail, enqueueMail, lockRecipientMail } from "../mail/mail.service";
import { type LimitRule, rateLimitKey, reserveLimit } from "../rate-limits/rate-limits.service";
import { orderLinksOf, type OrderLinkDeps } from "./order-links";
import { orderLinkMail } from "./order-mails";
import * as repository from "./orders.repository";

/**
 * How often "find my order" may be asked: per client address (refused requests count too), and per order's
 * address, so that nobody, from however many addresses, can fill a buyer's mailbox with links.
 */
export const ORDER_LINK_LIMITS = {
  perClient: { max: 5, windowSeconds: 60 * 60 },
  perRecipient: { max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

export const orderLinkClientLimitKey = (clientIp: string) => rateLimitKey("order-link:client", clientIp);

/**
 * The store's order an order link opens, with its lines: 404 `order_link_invalid` for a token this shop did not
 * sign for this store (or for an order since deleted), 410 `order_link_expired` for a genuine one past its time.
 */
export async function requireLinkedOrder(db: Db, ctx: Pick<RequestContext, "store">, secret: string, token: string) {
  const check = checkOrderLinkToken(secret, ctx.store.id, token);
  if (!check.valid) throw new AppError(check.problem === "expired" ? "order_link_expired" : "order_link_invalid");
  const found = await repository.findStoreOrder(db, { storeId: ctx.store.id, orderId: check.orderId });
  if (!found) throw new AppError("order_link_invalid");
  return found;
}

/**
 * POST /order-links ("find my order"): when the number and the email match one of the store's orders, mails that
 * address a fresh link to it, through the outbox; otherwise does nothing. The caller answers the same either way,
 * so the form reveals no order. Counted against the client first; the per-recipient cap is checked under the
 * address's mail lock, so concurrent requests cannot slip past it.
 */
export async function requestOrderLink(
  db: Db,
  ctx: Pick<RequestContext, "store" | "clientIp">,
  deps: OrderLinkDeps,
  body: OrderLinkRequestBody,
): Promise<void> {
  const client = await reserveLimit(db, orderLinkClientLimitKey(ctx.clientIp), ORDER_LINK_LIMITS.perClient);
  if (!client.allowed) throw new AppError("too_many_requests", { retryAfterSeconds: client.retryAfterSeconds });
  const order = await repository.findOrderByNumber(db, { storeId: ctx.store.id, publicId: body.orderNumber });
  if (!order || order.email.toLowerCase() !== body.email) return;
  await db.transaction(async (tx) => {
    await lockRecipientMail(tx, order.email);
    const since = new Date(Date.now() - ORDER_LINK_LIMITS.perRecipient.windowSeconds * 1000);
    if ((await countRecentMail(tx, order.email, ["order_link"], since)) >= ORDER_LINK_LIMITS.perRecipient.max) return;
    const links = orderLinksOf(deps, { storeId: ctx.store.id, orderId: order.id });
    await enqueueMail(tx, {
      ...orderLinkMail(
        { storeId: ctx.store.id, storeName: ctx.store.name, storefrontUrl: deps.storefrontUrl, lifetimeDays: ORDER_LINK_LIFETIME_DAYS },
        { publicId: body.orderNumber, email: order.email, firstName: order.firstName, orderUrl: links.orderUrl },
      ),
      orderId: order.id,
    });
  });
}
