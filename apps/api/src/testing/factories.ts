import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as catalogWrites from "../modules/catalog/catalog-writes";
import type { NewCategory, NewProduct, NewVariant } from "../modules/catalog/catalog-writes";
import { addonOptions, addons, attributes, attributeValues, productTypeAttributes, productTypes } from "../modules/catalog/catalog.tables";
import { menuItems, menus, pages, redirects, type PageBlock } from "../modules/content/content.tables";
import { storeMinimumOrderPrices, stores } from "../modules/stores/stores.tables";

/**
 * Builders for the rows tests set up. Products and categories go through the catalogue's writer
 * (modules/catalog/catalog-writes.ts), which keeps what is derived from them (price index, search text,
 * category paths); these builders add only test defaults. The demo seed uses the same builders and writer.
 */

export type StoreInput = Partial<typeof stores.$inferInsert> & { minimumOrderPrices?: Record<string, number> };

export async function createStore(db: Db, input: StoreInput = {}) {
  const { minimumOrderPrices, ...overrides } = input;
  const [store] = await db
    .insert(stores)
    .values({
      key: "test-store",
      name: "Test Store",
      defaultCurrencyCode: "GBP",
      defaultCountryCode: "GB",
      currencyCodes: ["GBP", "EUR", "USD"],
      countryCodes: ["GB", "IE", "FR", "DE", "US"],
      ...overrides,
    })
    .returning();
  if (!store) throw new Error("store not created");
  const minimums = Object.entries(minimumOrderPrices ?? {});
  if (minimums.length > 0) {
    await db
      .insert(storeMinimumOrderPrices)
      .values(minimums.map(([currencyCode, amount]) => ({ storeId: store.id, currencyCode, amount })));
  }
  return store;
}

/** A category with its path and depth, through the catalogue's writer. */
export function createCategory(db: Db, input: NewCategory) {
  return catalogWrites.createCategory(db, input);
}

export async function createProductType(db: Db, input: { storeId: number; code: string; name: string; attributeIds?: number[] }) {
  const [row] = await db.insert(productTypes).values({ storeId: input.storeId, code: input.code, name: input.name }).returning();
  if (!row) throw new Error("product type not created");
  if (input.attributeIds?.length) {
    await db
      .insert(productTypeAttributes)
      .values(input.attributeIds.map((attributeId, position) => ({ productTypeId: row.id, attributeId, position })));
  }
  return row;
}

/** An attribute with its values; returns the attribute and a map from value code to value id. */
export async function createAttribute(
  db: Db,
  input: {
    storeId: number;
    code: string;
    name: string;
    values: { code: string; label: string }[];
    position?: number;
    isFilterable?: boolean;
  },
) {
  const [attribute] = await db
    .insert(attributes)
    .values({
      storeId: input.storeId,
      code: input.code,
      name: input.name,
      position: input.position ?? 0,
      isFilterable: input.isFilterable ?? true,
    })
    .returning();
  if (!attribute) throw new Error("attribute not created");
  const values = input.values.length
    ? await db
        .insert(attributeValues)
        .values(input.values.map((value, position) => ({ attributeId: attribute.id, code: value.code, label: value.label, position })))
        .returning()
    : [];
  return { ...attribute, valueIds: new Map(values.map((value) => [value.code, value.id])) };
}

/** A product as tests write it: the writer's input, whose variants hold 10 in stock unless said otherwise. */
export type ProductInput = NewProduct;
export type VariantInput = NewVariant;

const withTestStock = (input: ProductInput): NewProduct => ({
  ...input,
  variants: input.variants.map((variant) => ({ ...variant, stockQuantity: variant.stockQuantity ?? 10 })),
});

/** A product with its variants, prices and links, through the catalogue's writer (price index and search text included). */
export function createProduct(db: Db, input: ProductInput) {
  return catalogWrites.createProduct(db, withTestStock(input));
}

/** Many products in one transaction, through the writer's set-based path; ids in input order. */
export function createProductsBulk(db: Db, inputs: ProductInput[]): Promise<number[]> {
  return catalogWrites.createProducts(db, inputs.map(withTestStock));
}

/** An add-on with its options (in this order) and their prices, through the catalogue's writer; its row and its options' rows. */
export async function createAddon(
  db: Db,
  input: { storeId: number; code: string; name: string; description?: string; options: { name: string; prices: Record<string, number> }[] },
) {
  const id = await catalogWrites.createAddon(db, { ...input, description: input.description ?? "" });
  const [addon] = await db.select().from(addons).where(eq(addons.id, id));
  if (!addon) throw new Error("add-on not created");
  const options = await db.select().from(addonOptions).where(eq(addonOptions.addonId, id)).orderBy(asc(addonOptions.position));
  return { ...addon, options };
}

export interface MenuItemInput {
  label: string;
  url: string;
  /** Defaults to the item's index among its siblings. */
  position?: number;
  subMenuItems?: MenuItemInput[];
}

/** A menu with its items; nested `subMenuItems` become child items, positioned in the given order. */
export async function createMenu(db: Db, input: { storeId: number; code: string; name: string; items: MenuItemInput[] }) {
  return db.transaction(async (tx) => {
    const [menu] = await tx.insert(menus).values({ storeId: input.storeId, code: input.code, name: input.name }).returning();
    if (!menu) throw new Error("menu not created");
    // One row at a time: each child needs its parent's id, and menus are a few dozen items.
    const insertLevel = async (items: MenuItemInput[], parentId: number | null) => {
      for (const [position, item] of items.entries()) {
        const [row] = await tx
          .insert(menuItems)
          .values({ menuId: menu.id, parentId, label: item.label, url: item.url, position: item.position ?? position })
          .returning({ id: menuItems.id });
        await insertLevel(item.subMenuItems ?? [], row!.id);
      }
    };
    await insertLevel(input.items, null);
    return menu;
  });
}

export async function createPage(
  db: Db,
  input: { storeId: number; url: string; title: string; metaDescription?: string; blocks: PageBlock[]; updatedAt?: Date },
) {
  const [page] = await db
    .insert(pages)
    .values({
      storeId: input.storeId,
      url: input.url,
      title: input.title,
      metaDescription: input.metaDescription ?? "",
      blocks: input.blocks,
      ...(input.updatedAt ? { updatedAt: input.updatedAt } : {}),
    })
    .returning();
  if (!page) throw new Error("page not created");
  return page;
}

export async function createRedirects(db: Db, input: { storeId: number; redirects: { oldUrl: string; newUrl: string }[] }) {
  if (input.redirects.length === 0) return [];
  return db
    .insert(redirects)
    .values(input.redirects.map((redirect) => ({ storeId: input.storeId, ...redirect })))
    .returning();
}
