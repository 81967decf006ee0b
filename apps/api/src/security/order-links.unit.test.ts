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

  it("refuse each other spelling of the signature's last character, which decodes to the same bytes", () => {
    // The last of 43 base64url characters carries four of the signature's bits and two a decoder ignores.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let orderId = 1; orderId <= 16; orderId++) {
      const token = createOrderLinkToken(SECRET, { storeId: 3, orderId }, NOW);
      const last = alphabet.indexOf(token.at(-1)!);
      expect(last % 4, token).toBe(0);
      for (const spelling of [1, 2, 3].map((unused) => alphabet[last + unused]!)) {
        const respelled = token.slice(0, -1) + spelling;
        expect(Buffer.from(respelled.split(".")[2]!, "base64url")).toEqual(Buffer.from(token.split(".")[2]!, "base64url"));
        expect(checkOrderLinkToken(SECRET, 3, respelled, NOW), respelled).toEqual({ valid: false, problem: "invalid" });
      }
    }
  });
});
