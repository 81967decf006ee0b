import type { PaymentStatus } from "@quire/contracts";
import { defineStateMachine } from "../state-machines/state-machine";

/**
 * A payment is created, then pending while the gateway (or a bank transfer) has it; captured once the money
 * is the shop's; failed or cancelled otherwise. A captured payment may be refunded. Paying on account is
 * captured at once, against the customer's credit.
 */
export const paymentMachine = defineStateMachine<PaymentStatus>("payment", {
  created: ["pending", "captured", "failed", "cancelled"],
  pending: ["captured", "failed", "cancelled"],
  captured: ["refunded"],
  failed: [],
  cancelled: [],
  refunded: [],
});
