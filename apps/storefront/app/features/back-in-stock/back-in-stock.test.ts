import { describe, expect, it } from "vitest";
import { backInStockConfirmation } from "./back-in-stock";

describe("backInStockConfirmation", () => {
  it("tells a visitor to confirm from their inbox, and a customer that it is done", () => {
    expect(backInStockConfirmation({ status: "confirmation_sent", email: "ann@example.com" })).toBe(
      "Check your inbox at ann@example.com and confirm the link we've sent: then we'll email you once when it's back in stock.",
    );
    expect(backInStockConfirmation({ status: "subscribed", email: "ann@example.com" })).toBe(
      "We'll email ann@example.com as soon as it's back in stock.",
    );
  });
});
