import { createHmac, timingSafeEqual } from "node:crypto";
import { BLOG_PREVIEW_LINK_DAYS } from "@quire/contracts";

/*
 * The token of a preview link (decision 051): who may read a blog post, a page or a product before it is published,
 * without signing in. Like a guest's order link (order-links.ts), it names the post or page and when the link stops working,
 * signed with HMAC-SHA256 over the store and the kind too, so nothing is stored, a link of one store never opens
 * another's, and a post's link never opens the page or the product with the same id. Form: `<id>.<expiry in Unix seconds>.<signature>`.
 */

/** What a preview link opens. */
export type PreviewKind = "post" | "page" | "product";
/** Each kind's label in what is signed: a post's is the one its links had before pages had any, so they keep working. */
const SIGNED_AS: Record<PreviewKind, string> = {
  post: "quire-blog-preview:v1",
  page: "quire-page-preview:v1",
  product: "quire-product-preview:v1",
};

const TOKEN_SHAPE = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The key preview links are signed with: made from the API's token secret under a label of its own. */
export function previewLinkSecretOf(tokenSecret: string): string {
  return createHmac("sha256", tokenSecret).update("quire-blog-preview-links", "utf8").digest("base64url");
}

function signatureOf(secret: string, kind: PreviewKind, storeId: number, id: number, expiresAt: number): string {
  return createHmac("sha256", secret).update(`${SIGNED_AS[kind]}:${storeId}:${id}:${expiresAt}`, "utf8").digest("base64url");
}

/** A signed preview token for one of the store's posts, pages or products, working for BLOG_PREVIEW_LINK_DAYS from `now`. */
export function createPreviewToken(secret: string, input: { storeId: number; kind: PreviewKind; id: number }, now = new Date()) {
  const expiresAt = Math.floor(now.getTime() / 1000) + BLOG_PREVIEW_LINK_DAYS * 86_400;
  return {
    token: `${input.id}.${expiresAt}.${signatureOf(secret, input.kind, input.storeId, input.id, expiresAt)}`,
    expiresAt: new Date(expiresAt * 1000),
  };
}

export type PreviewTokenCheck = { valid: true; id: number } | { valid: false; problem: "invalid" | "expired" };

/**
 * Which post, page or product (of `kind`) a token opens in this store. Anything this shop did not sign for this store is "invalid"; a genuine
 * token past its time is "expired" (read only once the signature holds). Signatures are compared in constant time,
 * as the text the shop wrote.
 */
export function checkPreviewToken(
  secret: string,
  input: { storeId: number; kind: PreviewKind },
  token: string,
  now = new Date(),
): PreviewTokenCheck {
  const { storeId, kind } = input;
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return { valid: false, problem: "invalid" };
  const id = Number(match[1]);
  const expiresAt = Number(match[2]);
  const given = Buffer.from(match[3]!, "ascii");
  const expected = Buffer.from(signatureOf(secret, kind, storeId, id, expiresAt), "ascii");
  if (id > 2_147_483_647 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, problem: "invalid" };
  }
  if (expiresAt * 1000 <= now.getTime()) return { valid: false, problem: "expired" };
  return { valid: true, id };
}
