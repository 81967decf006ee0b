import type { Db } from "../../db/client";
import * as repository from "./catalog-offers.repository";

export type { AddonOptionOffer, Offers, VariantOffer } from "./catalog-offers.repository";

/** What to ask the catalogue's offers about; every list may be left out. */
export interface OffersQuery {
  storeId: number;
  currencyCode: string;
  variantIds?: readonly number[];
  /** Exact SKUs (a caller that accepts other spellings asks for each form it accepts). */
  skus?: readonly string[];
  addonOptionIds?: readonly number[];
  /** Every option of these add-ons. */
  addonIds?: readonly number[];
}

/**
 * What the store sells now in a currency (a basket's lines, lines to add, add-on options chosen): the variants
 * named by id or SKU, with price, tier prices, stock, publication, names, first image and the add-ons their
 * product offers; and the add-on options named by id or by add-on, with price, names and tax class. One
 * statement for any number of each, none when nothing is asked. Unpublished products are answered (a basket
 * must say that a line was withdrawn) and no price policy is applied: the caller decides who may see what.
 * Run in the caller's transaction, it reads what that transaction sees, and takes no lock.
 */
export async function getOffers(db: Db, query: OffersQuery): Promise<repository.Offers> {
  const unique = <T>(values: readonly T[] | undefined) => [...new Set(values ?? [])];
  const asked = {
    variantIds: unique(query.variantIds),
    skus: unique(query.skus),
    addonOptionIds: unique(query.addonOptionIds),
    addonIds: unique(query.addonIds),
  };
  if (Object.values(asked).every((list) => list.length === 0)) return { variants: [], addonOptions: [] };
  return repository.findOffers(db, { storeId: query.storeId, currencyCode: query.currencyCode, ...asked });
}
