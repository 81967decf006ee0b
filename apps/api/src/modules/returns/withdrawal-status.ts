import type { WithdrawalStatus } from "@quire/contracts";
import { defineStateMachine } from "../state-machines/state-machine";

/**
 * A withdrawal is declared by the buyer and acknowledged at once (decision 061). The merchant records the goods
 * coming back, and refunds: the refund is recorded (refunding) and paid by the refund flow, and the withdrawal is
 * refunded once the money has gone back. The shop may refund before the goods are back; nothing undoes a withdrawal.
 */
export const withdrawalMachine = defineStateMachine<WithdrawalStatus>("withdrawal", {
  declared: ["received", "refunding", "refunded"],
  received: ["refunding", "refunded"],
  refunding: ["refunded"],
  refunded: [],
});
