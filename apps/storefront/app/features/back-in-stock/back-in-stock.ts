import { BackInStockEmailSchema, type BackInStockSubscribeResult } from "@quire/contracts";

/** The product page's action intent for the back-in-stock form. */
export const BACK_IN_STOCK_INTENT = "back-in-stock";

export type BackInStockForm =
  | { ok: true; productVariantId: number; email?: string }
  | { ok: false; email: string; message: string; field: "email" | "productVariantId" };

/**
 * The "Email me when it's back" form. A signed-in customer is emailed at their account's address and gives
 * none; an anonymous visitor must give a valid one (checked with the API's own schema).
 */
export function parseBackInStockForm(form: FormData, signedIn: boolean): BackInStockForm {
  const rawEmail = form.get("email");
  const typed = typeof rawEmail === "string" ? rawEmail.slice(0, 300) : "";
  const variantValue = form.get("productVariantId");
  const productVariantId = typeof variantValue === "string" && /^[1-9]\d{0,9}$/.test(variantValue) ? Number(variantValue) : Number.NaN;
  if (!Number.isSafeInteger(productVariantId) || productVariantId > 2_147_483_647) {
    return { ok: false, email: typed, message: "That item is not in the shop's catalogue.", field: "productVariantId" };
  }
  if (signedIn) return { ok: true, productVariantId };
  const email = BackInStockEmailSchema.safeParse(typed);
  if (!email.success) {
    return { ok: false, email: typed, message: typed.trim() === "" ? "Enter your email address." : "Enter a valid email address, like name@example.com.", field: "email" };
  }
  return { ok: true, productVariantId, email: email.data };
}

/**
 * The success toast. An address that is not a signed-in customer's own must be confirmed first, so the
 * shopper is told to look for the email; the API answers alike for every such address.
 */
export function backInStockConfirmation(result: Pick<BackInStockSubscribeResult, "status" | "email">): string {
  if (result.status === "subscribed") return `We'll email ${result.email} as soon as it's back in stock.`;
  return `Check your inbox at ${result.email} and confirm the link we've sent: then we'll email you once when it's back in stock.`;
}
