import type { OperationAnswer } from "@quire/contracts";

/*
 * Answers of the checkout's calls that the contracts name by schema only, named by the operation that answers
 * them (types only: nothing here reaches the browser).
 */

/** One payment provider the buyer may use (GET /payment-providers). */
export type PaymentProvider = OperationAnswer<"listPaymentProviders">["data"]["paymentProviders"][number];
/** The order POST /orders made: id, number and grand total. */
export type CreatedOrder = OperationAnswer<"placeOrder">["data"];
/** GET /orders/:id/summary. */
export type OrderSummary = OperationAnswer<"getOrderSummary">["data"];
/** A trade customer's credit (GET /customers/credits). */
export type CustomerCredits = OperationAnswer<"getCustomerCredits">["data"];
