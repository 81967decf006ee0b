import { PERSONAL_DATA_EXPORT_SECTION_LIMIT, type PersonalDataExport, type PersonalDataExportSection } from "@quire/contracts";
import { money } from "@quire/money";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { listAddressesForExport } from "../modules/addresses/addresses.service";
import { toAddressAnswer } from "../modules/addresses/address-format";
import { listBackInStockRequestsForExport } from "../modules/back-in-stock/back-in-stock.service";
import { findVariantNames } from "../modules/catalog/variant-names.service";
import { listConsentRecordsForExport } from "../modules/consent/consent.service";
import { listContactMessagesForExport } from "../modules/contact/contact.service";
import { findCustomerIdForExport, getAccountForExport, listSignUpsForExport } from "../modules/identity/personal-data.service";
import { listMailForExport } from "../modules/mail/outbox-reads.service";
import { listMarketingSubscriptionsForExport } from "../modules/marketing/marketing.service";
import { listOrdersForExport } from "../modules/orders/order-export.service";
import { findOrderBuyers, findOrderedLines } from "../modules/orders/placed-orders.service";
import { findLatestPayments } from "../modules/payments/payments.service";
import { listReturnsForExport, listStoreCreditForExport, listWithdrawalsForExport } from "../modules/returns/returns-export.service";
import { listRecentlyViewedForExport } from "../modules/viewed-products/viewed-products.service";
import { listWishlistsForExport } from "../modules/wishlists/wishlists.service";

/*
 * A person's data (issue 30, part 2; GDPR articles 15 and 20; decision 062): what every module holds about a customer
 * or an email address, each module asked through its service for its own rows, one section at a time. Reads only,
 * no transaction. Every read is bounded: a section holds at most PERSONAL_DATA_EXPORT_SECTION_LIMIT rows (read one
 * more to know whether there are more), the lines of orders, returns and wishlists at most ten times that.
 */

const LIMIT = PERSONAL_DATA_EXPORT_SECTION_LIMIT;
const LINE_LIMIT = LIMIT * 10;

/** Whose data, in which store: a customer's account (and what was sent with its email), or an email address alone. */
export interface PersonalDataRequest {
  store: { id: number; name: string };
  /** The signed-in customer's id; left out when the merchant asks by email. */
  customerId?: number;
  /** The address the merchant asks about; for a customer, their account's email is used. */
  email?: string;
  /** A browser's pseudonymous consent id (the consent cookie's), whose cookie decisions the export then holds. */
  consentSubject?: string | null;
  now?: Date;
}

/** What the export leaves out whatever the person, and why. */
const STANDING_NOTES = [
  "Secrets are never exported: the password's hash, the ids of sign-in sessions, the tokens of emailed links (registration, password reset, newsletter and back-in-stock confirmations) and API keys.",
  "Mails to the address and about the orders are listed by kind, subject and time; their text is left out because it holds sign-in and confirmation links.",
  "Orders are those placed from the account and those placed with the email address. Each order's latest payment is named by method and status; the payment provider's own records (card details, its references) are held by the provider, not by the shop.",
  "Refunds are not listed on their own: a return's or withdrawal's amount and status say what was given back, and the order's status history says when it was cancelled.",
  "Open baskets and what was typed into a checkout that was never placed are not included: a basket becomes an order's copy when placed, and an open one is shown on the basket page.",
  "A trade account's credit limit on account is not included; the account pages show it.",
  "Failed sign-in counters (kept against the account's address for minutes), rate-limit counters (a hashed network address, at most a day) and the answers to repeated requests (kept 24 hours) are short-lived safeguards and are not included.",
  "Recently viewed products and baskets of a visitor who was not signed in are kept against a random id in the browser, which nothing ties to a person, and cannot be included.",
  "The shop's audit log records what its staff did, including each export of a person's data made in the back office; it is the shop's record and is not included.",
  "Server and request logs are not kept in the shop's database and are not part of this export.",
];

const COOKIE_NOTE =
  "Cookie decisions are recorded against a random id kept in the browser's consent cookie, which nothing ties to a person; they are included only when the request names that id (the storefront's download names the id of the browser it is made from).";

/** Keeps the first LIMIT rows, and says whether there were more. */
function capped<T>(rows: readonly T[], limit = LIMIT): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * GET /customers/data-export and GET /admin/customers/data-export: everything the shop holds about a customer or an
 * email address (account, sign-ups, addresses, orders, returns, withdrawals, store credit, wishlists, newsletter
 * subscriptions and their consent records, back-in-stock requests, contact messages, recently viewed products and
 * mails), with notes on what is left out and why. 404 `customer_not_found` for a customer id the store does not have.
 */
export async function exportPersonalData(db: Db, request: PersonalDataRequest): Promise<PersonalDataExport> {
  const storeId = request.store.id;
  const truncated = new Set<PersonalDataExportSection>();
  const section = <T>(name: PersonalDataExportSection, rows: readonly T[], limit = LIMIT) => {
    const result = capped(rows, limit);
    if (result.truncated) truncated.add(name);
    return result.rows;
  };

  const customerId =
    request.customerId ?? (request.email === undefined ? null : await findCustomerIdForExport(db, { storeId, email: request.email }));
  const found = customerId === null ? null : await getAccountForExport(db, { storeId, customerId });
  if (customerId !== null && !found) throw new AppError("customer_not_found", "The customer was not found");
  const email = found?.account.email ?? request.email;
  if (email === undefined) throw new Error("exportPersonalData needs a customer id or an email address");
  const person = { storeId, customerId, email, limit: LIMIT + 1 };

  const signUps = section("signUps", await listSignUpsForExport(db, { storeId, email, limit: LIMIT + 1 }));
  const addresses = customerId === null ? [] : section("addresses", await listAddressesForExport(db, { customerId, limit: LIMIT + 1 }));

  const orderRows = section("orders", await listOrdersForExport(db, { ...person, lineLimit: LINE_LIMIT }));
  if (orderRows.reduce((sum, row) => sum + row.lines.length, 0) >= LINE_LIMIT) truncated.add("orders");
  const orderIds = orderRows.map((row) => row.order.id);
  const payments = await findLatestPayments(db, orderIds);
  const orders = orderRows.map(({ order, lines, statusChanges }) => {
    const m = (amount: number) => money(amount, order.currencyCode);
    const payment = payments.get(order.id);
    return {
      publicId: order.publicId,
      status: order.status,
      placedAt: order.placedAt.toISOString(),
      email: order.email,
      firstName: order.firstName,
      lastName: order.lastName,
      phone: order.phone,
      lines: lines.map((line) => ({
        sku: line.sku,
        productName: line.productName,
        variantName: line.variantName,
        quantity: line.quantity,
        unitPrice: m(line.unitAmount),
        addons: line.addons.map((addon) => ({ name: addon.name, unitPrice: m(addon.unitAmount) })),
        total: m(line.total),
      })),
      subTotal: m(order.subTotal),
      discountTotal: m(order.discountTotal),
      discountCodes: order.discountLines.map((discount) => discount.code),
      deliveryCharge: m(order.deliveryCharge),
      taxTotal: m(order.taxTotal),
      grandTotal: m(order.grandTotal),
      deliveryOption: order.deliveryOptionName,
      deliveryAddress: toAddressAnswer(order.deliveryAddress),
      billingAddress: toAddressAnswer(order.billingAddress),
      referenceNumber: order.referenceNumber,
      customerComment: order.customerComment,
      termsAcceptedAt: iso(order.termsAcceptedAt),
      trackingReference: order.trackingReference,
      shippedAt: iso(order.shippedAt),
      deliveredAt: iso(order.deliveredAt),
      latestPayment: payment ? { method: payment.paymentProviderId, status: payment.status } : null,
      statusHistory: statusChanges.map((change) => ({ from: change.from, to: change.to, at: change.at.toISOString() })),
    };
  });

  const returnRows =
    customerId === null ? [] : section("returns", await listReturnsForExport(db, { storeId, customerId, limit: LIMIT + 1 }));
  const withdrawalRows = section("withdrawals", await listWithdrawalsForExport(db, { storeId, orderIds, limit: LIMIT + 1 }));
  // What each returned or withdrawn line was, and of which order: the orders module's to say, for all of them at once.
  const returnedLines = [...returnRows, ...withdrawalRows].flatMap((row) => row.lines.map((line) => line.orderLineId));
  const orderedLines = await findOrderedLines(db, returnedLines);
  const buyers = await findOrderBuyers(db, [...new Set([...returnRows, ...withdrawalRows].map((row) => row.orderId))]);
  const linesOf = (lines: readonly { orderLineId: number; quantity: number; amount: number }[], currencyCode: string) =>
    lines.map((line) => ({
      orderLineSku: orderedLines.get(line.orderLineId)?.sku ?? "",
      productName: orderedLines.get(line.orderLineId)?.productName ?? "",
      quantity: line.quantity,
      amount: money(line.amount, currencyCode),
    }));
  const returns = returnRows.map((row) => ({
    publicId: row.publicId,
    orderPublicId: buyers.get(row.orderId)?.publicId ?? "",
    status: row.status,
    reason: row.reason,
    resolution: row.resolution,
    comment: row.comment,
    amount: money(row.amount, row.currencyCode),
    lines: linesOf(row.lines, row.currencyCode),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  const withdrawals = withdrawalRows.map((row) => ({
    publicId: row.publicId,
    orderPublicId: buyers.get(row.orderId)?.publicId ?? "",
    status: row.status,
    wholeOrder: row.wholeOrder,
    amount: money(row.amount, row.currencyCode),
    lines: linesOf(row.lines, row.currencyCode),
    declaredAt: row.declaredAt.toISOString(),
    refundDueBy: row.refundDueBy.toISOString(),
  }));
  const storeCredit =
    customerId === null
      ? []
      : section("storeCredit", await listStoreCreditForExport(db, { customerId, limit: LIMIT + 1 })).map((entry) => ({
          amount: money(entry.amount, entry.currencyCode),
          note: entry.note,
          createdAt: entry.createdAt.toISOString(),
        }));

  const wishlistRows =
    customerId === null
      ? []
      : section("wishlists", await listWishlistsForExport(db, { customerId, limit: LIMIT + 1, itemLimit: LINE_LIMIT }));
  if (wishlistRows.reduce((sum, list) => sum + list.items.length, 0) >= LINE_LIMIT) truncated.add("wishlists");
  const backInStockRows = section("backInStockRequests", await listBackInStockRequestsForExport(db, person));
  const viewedRows =
    customerId === null ? [] : section("recentlyViewed", await listRecentlyViewedForExport(db, { storeId, customerId, limit: LIMIT + 1 }));
  // The variants' names, from the catalogue, for every list that holds variants, in one statement.
  const names = await findVariantNames(db, [
    ...wishlistRows.flatMap((list) => list.items.map((item) => item.variantId)),
    ...backInStockRows.map((row) => row.variantId),
    ...viewedRows.map((row) => row.variantId),
  ]);
  const named = (variantId: number) => {
    const variant = names.get(variantId);
    return { sku: variant?.sku ?? null, productName: variant ? `${variant.productName} (${variant.variantName})` : null };
  };

  const subscriptions = section("marketingSubscriptions", await listMarketingSubscriptionsForExport(db, person));
  const consentSubject = request.consentSubject ?? null;
  const consentRecords = section(
    "consentRecords",
    await listConsentRecordsForExport(db, {
      storeId,
      subscriptionIds: subscriptions.map((subscription) => subscription.id),
      consentSubject,
      limit: LIMIT + 1,
    }),
  );
  const contactMessages = section("contactMessages", await listContactMessagesForExport(db, person));
  const mails = section("mails", await listMailForExport(db, { storeId, recipient: email, orderIds, limit: LIMIT + 1 }));

  return {
    exportedAt: (request.now ?? new Date()).toISOString(),
    store: { name: request.store.name },
    subject: { kind: found ? "customer" : "guest", email },
    account: found
      ? {
          ...found.account,
          blockedAt: iso(found.account.blockedAt),
          createdAt: found.account.createdAt.toISOString(),
          updatedAt: found.account.updatedAt.toISOString(),
        }
      : null,
    sessions: found ? { count: found.sessions.count, lastSignInAt: iso(found.sessions.lastSignInAt) } : null,
    signUps: signUps.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      completedAt: iso(row.completedAt),
    })),
    addresses,
    orders,
    returns,
    withdrawals,
    storeCredit,
    wishlists: wishlistRows.map((list) => ({
      name: list.name,
      createdAt: list.createdAt.toISOString(),
      items: list.items.map((item) => ({ ...named(item.variantId), quantity: item.quantity, addedAt: item.createdAt.toISOString() })),
    })),
    marketingSubscriptions: subscriptions.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    consentRecords: consentRecords.map((row) => ({ ...row, recordedAt: row.recordedAt.toISOString() })),
    backInStockRequests: backInStockRows.map((row) => ({
      email: row.email,
      ...named(row.variantId),
      createdAt: row.createdAt.toISOString(),
      confirmedAt: iso(row.confirmedAt),
      notifiedAt: iso(row.notifiedAt),
    })),
    contactMessages: contactMessages.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    recentlyViewed: viewedRows.map((row) => ({ ...named(row.variantId), viewedAt: row.viewedAt.toISOString() })),
    mails: mails.map((row) => ({ ...row, queuedAt: row.queuedAt.toISOString(), sentAt: iso(row.sentAt) })),
    truncatedSections: [...truncated],
    notes: consentSubject === null ? [COOKIE_NOTE, ...STANDING_NOTES] : STANDING_NOTES,
  };
}
