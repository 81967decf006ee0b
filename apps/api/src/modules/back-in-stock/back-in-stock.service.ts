import {
  BACK_IN_STOCK_CONFIRMATION_DAYS,
  BACK_IN_STOCK_TOKEN_EXPIRED,
  BACK_IN_STOCK_TOKEN_INVALID,
  type BackInStockConfirmation,
  type BackInStockSubscribeBody,
  type BackInStockSubscribeResult,
} from "@quire/contracts";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { getCatalogVisibility } from "../catalog/catalog-policy";
import { findVariantNames } from "../catalog/variant-names.service";
import type { DomainEvent } from "../jobs/domain-events";
import { createEmailedToken, hashEmailedToken } from "../../security/emailed-tokens";
import { findStoreVariant, type StoreVariantRow } from "../inventory/inventory.service";
import { countRecentMail, enqueueMail, lockRecipientMail } from "../mail/mail.service";
import { type LimitRule, rateLimitKey, reserveLimit } from "../rate-limits/rate-limits.service";
import { backInStockMail, CONFIRMATION_MAIL_KIND, confirmationMail, type VariantMailFacts } from "./back-in-stock-mail";
import { findCustomerEmail } from "../identity/customers.service";
import { findStoreName } from "../stores/stores.service";
import * as repository from "./back-in-stock.repository";

export type BackInStockContext = Pick<RequestContext, "store" | "customerId" | "clientIp">;

/** What back-in-stock messages need from outside the database. */
export interface BackInStockMailDeps {
  /** Public address of the storefront, for the links in the emails. */
  storefrontUrl: string;
}

/**
 * The caps that keep the request from being a way to mail strangers. Per client: requests of any outcome,
 * answered 429 past the cap (a rate limit). Per address: confirmation emails, across variants and stores,
 * counted in the outbox like the identity emails' cap; past it the request is answered as usual and mails
 * nothing, so the cap cannot be used to learn anything.
 */
export const BACK_IN_STOCK_LIMITS = {
  perClient: { max: 20, windowSeconds: 60 * 60 },
  perAddress: { max: 3, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, LimitRule>;

/** The rate-limit key of one client's back-in-stock requests. */
export const clientLimitKey = (clientIp: string) => rateLimitKey("back-in-stock:client", clientIp);

const storefrontBase = (deps: BackInStockMailDeps) => deps.storefrontUrl.replace(/\/+$/, "");
const variantIsBack = (variant: StoreVariantRow) => variant.isPublished && variant.stockQuantity > 0;

/**
 * Asks for one email when an out-of-stock variant is back (double opt-in). The client's request is counted
 * first, in its own statement, so refused requests count too. The variant is then read under a share lock,
 * so a restock either commits before (and the request is refused as in stock) or waits and then sees the
 * request: no confirmed request is left pending for a variant that is already back. A signed-in customer's
 * own account email is confirmed at once; any other address gets a confirmation link by email, in the same
 * transaction, unless it is already confirmed or has had its share of confirmation emails.
 */
export async function subscribeBackInStock(
  deps: BackInStockMailDeps & { db: Db },
  ctx: BackInStockContext,
  body: BackInStockSubscribeBody,
): Promise<BackInStockSubscribeResult> {
  const { db } = deps;
  const client = await reserveLimit(db, clientLimitKey(ctx.clientIp), BACK_IN_STOCK_LIMITS.perClient);
  if (!client.allowed) throw new AppError("too_many_requests", { retryAfterSeconds: client.retryAfterSeconds });

  const accountEmail = ctx.customerId !== null ? await findCustomerEmail(db, { storeId: ctx.store.id, customerId: ctx.customerId }) : null;
  const email = body.email ?? accountEmail;
  if (!email) throw new AppError("email_required", { field: "body.email" });
  const { productsVisible } = getCatalogVisibility({ store: ctx.store, customerId: ctx.customerId });

  return db.transaction(async (tx) => {
    const variant = await findStoreVariant(tx, { storeId: ctx.store.id, variantId: body.productVariantId, lock: "share" });
    // Unknown, unpublished and hidden variants answer alike, so a hidden catalogue does not leak.
    if (!variant || !variant.isPublished || !productsVisible) throw new AppError("variant_not_found", "Product variant was not found");
    if (variant.stockQuantity > 0) throw new AppError("variant_in_stock");
    const subscription = await repository.upsertPendingSubscription(tx, {
      storeId: ctx.store.id,
      variantId: variant.variantId,
      email,
      customerId: ctx.customerId,
    });
    const answer = { productVariantId: variant.variantId, email };

    // The account's address was verified when the account was made: nothing to confirm.
    if (email === accountEmail) {
      await repository.markSubscriptionConfirmed(tx, { subscriptionId: subscription.id, customerId: ctx.customerId });
      return { ...answer, status: "subscribed" };
    }
    if (!subscription.confirmed)
      await sendConfirmation(tx, deps, { storeId: ctx.store.id, variantId: variant.variantId, subscriptionId: subscription.id, email });
    return { ...answer, status: "confirmation_sent" };
  });
}

/** Emails a fresh confirmation link, when the address has not had its share of them today. */
async function sendConfirmation(
  tx: Db,
  deps: BackInStockMailDeps,
  input: { storeId: number; variantId: number; subscriptionId: number; email: string },
): Promise<void> {
  // Counted and queued under the address's mail lock, so concurrent requests cannot overshoot the cap.
  await lockRecipientMail(tx, input.email);
  const since = new Date(Date.now() - BACK_IN_STOCK_LIMITS.perAddress.windowSeconds * 1000);
  const sent = await countRecentMail(tx, input.email, [CONFIRMATION_MAIL_KIND], since);
  if (sent >= BACK_IN_STOCK_LIMITS.perAddress.max) return;
  const facts = await findVariantMailFacts(tx, input);
  if (!facts) throw new Error(`variant ${input.variantId} vanished while locked`);
  const { token, tokenHash } = createEmailedToken();
  const expiresAt = new Date(Date.now() + BACK_IN_STOCK_CONFIRMATION_DAYS * 24 * 60 * 60 * 1000);
  await repository.insertConfirmationToken(tx, { subscriptionId: input.subscriptionId, tokenHash, expiresAt });
  await enqueueMail(tx, confirmationMail(facts, input, { storefrontUrl: storefrontBase(deps), token }));
}

/**
 * What a back-in-stock message names: the book and its format (the catalogue's) and the store sending it (the
 * stores module's); null when either is gone.
 */
async function findVariantMailFacts(tx: Db, input: { storeId: number; variantId: number }): Promise<VariantMailFacts | null> {
  // One statement at a time: `tx` is a transaction's single connection.
  const names = (await findVariantNames(tx, [input.variantId])).get(input.variantId);
  const storeName = await findStoreName(tx, input.storeId);
  if (!names || storeName === null) return null;
  return {
    storeId: input.storeId,
    storeName,
    productName: names.productName,
    productSlug: names.productSlug,
    variantName: names.variantName,
  };
}

const invalidToken = () => new AppError(BACK_IN_STOCK_TOKEN_INVALID, { field: "token" });
const expiredToken = () => new AppError(BACK_IN_STOCK_TOKEN_EXPIRED, { field: "token" });

/** What an emailed confirmation link names, changing nothing: for the page the link opens. */
export async function getBackInStockConfirmation(
  db: Db,
  ctx: Pick<BackInStockContext, "store">,
  token: string,
): Promise<BackInStockConfirmation> {
  const found = await repository.findSubscriptionByToken(db, { storeId: ctx.store.id, tokenHash: hashEmailedToken(token) });
  if (!found) throw invalidToken();
  if (!found.confirmed && found.expired) throw expiredToken();
  const variant = await findStoreVariant(db, { storeId: ctx.store.id, variantId: found.variantId });
  if (!variant) throw invalidToken();
  return { state: found.confirmed ? "confirmed" : "pending", productVariantId: variant.variantId, backInStock: variantIsBack(variant) };
}

/**
 * Confirms the subscription an emailed link names; confirming again answers the same. The variant is locked
 * (shared) before the subscription, in the order a restock takes them, so a confirmation and a restock
 * cannot both miss each other: a restock that came first leaves the variant back in stock, and the
 * subscription is then closed at once with the answer saying so, rather than waiting for a restock that
 * already happened.
 */
export async function confirmBackInStock(db: Db, ctx: Pick<BackInStockContext, "store">, token: string): Promise<BackInStockConfirmation> {
  const found = await repository.findSubscriptionByToken(db, { storeId: ctx.store.id, tokenHash: hashEmailedToken(token) });
  if (!found) throw invalidToken();
  return db.transaction(async (tx) => {
    const variant = await findStoreVariant(tx, { storeId: ctx.store.id, variantId: found.variantId, lock: "share" });
    const subscription = await repository.lockSubscription(tx, found.subscriptionId);
    if (!variant || !subscription) throw invalidToken();
    const backInStock = variantIsBack(variant);
    const answer = { state: "confirmed", productVariantId: variant.variantId, backInStock } as const;
    if (subscription.confirmed) return answer;
    if (found.expired) throw expiredToken();
    await repository.markSubscriptionConfirmed(tx, { subscriptionId: found.subscriptionId, notified: backInStock });
    return answer;
  });
}

/**
 * The back-in-stock-notify job, subscribed to "stock.changed": when a variant went from none to some, mails
 * each of its confirmed subscribers once, through the outbox. It runs after the restock has committed, in a
 * transaction of its own that first locks the variant (shared) as subscribing and confirming do, and acts on
 * the variant as it is then: sold out again, or unpublished, its requests stay pending for the next restock
 * rather than announcing a book that cannot be ordered. Unconfirmed requests are never mailed. A request
 * confirmed between the restock and this job is mailed too, unless confirming already said it was back.
 * Answers how many were mailed.
 */
export async function notifyBackInStock(db: Db, event: DomainEvent<"stock.changed">, deps: BackInStockMailDeps): Promise<number> {
  if (event.previousQuantity > 0 || event.quantity <= 0) return 0;
  return db.transaction(async (tx) => {
    const variant = await findStoreVariant(tx, { storeId: event.storeId, variantId: event.variantId, lock: "share" });
    if (!variant || !variantIsBack(variant)) return 0;
    const facts = await findVariantMailFacts(tx, { storeId: event.storeId, variantId: variant.variantId });
    if (!facts) return 0;
    const subscribers = await repository.claimConfirmedSubscriptions(tx, variant.variantId);
    const mails = subscribers.map((subscriber) => backInStockMail(facts, subscriber, { storefrontUrl: storefrontBase(deps) }));
    await enqueueMail(tx, mails);
    return mails.length;
  });
}

/**
 * A person's back-in-stock requests for their data export (decision 062): their account's and their address's,
 * newest first, at most `limit`, by variant id; never a confirmation link's token.
 */
export function listBackInStockRequestsForExport(
  db: Db,
  input: { storeId: number; customerId: number | null; email: string; limit: number },
) {
  return repository.listRequestsOfPerson(db, input);
}
