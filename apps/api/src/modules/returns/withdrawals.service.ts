import {
  WITHDRAWAL_REFUND_DAYS,
  type AdminWithdrawal,
  type AdminWithdrawalsQuery,
  type CreateWithdrawalBody,
  type WithdrawableOrder,
  type Withdrawal,
  type WithdrawalExemption,
  type WithdrawalOrderBody,
  type WithdrawalStatus,
} from "@quire/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { checkOrderLinkToken } from "../../security/order-links";
import { findWithdrawalExemptions } from "../catalog/variant-products.service";
import { enqueueMail } from "../mail/mail.service";
import {
  findOrderBuyers,
  findOrderIdByNumberAndEmail,
  findOrderedLines,
  listOrderLineAmounts,
  lockStoreOrder,
  type CustomerOrder,
  type OrderBuyer,
} from "../orders/placed-orders.service";
import { findRefundBySource, findRefundsBySources, type RefundRow } from "../payments/refunds.service";
import { type LimitRule, rateLimitKey, reserveLimit } from "../rate-limits/rate-limits.service";
import { listTransitions, transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { findWithdrawalTerms } from "../stores/stores.service";
import * as returnsRepository from "./returns.repository";
import { returnAmount } from "./returns.service";
import { orderWithdrawals } from "./returns.tables";
import { withdrawalMail } from "./withdrawal-mails";
import { withdrawalMachine } from "./withdrawal-status";
import * as repository from "./withdrawals.repository";

// Withdrawing from a contract (decision 061). The buyer names the order (signed in, by an order mail's link, or by its
// number and email), sees what may still be withdrawn, and confirms: the withdrawal is recorded with the order locked,
// acknowledged at once on screen and by a mail queued in the same transaction, and refunded by the merchant through
// the refund flow (flows/refund-withdrawal.flow.ts) by its deadline. No reason is asked; nothing undoes it.

const DAY_MS = 86_400_000;
const sqlUpdatedAt = sql`updated_at = now()`;

/** How often a client may name an order by number and email: each miss answers as an unknown order does. */
export const WITHDRAWAL_LOOKUP_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const satisfies LimitRule;
export const withdrawalLookupKey = (clientIp: string) => rateLimitKey("withdrawal:client", clientIp);

/** The words a buyer reads for an item that cannot be withdrawn from, by its product's mark. */
export const EXEMPTION_MESSAGES: Record<WithdrawalExemption, string> = {
  personalised: "Made to your wishes, so it cannot be withdrawn from.",
  sealed_hygiene:
    "Sealed for health or hygiene: it cannot be withdrawn from once unsealed. If it is still sealed, contact us and we will take it back.",
  sealed_recording:
    "A sealed recording or software: it cannot be withdrawn from once unsealed. If it is still sealed, contact us and we will take it back.",
};

/** Who asks: the store, the signed-in customer (if any) and the client's address (for the lookup's limit). */
export interface WithdrawalCaller {
  storeId: number;
  customerId: number | null;
  clientIp: string;
}
export interface WithdrawalDeps {
  storefrontUrl: string;
  orderLinkSecret: string;
}

/**
 * The id of the order the caller names, once they have shown they are its buyer: one of their own orders (signed
 * in), an order mail's link, or the number and the email it was placed with. A number and email that do not match
 * answer exactly as an unknown order does; they count against the client's limit either way.
 */
async function orderIdOf(db: Db, caller: WithdrawalCaller, deps: WithdrawalDeps, key: WithdrawalOrderBody): Promise<number> {
  if ("orderId" in key) {
    if (caller.customerId === null) throw new AppError("authentication_required");
    return key.orderId;
  }
  if ("token" in key) {
    const check = checkOrderLinkToken(deps.orderLinkSecret, caller.storeId, key.token);
    if (!check.valid) throw new AppError(check.problem === "expired" ? "order_link_expired" : "order_link_invalid");
    return check.orderId;
  }
  const limit = await reserveLimit(db, withdrawalLookupKey(caller.clientIp), WITHDRAWAL_LOOKUP_LIMIT);
  if (!limit.allowed) throw new AppError("too_many_requests", { retryAfterSeconds: limit.retryAfterSeconds });
  const id = await findOrderIdByNumberAndEmail(db, { storeId: caller.storeId, orderNumber: key.orderNumber, email: key.email });
  if (id === null) throw new AppError("order_not_found", "No order has this number and email address", { field: "body.orderNumber" });
  return id;
}

/** The order, locked until the transaction ends, when the caller may act on it as its buyer. */
async function lockBuyersOrder(tx: Db, caller: WithdrawalCaller, orderId: number, key: WithdrawalOrderBody): Promise<CustomerOrder> {
  const order = await lockStoreOrder(tx, { storeId: caller.storeId, orderId });
  // A signed-in customer's id names only their own orders; a link or a number and email name the order itself.
  if (!order || ("orderId" in key && order.customerId !== caller.customerId)) throw new AppError("order_not_found");
  return order;
}

/** The last moment to withdraw from a delivered order; null while it is on its way (the period has not begun). */
function withdrawableUntil(order: CustomerOrder, periodDays: number): Date | null {
  return order.deliveredAt ? new Date(order.deliveredAt.getTime() + periodDays * DAY_MS) : null;
}

/** Refuses an order that cannot be withdrawn from now, saying why. */
function checkWithdrawable(order: CustomerOrder, periodDays: number, now: Date) {
  const refuse = (message: string) => new AppError("order_not_withdrawable", message, { field: "body" });
  if (order.status === "awaiting_payment") throw refuse("This order is not paid yet: cancel it instead, from the order's page");
  if (order.status === "cancelled") throw refuse("This order is cancelled");
  const until = withdrawableUntil(order, periodDays);
  if (until && now > until) throw refuse(`The ${periodDays} days to withdraw from this order after its delivery are over`);
}

/** An order's lines as ordered, each with what may still be withdrawn from it and why not. */
async function withdrawableLines(tx: Db, orderId: number) {
  // One statement at a time: `tx` is a transaction's single connection.
  const lines = await listOrderLineAmounts(tx, orderId);
  const ids = lines.map((line) => line.id);
  const ordered = await findOrderedLines(tx, ids);
  const exemptions = await findWithdrawalExemptions(
    tx,
    lines.flatMap((line) => (line.variantId === null ? [] : [line.variantId])),
  );
  const withdrawn = new Map((await repository.listWithdrawnQuantities(tx, ids)).map((row) => [row.orderLineId, row.withdrawn]));
  const returned = new Map((await returnsRepository.listReturnedQuantities(tx, ids)).map((row) => [row.orderLineId, row.returned]));
  return lines.map((line) => {
    const asOrdered = ordered.get(line.id)!;
    const exemption = line.variantId === null ? null : (exemptions.get(line.variantId) ?? null);
    const alreadyWithdrawn = withdrawn.get(line.id) ?? 0;
    const left = Math.max(line.quantity - alreadyWithdrawn - (returned.get(line.id) ?? 0), 0);
    return {
      ...line,
      sku: asOrdered.sku,
      productName: asOrdered.productName,
      variantName: asOrdered.variantName,
      withdrawn: alreadyWithdrawn,
      withdrawableQuantity: exemption ? 0 : left,
      exemption,
    };
  });
}

/** The store's withdrawal terms: its name (mails are signed with it) and its period. */
async function termsOf(db: Db, storeId: number) {
  const terms = await findWithdrawalTerms(db, storeId);
  if (!terms) throw new AppError("store_not_found", "The store is gone");
  return terms;
}

/** POST /withdrawals/order: the order the caller names, and what of it may still be withdrawn. */
export async function getWithdrawableOrder(
  db: Db,
  caller: WithdrawalCaller,
  deps: WithdrawalDeps,
  key: WithdrawalOrderBody,
  now = new Date(),
): Promise<WithdrawableOrder> {
  const orderId = await orderIdOf(db, caller, deps, key);
  const { periodDays } = await termsOf(db, caller.storeId);
  return db.transaction(async (tx) => {
    const order = await lockBuyersOrder(tx, caller, orderId, key);
    checkWithdrawable(order, periodDays, now);
    const lines = await withdrawableLines(tx, order.id);
    return {
      orderId: order.id,
      orderNumber: order.publicId,
      placedAt: order.placedAt.toISOString(),
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      withdrawableUntil: withdrawableUntil(order, periodDays)?.toISOString() ?? null,
      periodDays,
      lines: lines.map((line) => ({
        orderLineId: line.id,
        sku: line.sku,
        productName: line.productName,
        variantName: line.variantName,
        quantity: line.quantity,
        withdrawableQuantity: line.withdrawableQuantity,
        exemption: line.exemption,
        exemptionMessage: line.exemption ? EXEMPTION_MESSAGES[line.exemption] : null,
      })),
    };
  });
}

/**
 * POST /withdrawals: records the buyer's withdrawal from the lines named (every line that may still be withdrawn from,
 * when none are), with the order locked so that no two withdrawals or returns take the same items; queues the
 * acknowledgement mail in the same transaction. Each line is refunded its share of what was paid for the goods; the
 * withdrawal that leaves no item of the order un-withdrawn refunds the delivery charge too.
 */
export async function createWithdrawal(
  db: Db,
  caller: WithdrawalCaller,
  deps: WithdrawalDeps,
  body: CreateWithdrawalBody,
  now = new Date(),
): Promise<Withdrawal> {
  const orderId = await orderIdOf(db, caller, deps, body);
  const terms = await termsOf(db, caller.storeId);
  return db.transaction(async (tx) => {
    const order = await lockBuyersOrder(tx, caller, orderId, body);
    checkWithdrawable(order, terms.periodDays, now);
    const lines = await withdrawableLines(tx, order.id);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const asked =
      body.lines ??
      lines.filter((line) => line.withdrawableQuantity > 0).map((line) => ({ orderLineId: line.id, quantity: line.withdrawableQuantity }));
    if (asked.length === 0) {
      throw new AppError("withdrawal_quantity_exceeded", "Nothing of this order is left to withdraw from", { field: "body.lines" });
    }
    const chosen = asked.map((input, index) => {
      const line = byId.get(input.orderLineId);
      if (!line) throw new AppError("invalid_input", "This item is not part of the order", { field: `body.lines.${index}.orderLineId` });
      if (line.exemption) {
        throw new AppError("withdrawal_item_exempt", `${line.productName}: ${EXEMPTION_MESSAGES[line.exemption]}`, {
          field: `body.lines.${index}.orderLineId`,
        });
      }
      if (input.quantity > line.withdrawableQuantity) {
        throw new AppError(
          "withdrawal_quantity_exceeded",
          line.withdrawableQuantity === 0
            ? `${line.productName} is already withdrawn from or returned`
            : `At most ${line.withdrawableQuantity} of ${line.productName} can be withdrawn from`,
          { field: `body.lines.${index}.quantity` },
        );
      }
      return { orderLineId: line.id, quantity: input.quantity, amount: returnAmount(order, line, input.quantity) };
    });
    const taking = new Map(chosen.map((line) => [line.orderLineId, line.quantity]));
    const wholeOrder = lines.every((line) => line.withdrawn + (taking.get(line.id) ?? 0) === line.quantity);
    const deliveryAmount = wholeOrder ? order.deliveryCharge + (order.pricesIncludeTax ? 0 : order.deliveryTax) : 0;
    const withdrawalId = await repository.insertWithdrawal(tx, {
      publicId: `WDL-${await repository.nextWithdrawalNumber(tx)}`,
      storeId: caller.storeId,
      orderId: order.id,
      wholeOrder,
      currencyCode: order.currencyCode,
      amount: chosen.reduce((sum, line) => sum + line.amount, deliveryAmount),
      deliveryAmount,
      declaredAt: now,
      refundDueBy: new Date(now.getTime() + WITHDRAWAL_REFUND_DAYS * DAY_MS),
      lines: chosen,
    });
    return mailAndAnswer(tx, { storeId: caller.storeId, storeName: terms.name, storefrontUrl: deps.storefrontUrl }, withdrawalId);
  });
}

/** A withdrawal's own fields and its order's buyer, without its lines. */
function withdrawalFields(record: repository.WithdrawalRecord, order: OrderBuyer) {
  const money = (amount: number) => ({ amount, currencyCode: record.currencyCode });
  return {
    id: record.id,
    publicId: record.publicId,
    orderId: record.orderId,
    orderNumber: order.publicId,
    status: record.status,
    wholeOrder: record.wholeOrder,
    delivery: money(record.deliveryAmount),
    amount: money(record.amount),
    declaredAt: record.declaredAt.toISOString(),
    refundDueBy: record.refundDueBy.toISOString(),
    email: order.email,
  };
}

/** A withdrawal as its buyer reads it, with its lines as their order lists them. */
async function toWithdrawal(db: Db, record: repository.WithdrawalRecord): Promise<Withdrawal & { email: string; firstName: string }> {
  // One statement at a time: `db` may be a transaction's single connection.
  const lines = await repository.listWithdrawalLines(db, record.id);
  const ordered = await findOrderedLines(
    db,
    lines.map((line) => line.orderLineId),
  );
  const order = await buyerOf(db, record);
  return {
    ...withdrawalFields(record, order),
    lines: lines
      .flatMap((line) => {
        const asOrdered = ordered.get(line.orderLineId);
        return asOrdered ? [{ ...line, asOrdered }] : [];
      })
      .sort((a, b) => a.asOrdered.position - b.asOrdered.position || a.orderLineId - b.orderLineId)
      .map(({ asOrdered, ...line }) => ({
        orderLineId: line.orderLineId,
        sku: asOrdered.sku,
        productName: asOrdered.productName,
        variantName: asOrdered.variantName,
        quantity: line.quantity,
        amount: { amount: line.amount, currencyCode: record.currencyCode },
      })),
    firstName: order.firstName,
  };
}

/** The withdrawal's order's number and buyer, as the orders module holds them. */
async function buyerOf(db: Db, record: repository.WithdrawalRecord) {
  const buyer = (await findOrderBuyers(db, [record.orderId])).get(record.orderId);
  if (!buyer) throw new AppError("withdrawal_not_found");
  return buyer;
}

/** Reads the withdrawal again, queues its buyer's mail about where it stands, and answers it. */
async function mailAndAnswer(tx: Db, context: { storeId: number; storeName: string; storefrontUrl: string }, withdrawalId: number) {
  const record = await repository.findWithdrawal(tx, { storeId: context.storeId, withdrawalId });
  if (!record) throw new AppError("withdrawal_not_found");
  const { email, firstName, ...withdrawal } = await toWithdrawal(tx, record);
  await enqueueMail(tx, { ...withdrawalMail(context, withdrawal, { email, firstName }), orderId: record.orderId });
  return withdrawal;
}

// ---------------------------------------------------------------- the merchant

/** What the refund of a withdrawal is recorded for (payment_refunds.source): one refund per withdrawal. */
export function withdrawalRefundSource(withdrawalId: number): string {
  return `withdrawal:${withdrawalId}`;
}

export interface AdminWithdrawalContext {
  storeId: number;
  actor: TransitionActor;
  storefrontUrl: string;
}

/** What the merchant reads of a withdrawal beside what its buyer reads: whether it is late, and its refund. */
function merchantView(record: repository.WithdrawalRecord, refund: RefundRow | null | undefined, now: Date) {
  return {
    overdue: record.status !== "refunded" && now > record.refundDueBy,
    refund: refund ? { id: refund.id, status: refund.status, amount: { amount: refund.amount, currencyCode: record.currencyCode } } : null,
  };
}

async function toAdminWithdrawal(db: Db, record: repository.WithdrawalRecord, now: Date): Promise<AdminWithdrawal> {
  const { firstName: _firstName, ...withdrawal } = await toWithdrawal(db, record);
  const refund = await findRefundBySource(db, withdrawalRefundSource(record.id));
  const history = await listTransitions(db, withdrawalMachine.name, record.id);
  return {
    ...withdrawal,
    ...merchantView(record, refund, now),
    history: [
      { from: null, to: "declared" as const, at: record.declaredAt.toISOString() },
      ...history.map((entry) => ({
        from: entry.fromState as WithdrawalStatus,
        to: entry.toState as WithdrawalStatus,
        at: entry.createdAt.toISOString(),
      })),
    ],
  };
}

/**
 * GET /admin/withdrawals: the store's withdrawals, refund due soonest first unless asked newest first, without their
 * lines and history (a withdrawal's own page has them). Four statements whatever the page's size: the page, its
 * count, its orders' buyers and its refunds.
 */
export async function listAdminWithdrawals(db: Db, input: { storeId: number } & AdminWithdrawalsQuery, now = new Date()) {
  const page = await repository.listWithdrawalsPage(db, {
    storeId: input.storeId,
    status: input.status,
    sort: input.sort ?? "due",
    limit: input.PageSize,
    offset: (input.PageNumber - 1) * input.PageSize,
  });
  const buyers = await findOrderBuyers(
    db,
    page.rows.map((record) => record.orderId),
  );
  const refunds = await findRefundsBySources(
    db,
    page.rows.map((record) => withdrawalRefundSource(record.id)),
  );
  const results = page.rows.map((record) => ({
    // Every withdrawal is of an order (a foreign key), which is never deleted.
    ...withdrawalFields(record, buyers.get(record.orderId)!),
    ...merchantView(record, refunds.get(withdrawalRefundSource(record.id)), now),
  }));
  return {
    results,
    total: page.total,
    pageNumber: input.PageNumber,
    pageSize: input.PageSize,
    totalPages: Math.ceil(page.total / input.PageSize),
  };
}

export async function getAdminWithdrawal(db: Db, input: { storeId: number; withdrawalId: number }, now = new Date()) {
  const record = await repository.findWithdrawal(db, input);
  if (!record) throw new AppError("withdrawal_not_found");
  return toAdminWithdrawal(db, record, now);
}

/** PUT /admin/withdrawals/:id/receive: the goods are back. */
export async function receiveWithdrawal(db: Db, ctx: AdminWithdrawalContext, withdrawalId: number) {
  await db.transaction(async (tx) => {
    const record = await repository.findWithdrawal(tx, { storeId: ctx.storeId, withdrawalId, lock: true });
    if (!record) throw new AppError("withdrawal_not_found");
    await transition(tx, withdrawalMachine, orderWithdrawals, {
      entityId: record.id,
      from: record.status,
      to: "received",
      actor: ctx.actor,
      reason: "goods received back",
      alsoSet: sqlUpdatedAt,
    });
  });
  return getAdminWithdrawal(db, { storeId: ctx.storeId, withdrawalId });
}

/**
 * The refund of a withdrawal, in the refund flow's transaction with the order locked: `record` is called to record
 * the refund of `amount` through the order's payment, and the withdrawal moves to refunding (or straight to refunded
 * when there is nothing to pay back). A withdrawal already refunding or refunded is refused (409), so a second click
 * records nothing.
 */
export async function startWithdrawalRefund(
  tx: Db,
  ctx: AdminWithdrawalContext,
  withdrawalId: number,
  record: (row: repository.WithdrawalRecord) => Promise<void>,
) {
  const row = await repository.findWithdrawal(tx, { storeId: ctx.storeId, withdrawalId, lock: true });
  if (!row) throw new AppError("withdrawal_not_found");
  if (row.amount === 0) {
    await transition(tx, withdrawalMachine, orderWithdrawals, {
      entityId: row.id,
      from: row.status,
      to: "refunded",
      actor: ctx.actor,
      reason: "nothing to refund",
      alsoSet: sqlUpdatedAt,
    });
    return row;
  }
  await transition(tx, withdrawalMachine, orderWithdrawals, {
    entityId: row.id,
    from: row.status,
    to: "refunding",
    actor: ctx.actor,
    reason: "refund recorded",
    alsoSet: sqlUpdatedAt,
  });
  await record(row);
  return row;
}

/**
 * The withdrawal whose refund has been paid (or is owed by the merchant's bank transfer) is refunded. Its buyer hears
 * of it from the refund's own mail ("refund issued", for the items withdrawn from), sent for every refund.
 */
export async function markWithdrawalRefunded(tx: Db, input: { storeId: number; withdrawalId: number; actor: TransitionActor }) {
  const row = await repository.findWithdrawal(tx, { storeId: input.storeId, withdrawalId: input.withdrawalId, lock: true });
  if (!row || row.status !== "refunding") return;
  await transition(tx, withdrawalMachine, orderWithdrawals, {
    entityId: row.id,
    from: "refunding",
    to: "refunded",
    actor: input.actor,
    reason: "refunded to the order's payment",
    alsoSet: sqlUpdatedAt,
  });
}
