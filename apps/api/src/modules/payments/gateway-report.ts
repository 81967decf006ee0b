import type { PaymentStatus } from "@quire/contracts";
import { canTransition } from "../state-machines/state-machine";
import { paymentMachine } from "./payment-status";

/*
 * What a gateway says about a payment, and what it changes here (decision 025). Gateways tell the same news
 * more than once and out of order (a webhook retried, a refresh racing a webhook, "succeeded" arriving after
 * "refunded"). The payment moves only forward along its transition table; news that would move it back, or
 * sideways from a final state, changes nothing. So any order and number of reports ends in the same state.
 */

/** A gateway's state of a payment, as the adapters report it. */
export type ReportedStatus = "pending" | "authorized" | "captured" | "failed" | "cancelled" | "refunded";

/** How far along a payment each status is: news is applied only when it moves the payment further. */
const PROGRESS: Record<PaymentStatus, number> = { created: 0, pending: 1, failed: 2, cancelled: 2, captured: 3, refunded: 4 };

/** The status a report means here: an authorisation the gateway will capture is still pending for the shop. */
function meaning(reported: ReportedStatus): PaymentStatus {
  return reported === "authorized" ? "pending" : reported;
}

/**
 * The transitions that take a payment from `current` to what the gateway reports, along the table; none when
 * the report is old news, repeats what is known, or contradicts a final state (a failure after a capture).
 * A refund reported for a payment never seen captured passes through captured, so the order is confirmed
 * and then the refund recorded, as happened at the gateway.
 */
export function transitionsFor(current: PaymentStatus, reported: ReportedStatus): PaymentStatus[] {
  const target = meaning(reported);
  if (target === current || PROGRESS[target] <= PROGRESS[current]) return [];
  if (canTransition(paymentMachine, current, target)) return [target];
  if (target === "refunded" && canTransition(paymentMachine, current, "captured")) return ["captured", "refunded"];
  return [];
}
