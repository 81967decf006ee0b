import type { Price, Stock, StoreSettings } from "@quire/contracts";

/**
 * What the store lets this caller see of the catalogue (anonymousCustomerProductPolicy). Pure: every catalogue answer
 * goes through these functions, so the rules live in one place and are unit-tested without a database.
 */

export type PolicyStore = Pick<
  StoreSettings,
  "anonymousCustomerProductPolicy" | "inventoryAvailability" | "lowStockThreshold" | "isOutOfStockPurchaseEnabled"
>;

/** What the store shows of stock and whether it sells what it does not have. */
export type StockPolicy = Pick<PolicyStore, "inventoryAvailability" | "lowStockThreshold" | "isOutOfStockPurchaseEnabled">;

export interface CatalogViewer {
  store: PolicyStore;
  /** The signed-in customer, or null for an anonymous visitor. */
  customerId: number | null;
}

export interface CatalogVisibility {
  /** False under HiddenForUnauthorized for anonymous callers: lists are empty and details 404. */
  productsVisible: boolean;
  /** False under HiddenPricesForUnauthorized for anonymous callers: no amount leaves the API. */
  pricesVisible: boolean;
}

/** Which parts of the catalogue this caller may see. Signed-in customers always see everything. */
export function getCatalogVisibility(viewer: CatalogViewer): CatalogVisibility {
  if (viewer.customerId !== null) return { productsVisible: true, pricesVisible: true };
  switch (viewer.store.anonymousCustomerProductPolicy) {
    case "HiddenForUnauthorized":
      // Products are hidden altogether, which hides their prices too.
      return { productsVisible: false, pricesVisible: false };
    case "HiddenPricesForUnauthorized":
      return { productsVisible: true, pricesVisible: false };
    case "None":
    case "AllowedUnauthorizedCheckout":
      return { productsVisible: true, pricesVisible: true };
  }
}

/** A variant's price in the request currency as stored; null when it has none in that currency. */
export interface StoredPrice {
  amount: number;
  originalAmount: number | null;
  /** Set while on sale: the lowest price of the 30 days before the reduction. */
  lowestPriorAmount: number | null;
}

/** The price a caller may see: null when hidden or when the variant has no price in the currency. */
export function exposePrice(visibility: CatalogVisibility, price: StoredPrice | null, currencyCode: string): Price | null {
  if (!visibility.pricesVisible || price === null) return null;
  return { amount: price.amount, originalPrice: price.originalAmount, lowestPriorPrice: price.lowestPriorAmount, currencyCode };
}

/** Stock as the store's inventoryAvailability mode allows it to be shown. */
export function exposeStock(store: StockPolicy, quantity: number): Stock | null {
  switch (store.inventoryAvailability) {
    case "None":
      return null;
    case "AvailableQuantity":
      return { status: quantity > 0 ? "InStock" : "OutOfStock", quantity };
    case "InStock":
      return { status: quantity > 0 ? "InStock" : "OutOfStock" };
    case "LowStockAlert":
      if (quantity <= 0) return { status: "OutOfStock" };
      return { status: quantity <= store.lowStockThreshold ? "LowStock" : "InStock" };
  }
}

/**
 * Whether a variant can go into a cart: it must be sold in the request currency, and be in stock unless
 * the store sells out-of-stock items. The anonymous policy is not applied here; whether an anonymous
 * visitor may add to a cart or check out is the cart's and checkout's rule.
 */
export function isPurchasable(store: StockPolicy, quantity: number, hasPrice: boolean): boolean {
  return hasPrice && (quantity > 0 || store.isOutOfStockPurchaseEnabled);
}

/**
 * Whether a variant's stock going from `before` to `after` changes what a shopper is shown of it: its stock as
 * exposeStock shows it (in or out of stock, low, the quantity where the store shows it) or whether it can be bought.
 * A page that says only "in stock" is the same page with nineteen copies as with twenty (decision 064).
 */
export function changesShownStock(store: StockPolicy, before: number, after: number): boolean {
  const shown = (quantity: number) => ({ stock: exposeStock(store, quantity), purchasable: isPurchasable(store, quantity, true) });
  const [was, is] = [shown(before), shown(after)];
  return was.purchasable !== is.purchasable || was.stock?.status !== is.stock?.status || was.stock?.quantity !== is.stock?.quantity;
}

export interface VariantFacts {
  id: number;
  isMaster: boolean;
  stockQuantity: number;
  price: StoredPrice | null;
}

/**
 * A product card's figures from its variants (in position order): the cheapest priced variant's price with
 * its pre-sale price, whether variants differ in price ("from"), the best stock, and the default variant.
 */
export function summariseVariants(
  viewer: CatalogViewer,
  variants: VariantFacts[],
  currencyCode: string,
): { defaultVariantId: number; variantCount: number; price: Price | null; hasPriceRange: boolean; stock: Stock | null } {
  const first = variants[0];
  if (!first) throw new Error("a product has at least one variant");
  const visibility = getCatalogVisibility(viewer);
  const priced = variants.filter((variant) => variant.price !== null);
  let cheapest: StoredPrice | null = null;
  for (const variant of priced) {
    if (cheapest === null || variant.price!.amount < cheapest.amount) cheapest = variant.price;
  }
  const amounts = new Set(priced.map((variant) => variant.price!.amount));
  const bestQuantity = Math.max(...variants.map((variant) => variant.stockQuantity));
  return {
    defaultVariantId: (variants.find((variant) => variant.isMaster) ?? first).id,
    variantCount: variants.length,
    price: exposePrice(visibility, cheapest, currencyCode),
    hasPriceRange: visibility.pricesVisible && amounts.size > 1,
    stock: exposeStock(viewer.store, bestQuantity),
  };
}
