import type { Image, TaxClass } from "@quire/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import { imageJsonOf } from "./catalog.repository";
import {
  addonOptionPrices,
  addonOptions,
  addons,
  productAddons,
  productImages,
  products,
  productVariants,
  variantPrices,
  variantTierPrices,
} from "./catalog.tables";

/*
 * What the store sells now, in one currency, for whoever prices or checks a basket: the variants and add-on
 * options asked for, with their prices, stock, publication and names. One statement however many are asked;
 * it takes no lock, so it reads what the caller's transaction sees.
 */

/** A variant as the store offers it in one currency: what pricing, reviewing or adding it to a basket needs. */
export interface VariantOffer {
  id: number;
  sku: string;
  /** The variant's own name ("Hardback"). */
  name: string;
  options: { code: string; name: string; value: string }[];
  stockQuantity: number;
  productId: number;
  productSlug: string;
  productName: string;
  /** Answered for unpublished products too: the caller decides what an unpublished product means to it. */
  isPublished: boolean;
  /** How the product is taxed. */
  taxClass: TaxClass;
  /** The product's first image. */
  image: Image | null;
  /** Price in the currency, minor units; null when the variant has none in it. */
  amount: number | null;
  /** The pre-sale price in the currency; null when not on sale. */
  originalAmount: number | null;
  /** While on sale, the lowest price of the 30 days before the reduction (decision 058); null when not on sale. */
  lowestPriorAmount: number | null;
  /** Quantity breaks in the currency, smallest minimum first. */
  tierPrices: { minQuantity: number; amount: number }[];
  /** The add-ons the product offers (whose options may go with it), by id. */
  addonIds: number[];
}

/** An add-on option as the store offers it in one currency. */
export interface AddonOptionOffer {
  id: number;
  /** The option's name ("Kraft"). */
  name: string;
  addonId: number;
  /** Its add-on's name ("Gift wrap"). */
  addonName: string;
  /** How the add-on is taxed (gift wrap and cards: the standard rate). */
  taxClass: TaxClass;
  /** Per-unit price in the currency; null when the option has none in it. */
  amount: number | null;
  /** Every option of the same add-on, this one included: a line takes one of them at a time. */
  optionIdsOfAddon: number[];
}

export interface Offers {
  variants: VariantOffer[];
  /** In the order the store lists add-ons and their options: add-on position, name, id, then option position, id. */
  addonOptions: AddonOptionOffer[];
}

const intArray = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;
const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/**
 * The store's variants named by id or by SKU (exact), and its add-on options named by id or by their add-on,
 * with their facts in the currency, in one statement. What matches nothing is not answered; another store's
 * variants and options are not answered.
 */
export async function findOffers(
  db: Db,
  input: {
    storeId: number;
    currencyCode: string;
    variantIds: readonly number[];
    skus: readonly string[];
    addonOptionIds: readonly number[];
    addonIds: readonly number[];
  },
): Promise<Offers> {
  const { storeId, currencyCode } = input;
  const none = sql`'[]'::json`;
  const variants =
    input.variantIds.length === 0 && input.skus.length === 0
      ? none
      : sql`coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name, 'options', v.options,
                'stockQuantity', v.stock_quantity, 'productId', p.id, 'productSlug', p.slug, 'productName', p.name,
                'isPublished', p.is_published, 'taxClass', p.tax_class,
                'image', (select ${imageJsonOf("i")} from ${productImages} i
                  where i.product_id = p.id order by i.position, i.id limit 1),
                'amount', vp.amount, 'originalAmount', vp.original_amount, 'lowestPriorAmount', vp.lowest_prior_amount,
                'tierPrices', coalesce((select json_agg(json_build_object('minQuantity', tp.min_quantity, 'amount', tp.amount) order by tp.min_quantity)
                  from ${variantTierPrices} tp where tp.variant_id = v.id and tp.currency_code = ${currencyCode}), '[]'),
                'addonIds', array(select pad.addon_id from ${productAddons} pad where pad.product_id = p.id order by pad.addon_id))
              order by v.id)
            from ${productVariants} v
            join ${products} p on p.id = v.product_id
            left join ${variantPrices} vp on vp.variant_id = v.id and vp.currency_code = ${currencyCode}
            where v.store_id = ${storeId} and (v.id = any(${intArray(input.variantIds)}) or v.sku = any(${textArray(input.skus)}))), '[]')`;
  const options =
    input.addonOptionIds.length === 0 && input.addonIds.length === 0
      ? none
      : sql`coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'addonId', a.id, 'addonName', a.name,
                'taxClass', a.tax_class, 'amount', op.amount,
                'optionIdsOfAddon', array(select s.id from ${addonOptions} s where s.addon_id = a.id order by s.id))
              order by a.position, a.name, a.id, o.position, o.id)
            from ${addonOptions} o
            join ${addons} a on a.id = o.addon_id
            left join ${addonOptionPrices} op on op.addon_option_id = o.id and op.currency_code = ${currencyCode}
            where a.store_id = ${storeId} and (o.id = any(${intArray(input.addonOptionIds)}) or o.addon_id = any(${intArray(input.addonIds)}))), '[]')`;
  const [row] = await sqlRows<Offers>(db, sql`select ${variants} as variants, ${options} as "addonOptions"`);
  return row ?? { variants: [], addonOptions: [] };
}
