import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token of a guest's order link: who may see an order without signing in, from any browser. It names the
 * order and when the link stops working, signed with HMAC-SHA256 under the shop's order-link secret
 * (ORDER_LINK_SECRET), so nothing is stored and only the shop can make one. The signature also covers the
 * store, so a link of one store never opens an order in another. Form: `<orderId>.<expiry in Unix
 * seconds>.<signature, base64url>`; the order's id in it reveals nothing the signature does not already guard.
 */

/** How long an order link works (decision 041): through delivery, the return window and the refund after it. */
export const ORDER_LINK_LIFETIME_DAYS = 90;

const TOKEN_SHAPE = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(secret: string, storeId: number, orderId: number, expiresAt: number): Buffer {
  return createHmac("sha256", secret).update(`quire-order-link:v1:${storeId}:${orderId}:${expiresAt}`, "utf8").digest();
}

/** A signed link token for one of the store's orders, working until `now` plus the link's lifetime. */
export function createOrderLinkToken(secret: string, input: { storeId: number; orderId: number }, now = new Date()): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + ORDER_LINK_LIFETIME_DAYS * 86_400;
  const signature = signatureOf(secret, input.storeId, input.orderId, expiresAt).toString("base64url");
  return `${input.orderId}.${expiresAt}.${signature}`;
}

export type OrderLinkCheck = { valid: true; orderId: number } | { valid: false; problem: "invalid" | "expired" };

/**
 * Which order a token opens in this store. Anything not signed by this shop for this store is "invalid"; a
 * genuine token past its time is "expired" (the expiry is only read once the signature holds, so a forged one
 * can never pass for expired). The signatures are compared in constant time.
 */
export function checkOrderLinkToken(secret: string, storeId: number, token: string, now = new Date()): OrderLinkCheck {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return { valid: false, problem: "invalid" };
  const orderId = Number(match[1]);
  const expiresAt = Number(match[2]);
  // Compared as the text the shop wrote: 43 base64url characters carry 258 bits for the signature's 256, and a
  // decoder ignores the last two, so four spellings of the last character would otherwise open the same order.
  const given = Buffer.from(match[3]!, "ascii");
  const expected = Buffer.from(signatureOf(secret, storeId, orderId, expiresAt).toString("base64url"), "ascii");
  if (orderId > 2_147_483_647 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, problem: "invalid" };
  }
  if (expiresAt * 1000 <= now.getTime()) return { valid: false, problem: "expired" };
  return { valid: true, orderId };
}

/**
 * Public and known to everyone: the secret of an API or job handlers built without one (the tests'), the same for
 * both so that their links agree. main.ts and worker.ts always pass the environment's (resolveOrderLinkSecret).
 */
export const DEVELOPMENT_ORDER_LINK_SECRET = "quire-development-order-link-secret-not-for-production";
