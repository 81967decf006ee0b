import { MAX_CREDIT_OPEN_ORDERS, PROFORMA_PAYMENT_DAYS, type Payment, type PaymentProviderId, type PaymentStatus } from "@quire/contracts";
import { formatMoney, money } from "@quire/money";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { findTradeStatus } from "../identity/customers.service";
import { transition, type TransitionActor } from "../state-machines/state-transitions.service";
import { transitionsFor, type ReportedStatus } from "./gateway-report";
import type { PaymentGateways } from "./gateways/gateways";
import type { HostedProviderId } from "./gateways/payment-gateway";
import { paymentMachine } from "./payment-status";
import { listDisabledProviders } from "./payment-providers.repository";
import * as repository from "./payments.repository";
import { payments } from "./payments.tables";

/*
 * Paying an order (decision 025). The amount is always the order's grand total, checked before anything else;
 * a payment's state changes only through its transition table. Providers that need no gateway live here:
 * pay on account (captured at once against a trade customer's credit, atomically within the limit) and the
 * proforma invoice (pending until the merchant sees the bank transfer). The card and wallet gateways join
 * through one provider interface (modules/payments/gateways, decision 026); flows/pay-order.flow.ts sends
 * the payer to them and believes only what they report.
 */

export type PaymentContext = Pick<RequestContext, "store" | "currencyCode">;
export type Payer = { customerId: number } | { anonymousId: string | null };

interface ProviderSettings {
  id: PaymentProviderId;
  settings: {
    name: string;
    description: string;
    kind: "hosted" | "on_account" | "proforma";
    cardBrands: ("visa" | "mastercard" | "american-express")[];
  };
}

const ON_ACCOUNT: ProviderSettings = {
  id: "on-account",
  settings: {
    name: "Pay on account",
    description: "Charged to your company's account, within its credit limit.",
    kind: "on_account",
    cardBrands: [],
  },
};
const PROFORMA: ProviderSettings = {
  id: "proforma-invoice",
  settings: {
    name: "Bank transfer (proforma invoice)",
    description: `Download a proforma invoice and pay by bank transfer within ${PROFORMA_PAYMENT_DAYS} days; we ship when it arrives.`,
    kind: "proforma",
    cardBrands: [],
  },
};

/** The hosted gateway behind a provider id, when it is one and it is configured. */
export function hostedGateway(gateways: PaymentGateways, provider: PaymentProviderId) {
  return gateways.get(provider as HostedProviderId) ?? null;
}

/**
 * The providers this caller may use in this currency: the configured card and wallet gateways, on account for
 * a trade customer with credit in the currency, and a bank transfer for everyone; less those the merchant switched
 * off (decision 052), read from the database on every call so that a switch counts from the next call on.
 */
export async function listPaymentProviders(
  db: Db,
  ctx: PaymentContext,
  payer: Payer,
  gateways: PaymentGateways,
): Promise<ProviderSettings[]> {
  const disabled = await listDisabledProviders(db, ctx.store.id);
  const providers: ProviderSettings[] = [...gateways.values()].map((gateway) => ({
    id: gateway.id,
    settings: { ...gateway.settings, kind: "hosted" },
  }));
  if (!disabled.has("on-account") && "customerId" in payer && (await findTradeStatus(db, { customerId: payer.customerId }))?.isTrade) {
    const credit = await repository.findCredit(db, payer.customerId, ctx.currencyCode);
    if (credit && credit.limitAmount > 0) providers.push(ON_ACCOUNT);
  }
  providers.push(PROFORMA);
  return providers.filter((provider) => !disabled.has(provider.id));
}

/**
 * Refuses (422 `payment_provider_unavailable`) a provider the store has switched off: an order named for it, or an
 * attempt made before the switch whose gateway page is not yet open.
 */
export async function assertPaymentProviderEnabled(db: Db, input: { storeId: number; provider: PaymentProviderId }): Promise<void> {
  if ((await listDisabledProviders(db, input.storeId)).has(input.provider)) {
    throw new AppError("payment_provider_unavailable", { field: "body.paymentProviderId" });
  }
}

export function toPayment(row: repository.PaymentRow): Payment {
  return {
    publicPaymentId: row.publicId,
    orderId: row.orderId,
    paymentProviderId: row.provider,
    status: row.status,
    amount: money(row.amount, row.currencyCode),
    redirectUrl: row.status === "created" || row.status === "pending" ? row.redirectUrl : null,
  };
}

/**
 * Cancels an order's payments still open (created, or pending at a gateway or for a transfer), in the caller's
 * transaction with the order locked: the order was cancelled, or the payer chose another way to pay. Answers
 * those a gateway had opened a page for: the caller closes them at the gateway once this has committed, and a
 * capture that still arrives for one is given back (flows/gateway-report.flow.ts).
 */
export async function cancelOpenPayments(
  tx: Db,
  input: { orderId: number; actor: TransitionActor; reason: string },
): Promise<repository.PaymentRow[]> {
  const closed: repository.PaymentRow[] = [];
  for (const open of await repository.findOrderPayments(tx, input.orderId, ["created", "pending"])) {
    await transition(tx, paymentMachine, payments, {
      entityId: open.id,
      from: open.status,
      to: "cancelled",
      actor: input.actor,
      reason: input.reason,
      alsoSet: sql`updated_at = now()`,
    });
    if (open.providerReference) closed.push({ ...open, status: "cancelled" });
  }
  return closed;
}

function creditAnswer(limit: number, used: number, currencyCode: string) {
  return { limit: money(limit, currencyCode), used: money(used, currencyCode), available: money(limit - used, currencyCode) };
}

/**
 * A customer's credit for paying on account, in the request currency (zero when they have none) and in every
 * currency they have one, with the newest payments on account that still hold it and how many there are. Only a
 * trade customer's credit counts. Which orders those payments are of is the caller's to add (a flow).
 */
export async function getCreditAccount(db: Db, ctx: PaymentContext, customerId: number) {
  const trade = (await findTradeStatus(db, { customerId, storeId: ctx.store.id }))?.isTrade === true;
  const credits = trade ? await repository.listCredits(db, customerId) : [];
  const open = trade
    ? await repository.listOpenCreditPayments(db, { storeId: ctx.store.id, customerId, limit: MAX_CREDIT_OPEN_ORDERS })
    : [];
  const current = credits.find((credit) => credit.currencyCode === ctx.currencyCode);
  return {
    ...creditAnswer(current?.limitAmount ?? 0, current?.usedAmount ?? 0, ctx.currencyCode),
    currencies: credits.map((credit) => creditAnswer(credit.limitAmount, credit.usedAmount, credit.currencyCode)),
    openPayments: open.map((payment) => ({ orderId: payment.orderId, amount: money(payment.amount, payment.currencyCode) })),
    openPaymentCount: open[0]?.total ?? 0,
  };
}

/**
 * The merchant saw the bank transfer for an order's proforma invoice, in the caller's transaction with the order
 * locked: its pending payment is captured, and answered for the order to be confirmed; null when it was already
 * captured (confirming again changes nothing).
 */
export async function captureBankTransfer(tx: Db, input: { orderId: number; actor: TransitionActor }) {
  const [payment] = await repository.findOrderPayments(tx, input.orderId, ["pending", "captured"]);
  if (!payment || payment.provider !== "proforma-invoice") {
    throw new AppError("invalid_state_transition", "This order has no proforma invoice waiting for a transfer");
  }
  if (payment.status === "captured") return null;
  await transition(tx, paymentMachine, payments, {
    entityId: payment.id,
    from: "pending",
    to: "captured",
    actor: input.actor,
    reason: "bank transfer received",
  });
  return { ...payment, status: "captured" as const };
}

/**
 * Sets a trade customer's credit limit in one of the store's currencies (400 `currency_not_supported` for any
 * other); never below what they have already used.
 */
export async function setCreditLimit(
  db: Db,
  input: { storeId: number; storeCurrencies: readonly string[]; customerId: number; currencyCode: string; limitAmount: number },
) {
  if (!input.storeCurrencies.includes(input.currencyCode)) {
    throw new AppError("currency_not_supported", `This store does not sell in ${input.currencyCode}`, { field: "body.currencyCode" });
  }
  return db.transaction(async (tx) => {
    const customer = await findTradeStatus(tx, { storeId: input.storeId, customerId: input.customerId });
    if (!customer) throw new AppError("customer_not_found", "Customer was not found");
    if (!customer.isTrade) throw new AppError("credit_limit_exceeded", "Only trade customers pay on account", { field: "params.id" });
    const updated = await repository.setCreditLimitAtLeastUsed(tx, input);
    if (!updated) {
      throw new AppError("credit_limit_exceeded", "The customer has already used more credit than this limit", {
        field: "body.limitAmount",
      });
    }
    const { limitAmount, usedAmount } = updated;
    return {
      limit: money(limitAmount, input.currencyCode),
      used: money(usedAmount, input.currencyCode),
      available: money(limitAmount - usedAmount, input.currencyCode),
    };
  });
}

/**
 * Applies what a gateway reports about a payment, in the caller's transaction with the order and then the
 * payment locked (in that order, as every money flow takes them): the transitions `transitionsFor` allows.
 * Repeated or out-of-order reports change nothing twice. Answers the status reached, whether this report
 * captured the payment, and whether the gateway captured money the shop no longer wanted (a payment already
 * cancelled or failed here): the caller confirms the order, or gives the money back.
 */
export async function applyReportedState(
  tx: Db,
  payment: repository.PaymentRow,
  input: { reported: ReportedStatus; reason: string; failureReason?: string },
): Promise<{ status: PaymentStatus; capturedNow: boolean; unwantedCapture: boolean }> {
  const steps = transitionsFor(payment.status, input.reported);
  if (steps.length === 0) {
    const unwantedCapture = input.reported === "captured" && (payment.status === "cancelled" || payment.status === "failed");
    return { status: payment.status, capturedNow: false, unwantedCapture };
  }
  const actor: TransitionActor = { type: "system" };
  let from = payment.status;
  for (const to of steps) {
    const failure =
      to === "failed" && input.failureReason ? sql`failure_reason = ${input.failureReason}, updated_at = now()` : sql`updated_at = now()`;
    await transition(tx, paymentMachine, payments, { entityId: payment.id, from, to, actor, reason: input.reason, alsoSet: failure });
    from = to;
  }
  return { status: from, capturedNow: steps.includes("captured"), unwantedCapture: false };
}

/** A gateway's failure as the API answers it (502), keeping what went wrong for the log. */
export function gatewayUnavailable(error: unknown): AppError {
  const answer = new AppError("payment_gateway_unavailable");
  answer.cause = error;
  return answer;
}

/** A store's payment by its public id; null when it has none. */
export async function findStorePayment(db: Db, input: { storeId: number; publicId: string }) {
  const payment = await repository.findPaymentByPublicId(db, input.publicId);
  return payment && payment.storeId === input.storeId ? payment : null;
}

/** An order's captured payment (what a refund gives back), if it has one. */
export async function findCapturedPayment(db: Db, orderId: number): Promise<repository.PaymentRow | null> {
  const [payment] = await repository.findOrderPayments(db, orderId, ["captured"]);
  return payment ?? null;
}

/**
 * The attempt a repeated POST /payments made before its process died (decision 018): the order's latest payment
 * still open or captured, when it is with the same provider.
 */
export async function findAttemptToRepeat(tx: Db, input: { orderId: number; provider: PaymentProviderId }) {
  const [latest] = await repository.findOrderPayments(tx, input.orderId, ["created", "pending", "captured"]);
  return latest && latest.provider === input.provider ? latest : null;
}

/** Records a new attempt to pay an order with one provider, `created`, in the caller's transaction. */
export function recordPaymentAttempt(
  tx: Db,
  input: { storeId: number; orderId: number; customerId: number | null; provider: PaymentProviderId; amount: number; currencyCode: string },
) {
  return repository.insertPayment(tx, input);
}

/**
 * Refuses (422 `credit_limit_exceeded`) an order to be paid on account that the customer's credit left cannot
 * pay: a guest, a customer who is not trade, or one with less left than `amount` in the currency. Checked when
 * the order is placed, so no order (and no stock held) is made for a payment that cannot happen; the payment
 * itself still takes the credit in one conditional update (chargeToCredit), which two orders at once cannot
 * both pass.
 */
export async function assertCreditCovers(
  db: Db,
  input: { customerId: number | null; currencyCode: string; amount: number },
): Promise<void> {
  const trade = input.customerId !== null && (await findTradeStatus(db, { customerId: input.customerId }))?.isTrade === true;
  const credit = trade && input.customerId !== null ? await repository.findCredit(db, input.customerId, input.currencyCode) : null;
  const available = credit ? credit.limitAmount - credit.usedAmount : 0;
  if (available >= input.amount) return;
  throw new AppError("credit_limit_exceeded", `This order is more than the ${formatMoney(available, input.currencyCode)} of credit left`, {
    field: "body.paymentProviderId",
  });
}

/**
 * Pays an attempt on account: the customer's credit is used within its limit (one conditional update, so
 * concurrent orders never pass it) and the payment captured; 422 `credit_limit_exceeded` otherwise.
 */
export async function chargeToCredit(tx: Db, payment: repository.PaymentRow, input: { customerId: number; actor: TransitionActor }) {
  const trade = (await findTradeStatus(tx, { customerId: input.customerId }))?.isTrade === true;
  const accepted =
    trade &&
    (await repository.useCredit(tx, {
      customerId: input.customerId,
      currencyCode: payment.currencyCode,
      amount: payment.amount,
    }));
  if (!accepted) {
    const credit = trade ? await repository.findCredit(tx, input.customerId, payment.currencyCode) : null;
    const available = credit ? credit.limitAmount - credit.usedAmount : 0;
    throw new AppError(
      "credit_limit_exceeded",
      `This order is more than the ${formatMoney(available, payment.currencyCode)} of credit left`,
      {
        field: "body.paymentProviderId",
      },
    );
  }
  await transition(tx, paymentMachine, payments, {
    entityId: payment.id,
    from: "created",
    to: "captured",
    actor: input.actor,
    reason: "charged to the account",
  });
  return { ...payment, status: "captured" as const };
}

/** A proforma invoice is issued for an attempt: it is pending until the merchant sees the bank transfer. */
export async function issueProformaInvoice(tx: Db, payment: repository.PaymentRow, actor: TransitionActor) {
  await transition(tx, paymentMachine, payments, {
    entityId: payment.id,
    from: "created",
    to: "pending",
    actor,
    reason: "proforma invoice issued",
  });
  return { ...payment, status: "pending" as const };
}

/**
 * Records the gateway's page for an attempt, in the caller's transaction with the payment locked, and moves it
 * to pending; the payment as it then stands. Replaced or already sent meanwhile (another tab): as it stands.
 */
export async function recordGatewayPage(
  tx: Db,
  input: { paymentId: number; reference: string; redirectUrl: string; gatewayId: string; actor: TransitionActor },
) {
  const locked = await repository.lockPayment(tx, input.paymentId);
  if (!locked) throw new AppError("payment_not_found");
  if (locked.status !== "created" || locked.providerReference) return locked;
  const sent = await repository.setGatewayPayment(tx, {
    paymentId: input.paymentId,
    reference: input.reference,
    redirectUrl: input.redirectUrl,
  });
  await transition(tx, paymentMachine, payments, {
    entityId: input.paymentId,
    from: "created",
    to: "pending",
    actor: input.actor,
    reason: `payment page opened at ${input.gatewayId}`,
  });
  return { ...(sent ?? locked), status: "pending" as const };
}

/** A payment, row-locked for the rest of the transaction (after its order's lock: see applyReportedState). */
export const lockPayment = repository.lockPayment;
export const findPaymentById = repository.findPaymentById;
export type { PaymentRow } from "./payments.repository";

/** Whether a verified webhook's event was acted on already. */
export const isWebhookEventRecorded = repository.isWebhookEventRecorded;
/** Stores a verified webhook's event once, in the transaction that acts on it: false when it was stored before. */
export const recordWebhookEvent = repository.recordWebhookEvent;
/** The payment a verified webhook names, by the gateway's reference, the money movement's or our public id. */
export const findPaymentForNotice = repository.findPaymentForNotice;
/** Keeps the gateway's id of a payment's money movement, the first time a verified webhook names it. */
export const keepPaymentReference = repository.setProviderPaymentReference;
/** Payments a gateway has had open for a while, oldest news first (the refresh job's round). */
export const findPaymentsOpenAtGateway = repository.findPaymentsOpenAtGateway;
/** Marks a payment looked at now, so the refresh job moves on. */
export const touchPayment = repository.touchPayment;
/** Each order's latest payment, for order answers. */
export const findLatestPayments = repository.findLatestPayments;
