import { createHmac, timingSafeEqual } from "node:crypto";
import { BLOG_PREVIEW_LINK_DAYS } from "@quire/contracts";

/*
 * The token of a blog post's preview link (decision 051): who may read a post before it is published, without
 * signing in. Like a guest's order link (order-links.ts), it names the post and when the link stops working, signed
 * with HMAC-SHA256 over the store too, so nothing is stored and a link of one store never opens another's post.
 * Form: `<postId>.<expiry in Unix seconds>.<signature, base64url>`.
 */

const TOKEN_SHAPE = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The key preview links are signed with: made from the API's token secret under a label of its own. */
export function previewLinkSecretOf(tokenSecret: string): string {
  return createHmac("sha256", tokenSecret).update("quire-blog-preview-links", "utf8").digest("base64url");
}

function signatureOf(secret: string, storeId: number, postId: number, expiresAt: number): string {
  return createHmac("sha256", secret).update(`quire-blog-preview:v1:${storeId}:${postId}:${expiresAt}`, "utf8").digest("base64url");
}

/** A signed preview token for one of the store's posts, working for BLOG_PREVIEW_LINK_DAYS from `now`. */
export function createPreviewToken(secret: string, input: { storeId: number; postId: number }, now = new Date()) {
  const expiresAt = Math.floor(now.getTime() / 1000) + BLOG_PREVIEW_LINK_DAYS * 86_400;
  return {
    token: `${input.postId}.${expiresAt}.${signatureOf(secret, input.storeId, input.postId, expiresAt)}`,
    expiresAt: new Date(expiresAt * 1000),
  };
}

export type PreviewTokenCheck = { valid: true; postId: number } | { valid: false; problem: "invalid" | "expired" };

/**
 * Which post a token opens in this store. Anything this shop did not sign for this store is "invalid"; a genuine
 * token past its time is "expired" (read only once the signature holds). Signatures are compared in constant time,
 * as the text the shop wrote.
 */
export function checkPreviewToken(secret: string, storeId: number, token: string, now = new Date()): PreviewTokenCheck {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return { valid: false, problem: "invalid" };
  const postId = Number(match[1]);
  const expiresAt = Number(match[2]);
  const given = Buffer.from(match[3]!, "ascii");
  const expected = Buffer.from(signatureOf(secret, storeId, postId, expiresAt), "ascii");
  if (postId > 2_147_483_647 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, problem: "invalid" };
  }
  if (expiresAt * 1000 <= now.getTime()) return { valid: false, problem: "expired" };
  return { valid: true, postId };
}
