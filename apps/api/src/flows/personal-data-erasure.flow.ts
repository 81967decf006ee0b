import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { eraseAddressesOfCustomer } from "../modules/addresses/addresses-erasure.service";
import { eraseAuditDetailsOfPerson, recordAdminWrite, type AdminWrite } from "../modules/audit/audit.service";
import { eraseBackInStockRequestsOfPerson } from "../modules/back-in-stock/back-in-stock-erasure.service";
import { eraseOpenCartsOfCustomer } from "../modules/cart/cart-erasure.service";
import { eraseCheckoutDetailsOfPerson } from "../modules/checkout/checkout-erasure.service";
import { eraseContactMessagesOfPerson } from "../modules/contact/contact-erasure.service";
import { eraseIdempotencyRecordsOfPerson } from "../modules/idempotency/idempotency-erasure.service";
import { eraseIdentityOfPerson, lockCustomerForErasureById, useErasureLink } from "../modules/identity/identity-erasure.service";
import { eraseOutboxMessagesOfPerson } from "../modules/mail/outbox-erasure.service";
import { eraseMarketingOfPerson } from "../modules/marketing/marketing-erasure.service";
import { anonymiseOrdersForErasure, lockOrdersForErasure, ORDER_STATUSES_BLOCKING_ERASURE } from "../modules/orders/order-erasure.service";
import { listUnsettledRefundsForErasure } from "../modules/payments/refunds-erasure.service";
import { anonymiseReturnsForErasure, listUnsettledReturnsForErasure } from "../modules/returns/returns-erasure.service";
import { eraseRecentlyViewedOfCustomer } from "../modules/viewed-products/viewed-products-erasure.service";
import { eraseWishlistsOfCustomer } from "../modules/wishlists/wishlists-erasure.service";
import type { FlowLog } from "./flow-deps";

/*
 * Erasing a person's data (issue 30, part 2; GDPR article 17; decision 063): every module asked, through its service,
 * to delete or anonymise its own rows of an account and of an email address, in one transaction that first locks the
 * account's row and the person's orders. Orders, returns and withdrawals are kept for the tax law with their buyer
 * anonymised; everything else personal is deleted. Refused while an order, return, withdrawal or refund still needs
 * the person.
 */

/** Who erases: a member of staff (or token, or the admin key), audited; or the customer themselves. */
export type ErasureActor = { kind: "admin"; write: AdminWrite } | { kind: "customer" };

export interface ErasureRequest {
  storeId: number;
  /** The signed-in customer's own account; left out when the merchant erases by email. */
  customerId?: number;
  /** The address to erase (the merchant's request); for a customer, their account's is used. */
  email?: string;
  /** The customer's emailed confirmation link's token (POST /customers/erasure-request/confirm), instead of an id. */
  confirmationToken?: string;
  actor: ErasureActor;
  now?: Date;
}

/** What was erased, counts only: deleted rows, or rows kept with their personal fields replaced. */
export interface ErasureCounts {
  account: number;
  sessions: number;
  signUps: number;
  addresses: number;
  wishlists: number;
  recentlyViewed: number;
  backInStockRequests: number;
  contactMessages: number;
  marketingSubscriptions: number;
  baskets: number;
  checkoutDetails: number;
  mails: number;
  ordersAnonymised: number;
  returnsAnonymised: number;
}

/**
 * POST /admin/customers/erasures and POST /customers/erasure-request/confirm: erases the account (by id, by its emailed
 * confirmation link, or the one with the email) and every row sent with its email, in one transaction. 404
 * `customer_not_found` for a customer id the store does not have; 400 `erasure_link_invalid` and 410
 * `erasure_link_expired` for a link; 409 `erasure_blocked`, one item per open order, return, withdrawal or refund.
 */
export async function erasePersonalData(deps: { db: Db; log?: FlowLog }, request: ErasureRequest): Promise<ErasureCounts> {
  const now = request.now ?? new Date();
  const storeId = request.storeId;
  const counts = await deps.db.transaction(async (tx) => {
    const byLink =
      request.confirmationToken === undefined ? undefined : await useErasureLink(tx, { storeId, token: request.confirmationToken, now });
    const wantedId = byLink ?? request.customerId;
    const account = await lockCustomerForErasureById(tx, { storeId, customerId: wantedId, email: request.email ?? "" });
    if (wantedId !== undefined && !account) throw new AppError("customer_not_found", "The customer was not found");
    const customerId = account?.id ?? null;
    const email = (account?.email ?? request.email ?? "").toLowerCase();
    if (email === "") throw new Error("erasePersonalData needs a customer, a confirmation link or an email address");
    const person = { storeId, customerId, email };

    const orders = await lockOrdersForErasure(tx, person);
    const orderIds = orders.map((order) => order.id);
    const blocking = [
      ...orders
        .filter((order) => ORDER_STATUSES_BLOCKING_ERASURE.includes(order.status))
        .map((order) => `Order ${order.publicId} is ${order.status.replace("_", " ")}`),
      ...(await listUnsettledReturnsForErasure(tx, orderIds)).map((row) => `The ${row.kind} ${row.publicId} is ${row.status}`),
      ...(await listUnsettledRefundsForErasure(tx, orderIds)).map(
        (row) => `A refund of order ${orders.find((order) => order.id === row.orderId)?.publicId ?? row.orderId} is ${row.status}`,
      ),
    ];
    if (blocking.length > 0) {
      const [first, ...more] = blocking;
      throw new AppError("erasure_blocked", first!, { more });
    }

    const baskets = customerId === null ? { deleted: 0, keptCartIds: [] } : await eraseOpenCartsOfCustomer(tx, { storeId, customerId });
    const erased: ErasureCounts = {
      account: 0,
      sessions: 0,
      signUps: 0,
      addresses: customerId === null ? 0 : await eraseAddressesOfCustomer(tx, customerId),
      wishlists: customerId === null ? 0 : await eraseWishlistsOfCustomer(tx, customerId),
      recentlyViewed: customerId === null ? 0 : await eraseRecentlyViewedOfCustomer(tx, customerId),
      backInStockRequests: await eraseBackInStockRequestsOfPerson(tx, person),
      contactMessages: await eraseContactMessagesOfPerson(tx, person),
      marketingSubscriptions: await eraseMarketingOfPerson(tx, person),
      baskets: baskets.deleted,
      checkoutDetails: await eraseCheckoutDetailsOfPerson(tx, { cartIds: baskets.keptCartIds, email }),
      mails: await eraseOutboxMessagesOfPerson(tx, { storeId, email, orderIds }),
      ordersAnonymised: orderIds.length,
      returnsAnonymised: await anonymiseReturnsForErasure(tx, orderIds, now),
    };
    await anonymiseOrdersForErasure(tx, orderIds, now);
    await eraseIdempotencyRecordsOfPerson(tx, person);
    await eraseAuditDetailsOfPerson(tx, person);
    const identity = await eraseIdentityOfPerson(tx, { ...person, now });
    Object.assign(erased, identity);

    // The erasure itself is recorded with the account's id only: never the address it erased.
    if (request.actor.kind === "admin") {
      await recordAdminWrite(tx, request.actor.write, { type: "personal_data_erasure", id: customerId, changes: null });
    }
    return { ...erased, customerId };
  });
  deps.log?.info({ customerId: counts.customerId, actor: request.actor.kind }, "personal data erased");
  const { customerId: _erasedId, ...answer } = counts;
  return answer;
}
