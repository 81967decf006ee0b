import type { RefundStatus } from "@quire/contracts";
import { defineStateMachine } from "../state-machines/state-machine";

/**
 * A refund is pending from the moment it is recorded until the gateway, or the customer's credit, has answered:
 * then it succeeded or failed. A bank transfer's refund is owed until the merchant says they paid it back. A
 * failed refund may be tried again (pending once more), by the merchant.
 */
export const refundMachine = defineStateMachine<RefundStatus>("refund", {
  pending: ["succeeded", "failed", "owed"],
  owed: ["succeeded"],
  failed: ["pending"],
  succeeded: [],
});
