import { randomUUID } from "node:crypto";
import type { AdminProduct } from "@quire/contracts";
import { asShop, type backOfficeStack } from "./back-office";

/**
 * A product of a journey's own, unpublished (out of the shop, so no other test reads it), with `variants` variants of
 * SKU `<prefix>-<n>`, each £10.00 and 5 in stock, made through the admin API as the shop.
 */
export async function createOwnProduct(stack: ReturnType<typeof backOfficeStack>, prefix: string, variants = 1): Promise<AdminProduct> {
  const tag = `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase();
  const [demo] = (await asShop<{ data: { products: { id: number }[] } }>(stack, "GET", "/admin/products?limit=1")).data.products;
  const { data: demoProduct } = await asShop<{ data: AdminProduct }>(stack, "GET", `/admin/products/${demo!.id}`);
  const { data: product } = await asShop<{ data: AdminProduct }>(stack, "POST", "/admin/products", {
    slug: tag.toLowerCase(),
    name: `Journey book ${tag}`,
    productTypeId: demoProduct.productTypeId,
    isPublished: false,
    variants: Array.from({ length: variants }, (_, index) => ({
      sku: `${tag}-${index + 1}`,
      name: `Edition ${index + 1}`,
      stockQuantity: 5,
      prices: { GBP: { amount: 1000 } },
    })),
  });
  return product;
}
