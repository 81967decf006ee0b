import { AdminProductPageKeySchema, type AdminProductSort } from "@quire/contracts";
import { ADMIN_PRODUCT_SORTS } from "@quire/contracts/constants";

/** The product list's order as the address carries it (`sort`): newest first unless it names another the API has. */
export function productSortOf(url: URL): AdminProductSort {
  return ADMIN_PRODUCT_SORTS.find((known) => known === url.searchParams.get("sort")) ?? "newest";
}

/**
 * The page key in the address, kept only when it suits the order: `before` (a product's id) newest first, `after` (as
 * the API's `nextAfter` wrote it: an id, with the product's name when sorted by name) otherwise. A hand-edited or stale
 * address starts at the first page rather than being refused.
 */
export function productPageKeyOf(url: URL, sort: AdminProductSort): { before: string } | { after: string } | null {
  if (sort === "newest") {
    const before = url.searchParams.get("before") ?? "";
    return /^\d{1,10}$/.test(before) && Number(before) >= 1 && Number(before) <= 2_147_483_647 ? { before } : null;
  }
  const after = url.searchParams.get("after") ?? "";
  const key = AdminProductPageKeySchema.safeParse(after);
  const byName = sort === "name" || sort === "name_desc";
  return key.success && (key.data.name !== undefined) === byName ? { after } : null;
}
