import { describe, expect, it } from "vitest";
import { describeConfirmationPage } from "./confirmation-page";

const link = (state: "pending" | "confirmed", backInStock: boolean) => ({
  ok: true as const,
  confirmation: { state, productVariantId: 7, backInStock },
});

describe("describeConfirmationPage", () => {
  it("offers the confirm button for a pending request, and only then", () => {
    expect(describeConfirmationPage(link("pending", false))).toEqual({
      heading: "Confirm your back-in-stock email",
      message: "Confirm, and we'll email you once when it's back in stock. Until you do, we won't send anything.",
      offer: "confirm",
    });
    expect(describeConfirmationPage(link("confirmed", false))).toEqual({
      heading: "You're on the list",
      message: "Your email is confirmed. We'll send you one message when it's back in stock.",
      offer: "browse",
    });
  });

  it("says the book is back, with its link, once it is, confirmed or not", () => {
    expect(describeConfirmationPage(link("confirmed", true))).toEqual({
      heading: "It's back in stock",
      message: "Your email is confirmed, and good news: there is no need to wait for an email, as it can be ordered now.",
      offer: "see-book",
    });
    expect(describeConfirmationPage(link("pending", true))).toMatchObject({ heading: "It's back in stock", offer: "see-book" });
  });

  it("says why a link no longer works, and offers the way back to the shop", () => {
    expect(describeConfirmationPage({ ok: false, problem: "expired" })).toEqual({
      heading: "This link has expired",
      message: "Confirmation links work for 7 days. Ask again from the book's page and we'll send you a new one.",
      offer: "browse",
    });
    expect(describeConfirmationPage({ ok: false, problem: "invalid" })).toMatchObject({
      heading: "This link is not valid",
      offer: "browse",
    });
  });
});
