import { IdempotencyKeySchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { deriveIdempotencyKey, idempotencyKeySecretOf, shopperOf } from "./idempotency-keys.server";

const SECRET = "a-storefront-secret-of-32-characters-or-more";
const FORM_KEY = "3b241101-e2bb-4255-8caf-4136c566a962";

describe("the Idempotency-Key sent to the API (decision 018)", () => {
  it("is the same for the same form key, shopper and secret, so a resent form replays", () => {
    const shopper = shopperOf({ clientAddress: "203.0.113.7" });
    expect(deriveIdempotencyKey(SECRET, shopper, FORM_KEY)).toBe(deriveIdempotencyKey(SECRET, shopper, FORM_KEY));
  });

  it("is another for another shopper, form key or secret, and never the form's key itself", () => {
    const guest = shopperOf({ clientAddress: "203.0.113.7" });
    const keys = [
      deriveIdempotencyKey(SECRET, guest, FORM_KEY),
      deriveIdempotencyKey(SECRET, shopperOf({ clientAddress: "203.0.113.8" }), FORM_KEY),
      deriveIdempotencyKey(SECRET, shopperOf({ clientAddress: "203.0.113.7", token: "a-customers-token" }), FORM_KEY),
      deriveIdempotencyKey(SECRET, guest, `${FORM_KEY}:payment`),
      deriveIdempotencyKey(`${SECRET}-rotated`, guest, FORM_KEY),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain(FORM_KEY);
  });

  it("names the shopper by their sign-in token, else by their address", () => {
    expect(shopperOf({ token: "t", clientAddress: "a" })).toBe("token:t");
    expect(shopperOf({ clientAddress: "a" })).toBe("client:a");
    expect(shopperOf({})).toBe("client:");
  });

  it("is a key the API accepts (16 to 255 printable characters)", () => {
    const key = deriveIdempotencyKey(SECRET, shopperOf({}), "x".repeat(255));
    expect(IdempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it("is made with IDEMPOTENCY_KEY_SECRET when set, else with a secret of API_KEY's, never API_KEY itself", () => {
    expect(idempotencyKeySecretOf({ API_KEY: "quire-demo-api-key", IDEMPOTENCY_KEY_SECRET: SECRET })).toBe(SECRET);
    const fromApiKey = idempotencyKeySecretOf({ API_KEY: "quire-demo-api-key", IDEMPOTENCY_KEY_SECRET: undefined });
    expect(fromApiKey).not.toContain("quire-demo-api-key");
    expect(fromApiKey).toBe(idempotencyKeySecretOf({ API_KEY: "quire-demo-api-key", IDEMPOTENCY_KEY_SECRET: undefined }));
    expect(fromApiKey).not.toBe(idempotencyKeySecretOf({ API_KEY: "another-api-key", IDEMPOTENCY_KEY_SECRET: undefined }));
  });
});
