/**
 * The viewer's products, most recently viewed first, from their views: a product counts from its latest-viewed
 * variant, and of products last viewed at the same moment the higher id comes first. Views of a variant with no
 * product in `productOfVariant` (unpublished since, or gone) and of `excludeProductId` are left out; at most
 * `limit` products. `recency` is 1 for the latest view, equal for views at the same moment (listViews).
 */
export function rankRecentProducts(
  views: readonly { variantId: number; recency: number }[],
  productOfVariant: ReadonlyMap<number, number>,
  options: { limit: number; excludeProductId?: number },
): number[] {
  const latest = new Map<number, number>();
  for (const view of views) {
    const productId = productOfVariant.get(view.variantId);
    if (productId === undefined || productId === options.excludeProductId) continue;
    latest.set(productId, Math.min(view.recency, latest.get(productId) ?? view.recency));
  }
  return [...latest]
    .sort(([idA, recencyA], [idB, recencyB]) => recencyA - recencyB || idB - idA)
    .slice(0, options.limit)
    .map(([productId]) => productId);
}
