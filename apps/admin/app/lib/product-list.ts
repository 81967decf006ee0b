import { AdminProductPageKeySchema, type AdminProductSort } from "@quire/contracts";
import { ADMIN_PRODUCT_SORTS } from "@quire/contracts/constants";
import { pageKeyOf, sortOf } from "./sorted-list";

/** The product list's order as the address carries it (`sort`): newest first unless it names another the API has. */
export function productSortOf(url: URL): AdminProductSort {
  return sortOf(url, ADMIN_PRODUCT_SORTS);
}

/** The product list's page key in the address, kept only when it suits the order (a name when sorted by name). */
export function productPageKeyOf(url: URL, sort: AdminProductSort): { before: string } | { after: string } | null {
  return pageKeyOf(url, sort, ["name", "name_desc"], (key) => AdminProductPageKeySchema.safeParse(key));
}
