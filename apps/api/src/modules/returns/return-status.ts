import type { ReturnStatus } from "@quire/contracts";
import { defineStateMachine } from "../state-machines/state-machine";

/**
 * A return is asked for by the customer; the merchant receives the parcel, then approves or rejects it (a return
 * whose items never arrive may be rejected without receiving it). Approving settles it as the customer asked:
 * money back through the order's payment (refunded), store credit (credited), or a replacement sent
 * (exchanged). The customer may cancel a return until its parcel arrives.
 */
export const returnMachine = defineStateMachine<ReturnStatus>("return", {
  requested: ["received", "rejected", "cancelled"],
  received: ["approved", "rejected"],
  approved: ["refunded", "credited", "exchanged"],
  rejected: [],
  refunded: [],
  credited: [],
  exchanged: [],
  cancelled: [],
});

/** The statuses whose lines count as returned (or on their way back) when the next return is checked. */
export const ACTIVE_RETURN_STATUSES = [
  "requested",
  "received",
  "approved",
  "refunded",
  "credited",
  "exchanged",
] as const satisfies readonly ReturnStatus[];
