import type { WithdrawableOrder, Withdrawal } from "@quire/contracts";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { WithdrawalView } from "./withdrawal-form";
import { ChooseItemsStep, WithdrawalReceipt } from "./withdrawal-steps";

/** The page's markup with `element` on it, at /withdraw (its forms need a router). */
function markupOf(element: ReactElement): string {
  const Stub = createRoutesStub([{ path: "/withdraw", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/withdraw"]} />).replace(/&#x27;/g, "'");
}

/** The attributes of each <input> of the markup, in order. */
function inputsOf(markup: string): Record<string, string>[] {
  return [...markup.matchAll(/<input((?:\s+[a-zA-Z-]+="[^"]*")*)\s*\/?>/g)].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!])),
  );
}

const line = (orderLineId: number, productName: string, quantity: number, withdrawableQuantity: number) => ({
  orderLineId,
  sku: `SKU-${orderLineId}`,
  productName,
  variantName: "Hardback",
  quantity,
  withdrawableQuantity,
  exemption: null,
  exemptionMessage: null,
});

const ORDER: WithdrawableOrder = {
  orderId: 7,
  orderNumber: "QB-1001",
  placedAt: "2026-11-20T10:00:00.000Z",
  deliveredAt: "2026-11-24T10:00:00.000Z",
  withdrawableUntil: "2026-12-08T10:00:00.000Z",
  periodDays: 14,
  lines: [
    line(11, "Emma", 3, 2),
    {
      ...line(12, "Your Name in Gold", 1, 0),
      exemption: "personalised",
      exemptionMessage: "Made to your wishes, so it cannot be withdrawn from.",
    },
    line(13, "Persuasion", 1, 0),
  ],
};

const choose = (order: WithdrawableOrder, failure: Extract<WithdrawalView, { step: "choose" }>["failure"] = null) =>
  ({ step: "choose", order, key: { token: "7.17.secret" }, idempotencyKey: "0f3c9a52-6d7e-4b1a-9e8f-2a1b3c4d5e6f", failure }) as const;

describe("ChooseItemsStep", () => {
  it("offers each line that may be withdrawn from in full, says why not for the others, and posts the order's key and the render's key", () => {
    const markup = markupOf(<ChooseItemsStep view={choose(ORDER)} />);
    const inputs = inputsOf(markup);
    expect(inputs.filter((input) => input.type === "hidden").map((input) => [input.name, input.value])).toEqual([
      ["intent", "withdraw"],
      ["idempotencyKey", "0f3c9a52-6d7e-4b1a-9e8f-2a1b3c4d5e6f"],
      ["token", "7.17.secret"],
      ["available-11", "2"],
    ]);
    // One quantity field, for the one line left to withdraw from: all of it chosen to start with.
    expect(inputs.filter((input) => input.type === "number")).toEqual([
      expect.objectContaining({ name: "quantity-11", value: "2", min: "0", max: "2" }),
    ]);
    expect(markup).toContain("3 bought, up to 2 to withdraw from");
    // The exempt line: the API's words, no field; a line already withdrawn from: says so.
    expect(markup).toContain("Made to your wishes, so it cannot be withdrawn from.");
    expect(markup).toContain("1 bought, already withdrawn from or returned");
    expect(markup).toContain('dateTime="2026-12-08T10:00:00.000Z">8 December 2026, 10:00 UTC</time>');
    expect(markup).toMatch(/<button type="submit"[^>]*>Confirm withdrawal<\/button>/);
  });

  it("shows a refused quantity beside its line, with what was typed", () => {
    const failure = {
      errors: [{ code: "withdrawal_quantity_exceeded", message: "At most 2 of Emma can be withdrawn from", field: "quantity-11" }],
      values: { "quantity-11": "5" },
    };
    const markup = markupOf(<ChooseItemsStep view={choose(ORDER, failure)} />);
    const field = inputsOf(markup).find((input) => input.name === "quantity-11")!;
    expect(field).toMatchObject({ value: "5", "aria-invalid": "true" });
    const errorId = field["aria-describedby"]!.split(" ").find((id) => id.endsWith("-error"))!;
    expect(markup).toContain(`id="${errorId}"`);
    expect(markup).toContain("At most 2 of Emma can be withdrawn from");
    expect(markup).not.toContain('role="alert"');
  });

  it("offers no confirmation when nothing is left, and says until delivery while the order is on its way", () => {
    const nothingLeft = { ...ORDER, deliveredAt: null, withdrawableUntil: null, lines: [line(11, "Emma", 3, 0)] };
    const markup = markupOf(<ChooseItemsStep view={choose(nothingLeft)} />);
    expect(markup).toContain("Nothing of this order is left to withdraw from.");
    expect(markup).toContain("until 14 days after it is delivered");
    expect(markup).not.toContain("Confirm withdrawal");
  });
});

describe("WithdrawalReceipt", () => {
  const money = (amount: number) => ({ amount, currencyCode: "GBP" });
  const withdrawal: Withdrawal = {
    id: 3,
    publicId: "WDL-700003",
    orderId: 7,
    orderNumber: "QB-1001",
    status: "declared",
    wholeOrder: true,
    lines: [{ orderLineId: 11, sku: "SKU-11", productName: "Emma", variantName: "Hardback", quantity: 2, amount: money(2598) }],
    delivery: money(395),
    amount: money(2993),
    declaredAt: "2026-12-01T16:05:00.000Z",
    refundDueBy: "2026-12-15T16:05:00.000Z",
  };

  it("acknowledges the withdrawal with its number, when it was received, what was withdrawn, the delivery, the refund and its deadline", () => {
    const markup = markupOf(<WithdrawalReceipt withdrawal={withdrawal} />);
    for (const text of [
      "We have received your withdrawal",
      "Withdrawal WDL-700003 from order QB-1001, received on 1 December 2026, 16:05 UTC.",
      "We have sent this acknowledgement to your email address.",
      '<time dateTime="2026-12-01T16:05:00.000Z">1 December 2026, 16:05 UTC</time>',
      '<time dateTime="2026-12-15T16:05:00.000Z">15 December 2026</time>',
      "You have withdrawn from the whole order.",
      "£25.98",
      "Delivery",
      "£3.95",
      "£29.93",
      "We will refund £29.93 to the way you paid by 15 December 2026 at the latest.",
    ]) {
      expect(markup, text).toContain(text);
    }
  });

  it("refunds no delivery for part of the order", () => {
    const markup = markupOf(
      <WithdrawalReceipt withdrawal={{ ...withdrawal, wholeOrder: false, delivery: money(0), amount: money(2598) }} />,
    );
    expect(markup).not.toContain("Delivery");
    expect(markup).not.toContain("whole order");
  });
});
