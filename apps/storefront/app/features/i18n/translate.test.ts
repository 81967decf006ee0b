import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { t, tryTranslate } from "./translate";

describe("translate", () => {
  it("fills placeholders", () => {
    expect(t("error.404_desc", { path: "/nope" })).toBe("Page Not Found: /nope");
    expect(t("toast.preferences_saved", { currency: "EUR", country: "France" })).toBe(
      "Prices are now shown in EUR for delivery to France.",
    );
  });

  it("leaves a placeholder without a value visible rather than blank", () => {
    expect(t("error.404_desc")).toBe("Page Not Found: {path}");
  });

  it("answers undefined for a key the message set lacks", () => {
    expect(tryTranslate("error.418_title")).toBeUndefined();
    expect(tryTranslate("error.500_title")).toBe(messages["error.500_title"]);
  });

  it("keeps the texts the spec quotes word for word", () => {
    expect(messages["checkout.terms_not_accepted"]).toBe("Please accept the terms and conditions to proceed with the order.");
    expect(messages["toast.added_to_cart"]).toBe("Product has been successfully added to the cart");
    expect(messages["toast.discount_code_removed"]).toBe("Discount code was successfully removed!");
  });
});
