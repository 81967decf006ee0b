import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, estimatePasswordStrength, isCommonPassword, passwordMatchesEmail } from "./constants";
import { EmailSchema, NewPasswordSchema, SignInBodySchema, UpdateCustomerSettingsBodySchema } from "./identity";

describe("NewPasswordSchema", () => {
  it(`accepts ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, with no rules about symbols or digits`, () => {
    expect(NewPasswordSchema.safeParse("x7q!mz2kpw9r").success).toBe(true);
    expect(NewPasswordSchema.safeParse("correct horse battery staple").success).toBe(true);
    expect(NewPasswordSchema.safeParse("ñandú-über-straße").success).toBe(true);
    expect(NewPasswordSchema.safeParse("k".repeat(1) + "v7#".repeat(85)).success).toBe(true);
  });

  it("refuses a short or overlong password with one message", () => {
    const short = NewPasswordSchema.safeParse("x7q!mz2kpw9");
    expect(short.error?.issues.map((issue) => issue.message)).toEqual(["Use at least 12 characters"]);
    const long = NewPasswordSchema.safeParse("ab".repeat(128) + "c");
    expect(long.error?.issues.map((issue) => issue.message)).toEqual(["Use at most 256 characters"]);
  });

  it("refuses commonly guessed passwords however they are decorated", () => {
    for (const password of [
      "Password1234",
      "P@ssw0rd!2024",
      "123456789012",
      "qwertyqwertyqwerty",
      "aaaaaaaaaaaa",
      "abcdefghijklmnop",
      "Welcome2026!!",
      "iloveyou-iloveyou",
    ]) {
      const result = NewPasswordSchema.safeParse(password);
      expect(result.success, password).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/too common/);
    }
  });
});

describe("isCommonPassword", () => {
  it("leaves uncommon passwords alone, including digit-only ones that are not runs", () => {
    for (const password of ["Correct-Horse-Battery-9", "8274!9302#71", "marmalade skies", "ñandúñandú-42"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("catches runs up and down, across the 9-0 boundary", () => {
    expect(isCommonPassword("234567890123")).toBe(true);
    expect(isCommonPassword("987654321098")).toBe(true);
    expect(isCommonPassword("ababababab12")).toBe(false);
  });
});

describe("passwordMatchesEmail", () => {
  it("matches the whole address or its local part, ignoring case and spaces", () => {
    expect(passwordMatchesEmail(" Ada.Lovelace@Example.com ", "ada.lovelace@example.com")).toBe(true);
    expect(passwordMatchesEmail("ada.lovelace", "Ada.Lovelace@example.com")).toBe(true);
    expect(passwordMatchesEmail("ada.lovelace-1815", "ada.lovelace@example.com")).toBe(false);
  });
});

describe("estimatePasswordStrength", () => {
  it("is weak below the minimum length, for common passwords and for the customer's own email", () => {
    expect(estimatePasswordStrength("Zx9!kQ2#")).toBe("weak");
    expect(estimatePasswordStrength("Password1234!")).toBe("weak");
    expect(estimatePasswordStrength("ada.lovelace@example.com", ["ada.lovelace@example.com"])).toBe("weak");
  });

  it("is medium for a minimum-length mix of characters, strong for a long passphrase", () => {
    expect(estimatePasswordStrength("xK9#mQ2$vL7!")).toBe("medium");
    expect(estimatePasswordStrength("9qTz3Lr8Wb1x")).toBe("medium");
    expect(estimatePasswordStrength("correcthorsebatterystaple")).toBe("strong");
    expect(estimatePasswordStrength("Correct-Horse-Battery-9")).toBe("strong");
  });

  it("discounts repeats, runs and the customer's own names", () => {
    expect(estimatePasswordStrength("zzzzzzzzzzzzzzzzzzzzzzzz")).toBe("weak");
    expect(estimatePasswordStrength("lovelace-augusta-1815", ["ada.lovelace@example.com", "Augusta", "Lovelace"])).toBe("weak");
    expect(estimatePasswordStrength("kingfisher-bramble-1815")).toBe("strong");
  });

  it("never gets stronger by removing characters from the end", () => {
    const order = { weak: 0, medium: 1, strong: 2 };
    const password = "Tea-Kettle-Whistles-At-Dawn-77";
    for (let length = password.length; length > 1; length--) {
      const longer = estimatePasswordStrength(password.slice(0, length));
      const shorter = estimatePasswordStrength(password.slice(0, length - 1));
      expect(order[shorter], password.slice(0, length - 1)).toBeLessThanOrEqual(order[longer]);
    }
  });
});

describe("identity request schemas", () => {
  it("lower-case and trim emails before checking them", () => {
    expect(EmailSchema.parse("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(EmailSchema.safeParse("ada@").success).toBe(false);
    expect(EmailSchema.safeParse(`${"a".repeat(250)}@example.com`).success).toBe(false);
  });

  it("refuse unknown keys", () => {
    expect(SignInBodySchema.safeParse({ email: "a@example.com", password: "x", remember: true }).success).toBe(false);
    expect(
      UpdateCustomerSettingsBodySchema.safeParse({ firstName: "A", lastName: "B", marketingOptIn: false, email: "x@y.z" }).success,
    ).toBe(false);
  });
});
