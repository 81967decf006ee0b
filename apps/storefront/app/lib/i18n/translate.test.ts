import { afterEach, describe, expect, it, vi } from "vitest";
import { AREA_MESSAGE_SETS, messages } from "./messages";
import { t as errorText } from "./messages/error";
import { t } from "./translate";
import { lookUpMessage, textAround, translator } from "./translator";

// Only console.warn's spy is restored here: vitest.setup.ts owns the one on console.error.
const silencedWarn = () => vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => {
  if (vi.isMockFunction(console.warn)) vi.mocked(console.warn).mockRestore();
});

describe("translator", () => {
  it("fills placeholders", () => {
    expect(errorText("error.404_desc", { path: "/nope" })).toBe("Page Not Found: /nope");
    expect(t("toast.preferences_saved", { currency: "EUR", country: "France" })).toBe(
      "Prices are now shown in EUR for delivery to France.",
    );
  });

  it("leaves a placeholder without a value visible rather than blank", () => {
    expect(errorText("error.404_desc")).toBe("Page Not Found: {path}");
  });

  it("fills every occurrence, and numbers", () => {
    const text = translator({ "x.count": "{n} of {n} ({name})" });
    expect(text("x.count", { n: 3, name: "books" })).toBe("3 of 3 (books)");
  });
});

describe("textAround", () => {
  it("splits a message around the placeholder an element takes", () => {
    expect(textAround("Did you mean {term}?", "term")).toEqual(["Did you mean ", "?"]);
    expect(textAround("No placeholder", "term")).toEqual(["No placeholder", ""]);
  });
});

describe("lookUpMessage: a key made at run time", () => {
  it("answers the message when the set has the key, without a warning", () => {
    const warn = silencedWarn();
    expect(lookUpMessage(messages, "error.500_title")).toBe(messages["error.500_title"]);
    expect(lookUpMessage(messages, "error.404_desc", { path: "/a" })).toBe("Page Not Found: /a");
    expect(warn).not.toHaveBeenCalled();
  });

  // Keys no other file asks for: the warning is once per key in a process, and a unit worker runs many files.
  it("answers undefined for a missing key and logs one warning naming it, once per key", () => {
    const warn = silencedWarn();
    expect(lookUpMessage(messages, "error.translate_test_title")).toBeUndefined();
    expect(lookUpMessage(messages, "error.translate_test_title")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"error.translate_test_title"');

    expect(lookUpMessage(messages, "error.translate_test_desc")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("does not take an object's own machinery for a message", () => {
    const warn = silencedWarn();
    expect(lookUpMessage(messages, "toString")).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("the catalogue", () => {
  it("merges every area's set, each key prefixed with its area, so no key is in two sets", () => {
    const sets = Object.entries(AREA_MESSAGE_SETS);
    for (const [area, set] of sets) {
      for (const key of Object.keys(set)) expect(key.startsWith(`${area}.`), key).toBe(true);
    }
    const total = sets.reduce((sum, [, set]) => sum + Object.keys(set).length, 0);
    expect(Object.keys(messages)).toHaveLength(total);
  });

  it("holds every set of messages/", () => {
    const modules = import.meta.glob<Record<string, unknown>>("./messages/*.ts", { eager: true });
    const sets = Object.values(modules).flatMap((module) => Object.values(module).filter((value) => typeof value === "object"));
    expect(sets.length).toBeGreaterThan(Object.keys(AREA_MESSAGE_SETS).length - 1);
    for (const set of sets) expect(messages).toMatchObject(set as object);
  });

  it("keeps the wordings the product fixes word for word", () => {
    expect(messages["checkout.terms_not_accepted"]).toBe("Please accept the terms and conditions to proceed with the order.");
    expect(messages["toast.added_to_cart"]).toBe("Product has been successfully added to the cart");
    expect(messages["toast.discount_code_removed"]).toBe("Discount code was successfully removed!");
    expect(messages["error.404_desc"]).toBe("Page Not Found: {path}");
  });
});
