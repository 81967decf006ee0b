import type { BackInStockSubscribeBody, BackInStockSubscription } from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError, badRequest, notFound } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { findStoreVariant } from "../inventory/inventory.repository";
import { enqueueMail, type OutgoingMail } from "../mail/outbox.repository";
import * as repository from "./back-in-stock.repository";

export type BackInStockContext = Pick<RequestContext, "store" | "customerId">;

/** What a back-in-stock message needs from outside the database. */
export interface BackInStockMailDeps {
  /** Public address of the storefront, for the product link. */
  storefrontUrl: string;
}

/**
 * Asks for one email when an out-of-stock variant is back. The variant is read under a share lock, so a
 * restock either commits before (and the request is refused as in stock) or waits and then sees the
 * request (and mails it): no request is left pending for a variant that is already back.
 */
export async function subscribeBackInStock(
  db: Db,
  ctx: BackInStockContext,
  body: BackInStockSubscribeBody,
): Promise<{ subscription: BackInStockSubscription; created: boolean }> {
  const accountEmail =
    body.email === undefined && ctx.customerId !== null
      ? await repository.findCustomerEmail(db, { storeId: ctx.store.id, customerId: ctx.customerId })
      : null;
  const email = body.email ?? accountEmail;
  if (!email) throw badRequest("email_required", "Enter the email address to notify", "body.email");
  const { productsVisible } = getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId });

  return db.transaction(async (tx) => {
    const variant = await findStoreVariant(tx, { storeId: ctx.store.id, variantId: body.productVariantId, lock: "share" });
    // Unknown, unpublished and hidden variants answer alike, so a hidden catalogue does not leak.
    if (!variant || !variant.isPublished || !productsVisible) throw notFound("Product variant", "variant_not_found");
    if (variant.stockQuantity > 0) throw new AppError(409, "variant_in_stock", "This product is in stock; it can be ordered now");
    const { created, ...row } = await repository.insertPendingSubscription(tx, {
      storeId: ctx.store.id,
      variantId: variant.variantId,
      email,
      customerId: ctx.customerId,
    });
    return { subscription: { ...row, subscribedAt: row.subscribedAt.toISOString() }, created };
  });
}

/**
 * Mails every pending subscriber of a variant that has just come back into stock, once each, through the
 * outbox. Call it inside the transaction that raised the stock, so the mail exists exactly when the
 * restock does. Requests for an unpublished product stay pending: its link would lead nowhere.
 */
export async function notifyBackInStock(
  tx: Db,
  input: { storeId: number; variantId: number },
  deps: BackInStockMailDeps,
): Promise<number> {
  const facts = await repository.findVariantMailFacts(tx, input.variantId);
  if (!facts?.isPublished) return 0;
  const subscribers = await repository.claimPendingSubscriptions(tx, input.variantId);
  const link = `${deps.storefrontUrl.replace(/\/+$/, "")}/store/product/${facts.productSlug}`;
  const title =
    facts.variantName && facts.variantName !== facts.productName ? `${facts.productName} (${facts.variantName})` : facts.productName;
  const mails: OutgoingMail[] = subscribers.map((subscriber) => ({
    storeId: input.storeId,
    kind: "back_in_stock",
    recipient: subscriber.email,
    subject: `Back in stock: ${facts.productName}`,
    textBody: [
      `Good news: ${title} is back in stock at ${facts.storeName}.`,
      "",
      `See it here: ${link}`,
      "",
      "You asked us to tell you when it returned. This is the only message we will send about it.",
    ].join("\n"),
    actionUrl: link,
  }));
  await enqueueMail(tx, mails);
  return mails.length;
}
