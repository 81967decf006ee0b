import type { OrderStatus } from "@quire/contracts";
import { defineStateMachine } from "../state-machines/state-machine";

/**
 * An order waits for its payment (card, wallet, or a bank transfer against the proforma invoice) and is
 * confirmed when the gateway says it is paid, or at once when a trade customer pays on account. A confirmed
 * order ships, then is delivered. Until it ships it can be cancelled (by the shopper, the merchant, or the job
 * that gives up on unpaid orders), which frees its stock, its discount use and its credit.
 */
export const orderMachine = defineStateMachine<OrderStatus>("order", {
  awaiting_payment: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
});
