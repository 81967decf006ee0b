import type { ProductSummary } from "@quire/contracts";
import { useRootData } from "~/features/layout/root-data";
import { AddToCartForm } from "./add-to-cart-form";

/**
 * Whether a product card can offer "Add to basket" (its default variant, one unit): it must show a price
 * (none when prices are hidden or the book is not sold in this currency), and not be out of stock unless
 * the store sells out-of-stock books. The API has the last word; this only avoids offering what it refuses.
 */
export function canAddFromCard(product: Pick<ProductSummary, "price" | "stock">, isOutOfStockPurchaseEnabled: boolean): boolean {
  if (product.price === null) return false;
  return product.stock?.status !== "OutOfStock" || isOutOfStockPurchaseEnabled;
}

/** A product card's "Add to basket", above the card's stretched title link; nothing when it cannot be bought. */
export function CardAddToCart({ product }: { product: ProductSummary }) {
  const outOfStockSellable = useRootData()?.settings.isOutOfStockPurchaseEnabled ?? false;
  if (!canAddFromCard(product, outOfStockSellable)) return null;
  return (
    <AddToCartForm
      productVariantId={product.defaultVariantId}
      size="sm"
      labelSuffix={product.name}
      className="relative z-10 mt-2"
      buttonClassName="w-full"
    />
  );
}
