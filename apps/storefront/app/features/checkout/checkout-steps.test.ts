import { describe, expect, it } from "vitest";
import {
  firstIncompleteSection,
  isSectionComplete,
  openSection,
  parseEditableSection,
  sectionStates,
  stepAfterOrder,
  stepOfSection,
} from "./checkout-steps";

describe("the checkout's steps", () => {
  it("start with the customer's details, then delivery, then payment, as the summary's missing list says", () => {
    expect(firstIncompleteSection(["customer_info", "delivery_address", "delivery_option"])).toBe("details");
    expect(firstIncompleteSection(["delivery_address", "delivery_option"])).toBe("delivery");
    expect(firstIncompleteSection(["delivery_option"])).toBe("delivery");
    expect(firstIncompleteSection(["billing_address"])).toBe("delivery");
    expect(firstIncompleteSection([])).toBe("payment");
    // The minimum order is shown at the payment step, where it stops the order.
    expect(firstIncompleteSection(["minimum_order"])).toBe("payment");
  });

  it("reopen a finished section to change it, but never jump ahead of what is missing", () => {
    expect(openSection([], "details")).toBe("details");
    expect(openSection([], "delivery")).toBe("delivery");
    expect(openSection([], "billing")).toBe("delivery");
    expect(openSection([], "address")).toBe("delivery");
    expect(openSection(["customer_info", "delivery_address"], "delivery")).toBe("details");
    expect(openSection(["delivery_option"], null)).toBe("delivery");
  });

  it("show the sections before the open one as done, and later ones done only when they were finished", () => {
    expect(sectionStates(["delivery_address", "delivery_option"], "delivery")).toEqual({
      details: "done",
      delivery: "open",
      payment: "todo",
    });
    expect(sectionStates(["customer_info", "delivery_address"], "details")).toEqual({ details: "open", delivery: "todo", payment: "todo" });
    // Back at the details to change them, with the delivery given: it stays done; payment is never done.
    expect(sectionStates([], "details")).toEqual({ details: "open", delivery: "done", payment: "todo" });
    expect(isSectionComplete(["billing_address"], "delivery")).toBe(false);
    expect(isSectionComplete(["minimum_order"], "delivery")).toBe(true);
  });

  it("read the edit parameter strictly", () => {
    expect(parseEditableSection("details")).toBe("details");
    expect(parseEditableSection("billing")).toBe("billing");
    expect(parseEditableSection("payment")).toBeNull();
    expect(parseEditableSection(null)).toBeNull();
  });

  it("number the stepper 0 to 2 before the order, and 3 (signed in) or 4 (guest) after it", () => {
    expect([stepOfSection("details"), stepOfSection("delivery"), stepOfSection("payment")]).toEqual([0, 1, 2]);
    expect(stepAfterOrder(true)).toBe(3);
    expect(stepAfterOrder(false)).toBe(4);
  });
});
