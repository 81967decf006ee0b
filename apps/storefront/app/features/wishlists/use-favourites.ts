import { useRootData } from "~/features/layout/root-data";
import type { StartupFavourites } from "./startup-favourites";

/**
 * The signed-in customer's lists and saved variants, loaded with every page by the root;
 * null for an anonymous visitor. The root reloads them after every favourites action, so they stay true.
 */
export function useFavourites(): StartupFavourites | null {
  return useRootData()?.favourites ?? null;
}
