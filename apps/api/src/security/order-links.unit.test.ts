import { describe, expect, it } from "vitest";
import { checkOrderLinkToken, createOrderLinkToken, ORDER_LINK_LIFETIME_DAYS } from "./order-links";

const SECRET = "order-link-unit-test-secret-0123456789";
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;

describe("order link tokens", () => {
  it("open the order they were made for, in the store they were made for, until they expire", () => {
    const token = createOrderLinkToken(SECRET, { storeId: 3, orderId: 41 }, NOW);
    expect(checkOrderLinkToken(SECRET, 3, token, NOW)).toEqual({ valid: true, orderId: 41 });
    const lastMoment = new Date(NOW.getTime() + ORDER_LINK_LIFETIME_DAYS * DAY - 1000);
    expect(checkOrderLinkToken(SECRET, 3, token, lastMoment)).toEqual({ valid: true, orderId: 41 });
    const after = new Date(NOW.getTime() + ORDER_LINK_LIFETIME_DAYS * DAY);
    expect(checkOrderLinkToken(SECRET, 3, token, after)).toEqual({ valid: false, problem: "expired" });
  });

  it("refuse another store, another secret, another order or a later expiry under the same signature", () => {
    const token = createOrderLinkToken(SECRET, { storeId: 3, orderId: 41 }, NOW);
    const [, expiry, signature] = token.split(".");
    expect(checkOrderLinkToken(SECRET, 4, token, NOW)).toEqual({ valid: false, problem: "invalid" });
    expect(checkOrderLinkToken(`${SECRET}-other`, 3, token, NOW)).toEqual({ valid: false, problem: "invalid" });
    expect(checkOrderLinkToken(SECRET, 3, `42.${expiry}.${signature}`, NOW)).toEqual({ valid: false, problem: "invalid" });
    expect(checkOrderLinkToken(SECRET, 3, `41.${Number(expiry) + 1}.${signature}`, NOW)).toEqual({ valid: false, problem: "invalid" });
  });

  it("refuse a forged expired token as invalid, and anything not shaped like a token", () => {
    const old = createOrderLinkToken(SECRET, { storeId: 3, orderId: 41 }, new Date(NOW.getTime() - 400 * DAY));
    const forged = old.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect(checkOrderLinkToken(SECRET, 3, forged, NOW)).toEqual({ valid: false, problem: "invalid" });
    for (const junk of ["", "41", "41.1", "0.1.x", "41.1.short", `99999999999.1.${"A".repeat(43)}`]) {
      expect(checkOrderLinkToken(SECRET, 3, junk, NOW), junk).toEqual({ valid: false, problem: "invalid" });
    }
  });
});
