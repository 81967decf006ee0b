import { PAYMENT_STATUSES, type PaymentStatus } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { canTransition } from "../state-machines/state-machine";
import { transitionsFor, type ReportedStatus } from "./gateway-report";
import { paymentMachine } from "./payment-status";

const REPORTS: ReportedStatus[] = ["pending", "authorized", "captured", "failed", "cancelled", "refunded"];

/** Applies reports one after another, as the payment would. */
function settle(start: PaymentStatus, reports: readonly ReportedStatus[]): PaymentStatus {
  return reports.reduce((status, report) => transitionsFor(status, report).at(-1) ?? status, start);
}

describe("a gateway's reports", () => {
  it("move a payment forward along its table", () => {
    expect(transitionsFor("created", "pending")).toEqual(["pending"]);
    expect(transitionsFor("pending", "authorized")).toEqual([]);
    expect(transitionsFor("created", "authorized")).toEqual(["pending"]);
    expect(transitionsFor("pending", "captured")).toEqual(["captured"]);
    expect(transitionsFor("pending", "failed")).toEqual(["failed"]);
    expect(transitionsFor("captured", "refunded")).toEqual(["refunded"]);
    expect(transitionsFor("pending", "refunded")).toEqual(["captured", "refunded"]);
  });

  it("change nothing when they repeat, are old, or contradict a final state", () => {
    expect(transitionsFor("captured", "captured")).toEqual([]);
    expect(transitionsFor("captured", "pending")).toEqual([]);
    expect(transitionsFor("captured", "failed")).toEqual([]);
    expect(transitionsFor("refunded", "captured")).toEqual([]);
    expect(transitionsFor("failed", "cancelled")).toEqual([]);
    // A payment declined and then paid at the gateway (a second card) is not revived: it stays failed here,
    // and a new payment is made for the order.
    expect(transitionsFor("failed", "captured")).toEqual([]);
  });

  it("end in the same state in any order and any number of repeats", () => {
    // Every permutation of a capture's news, each report sent twice.
    const news: ReportedStatus[] = ["pending", "authorized", "captured"];
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const order of orders) {
      const reports = order.flatMap((index) => [news[index]!, news[index]!]);
      expect(settle("created", reports), reports.join()).toBe("captured");
    }
    expect(settle("created", ["captured", "refunded", "captured", "pending"])).toBe("refunded");
  });

  it("only ever name transitions the table allows", () => {
    for (const start of PAYMENT_STATUSES) {
      for (const report of REPORTS) {
        let from = start;
        for (const to of transitionsFor(start, report)) {
          expect(canTransition(paymentMachine, from, to), `${start} + ${report}: ${from} → ${to}`).toBe(true);
          from = to;
        }
      }
    }
  });
});
