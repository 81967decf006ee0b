import { describe, expect, it } from "vitest";
import { describePasswordStrength } from "./password-strength";

describe("the password strength indicator", () => {
  it("says nothing until something is typed", () => {
    expect(describePasswordStrength("")).toBeNull();
  });

  it("shows weak in red, medium in orange and strong in green, in words too", () => {
    expect(describePasswordStrength("short")).toMatchObject({
      strength: "weak",
      label: "Weak",
      bar: "bg-danger",
      text: "text-danger",
      filled: 1,
    });
    expect(describePasswordStrength("short")?.advice).toBe("Use at least 12 characters.");
    expect(describePasswordStrength("bookshelfmap")).toMatchObject({ strength: "medium", label: "Medium", bar: "bg-warning", filled: 2 });
    expect(describePasswordStrength("Marmalade-Harbour-Lantern-42")).toMatchObject({
      strength: "strong",
      label: "Strong",
      bar: "bg-success",
      filled: 3,
    });
  });

  it("counts the customer's own details against the password", () => {
    expect(describePasswordStrength("ada.lovelace@example.test", ["ada.lovelace@example.test"])?.strength).toBe("weak");
  });
});
