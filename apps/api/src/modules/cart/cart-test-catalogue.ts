import type { Cart } from "@quire/contracts";
import type { Db } from "../../db/client";
import { createAddon, createProduct, createProductType, createStore, type StoreInput, type VariantInput } from "../../testing/factories";
import { createCustomer } from "../../testing/identity-factories";
import type { App } from "../../app";
import { TEST_HEADERS } from "../../testing/test-api";

/**
 * A small shop whose carts can be priced by hand, shared by the cart's API tests.
 *
 * | product   | variant (sku)            | GBP               | EUR  | tiers (GBP)            | stock | add-ons            |
 * |-----------|--------------------------|-------------------|------|------------------------|-------|--------------------|
 * | plain     | PLAIN-HB, PLAIN-PB       | 1000, 600         | 1200 | -                      | 10,10 | gift wrap, card    |
 * | tiered    | TIER                     | 2000              | 2400 | 5+ 1800, 10+ 1500      | 50    | gift wrap          |
 * | sale      | SALE                     | 800 (was 1000)    | 950  | -                      | 5     | -                  |
 * | gbp-only  | GBPONLY                  | 500               | -    | -                      | 10    | -                  |
 * | scarce    | SCARCE                   | 300               | 350  | -                      | 2     | -                  |
 * | sold-out  | SOLDOUT                  | 400               | 450  | -                      | 0     | -                  |
 * | draft     | DRAFT (not published)    | 100               | 120  | -                      | 10    | -                  |
 *
 * Gift wrap: kraft 250 GBP / 300 EUR, red 295 GBP (no EUR). Card: 150 GBP / 180 EUR. Bookmark (100 GBP)
 * is offered with nothing. Minimum order GBP 2500 (none in EUR). Other stores get their own product.
 */
export async function createCartTestShop(db: Db, storeInput: StoreInput = {}) {
  const store = await createStore(db, { key: "test-store", minimumOrderPrices: { GBP: 2500 }, ...storeInput });
  const storeId = store.id;
  const type = await createProductType(db, { storeId, code: "book", name: "Book" });
  const giftWrap = await createAddon(db, {
    storeId,
    code: "gift-wrap",
    name: "Gift wrap",
    options: [
      { name: "Kraft", prices: { GBP: 250, EUR: 300 } },
      { name: "Red", prices: { GBP: 295 } },
    ],
  });
  const card = await createAddon(db, {
    storeId,
    code: "card",
    name: "Message card",
    options: [{ name: "Card", prices: { GBP: 150, EUR: 180 } }],
  });
  const bookmark = await createAddon(db, {
    storeId,
    code: "bookmark",
    name: "Bookmark",
    options: [{ name: "Leather", prices: { GBP: 100 } }],
  });

  const product = async (slug: string, variants: VariantInput[], extra: { addonIds?: number[]; isPublished?: boolean } = {}) => {
    const created = await createProduct(db, {
      storeId,
      productTypeId: type.id,
      slug,
      name: slug[0]!.toUpperCase() + slug.slice(1),
      images: [{ url: `/covers/${slug}.svg`, alt: slug }],
      variants,
      ...extra,
    });
    return { ...created, variantIds: created.variants.map((variant) => variant.id) };
  };
  const plain = await product(
    "plain",
    [
      {
        sku: "PLAIN-HB",
        name: "Hardback",
        options: [{ code: "format", name: "Format", value: "Hardback" }],
        prices: { GBP: { amount: 1000 }, EUR: { amount: 1200 } },
      },
      { sku: "PLAIN-PB", name: "Paperback", prices: { GBP: { amount: 600 }, EUR: { amount: 700 } } },
    ],
    { addonIds: [giftWrap.id, card.id] },
  );
  const tiered = await product(
    "tiered",
    [
      {
        sku: "TIER",
        name: "Hardback",
        stockQuantity: 50,
        prices: { GBP: { amount: 2000 }, EUR: { amount: 2400 } },
        tierPrices: {
          GBP: [
            { minQuantity: 5, amount: 1800 },
            { minQuantity: 10, amount: 1500 },
          ],
        },
      },
    ],
    { addonIds: [giftWrap.id] },
  );
  const sale = await product("sale", [
    { sku: "SALE", name: "Paperback", stockQuantity: 5, prices: { GBP: { amount: 800, original: 1000 }, EUR: { amount: 950 } } },
  ]);
  const gbpOnly = await product("gbp-only", [{ sku: "GBPONLY", name: "Paperback", prices: { GBP: { amount: 500 } } }]);
  const scarce = await product("scarce", [
    { sku: "SCARCE", name: "Paperback", stockQuantity: 2, prices: { GBP: { amount: 300 }, EUR: { amount: 350 } } },
  ]);
  const soldOut = await product("sold-out", [
    { sku: "SOLDOUT", name: "Paperback", stockQuantity: 0, prices: { GBP: { amount: 400 }, EUR: { amount: 450 } } },
  ]);
  const draft = await product("draft", [{ sku: "DRAFT", name: "Paperback", prices: { GBP: { amount: 100 }, EUR: { amount: 120 } } }], {
    isPublished: false,
  });

  const customerA = await createCustomer(db, { storeId, email: "ada@example.com" });
  const customerB = await createCustomer(db, { storeId, email: "bob@example.com" });

  return {
    store,
    products: { plain, tiered, sale, gbpOnly, scarce, soldOut, draft },
    variants: {
      plainHardback: plain.variantIds[0]!,
      plainPaperback: plain.variantIds[1]!,
      tiered: tiered.variantIds[0]!,
      sale: sale.variantIds[0]!,
      gbpOnly: gbpOnly.variantIds[0]!,
      scarce: scarce.variantIds[0]!,
      soldOut: soldOut.variantIds[0]!,
      draft: draft.variantIds[0]!,
    },
    addons: {
      kraft: giftWrap.options[0]!.id,
      red: giftWrap.options[1]!.id,
      card: card.options[0]!.id,
      bookmark: bookmark.options[0]!.id,
    },
    customers: { a: customerA, b: customerB },
  };
}

/** A second store with a product of its own, for isolation tests. */
export async function createOtherShop(db: Db, key = "other-store", storeInput: StoreInput = {}) {
  const store = await createStore(db, { key, name: "Other", ...storeInput });
  const type = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
  const product = await createProduct(db, {
    storeId: store.id,
    productTypeId: type.id,
    slug: "plain",
    name: "Other plain",
    variants: [{ sku: "PLAIN-HB", name: "Hardback", prices: { GBP: { amount: 1000 } } }],
  });
  const customer = await createCustomer(db, { storeId: store.id, email: "ada@example.com" });
  return { store, variantId: product.variants[0]!.id, customer };
}

export interface CartCaller {
  /** `Bearer …` of a signed-in customer; absent for a guest. */
  authorization?: string;
  storeKey?: string;
  currencyCode?: string;
}

/** Calls a cart endpoint the way the storefront does: the store's request headers, JSON bodies. */
export function cartClient(app: () => App) {
  const headers = (caller: CartCaller) => ({
    ...TEST_HEADERS,
    ...(caller.storeKey ? { storekey: caller.storeKey } : {}),
    ...(caller.currencyCode ? { currencycode: caller.currencyCode } : {}),
    ...(caller.authorization ? { authorization: caller.authorization } : {}),
  });
  const send = (method: "GET" | "PUT" | "DELETE", url: string, caller: CartCaller, payload?: unknown) =>
    app().inject({ method, url, headers: headers(caller), ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    send,
    get: (caller: CartCaller = {}, anonymousId?: string) =>
      send("GET", anonymousId === undefined ? "/baskets" : `/baskets?anonymousId=${encodeURIComponent(anonymousId)}`, caller),
    add: (body: Record<string, unknown>, caller: CartCaller = {}) => send("PUT", "/baskets", caller, body),
    addBulk: (body: Record<string, unknown>, caller: CartCaller = {}) => send("PUT", "/baskets/bulk", caller, body),
    acknowledge: (body: Record<string, unknown>, caller: CartCaller = {}) =>
      send("PUT", "/baskets/notifications/acknowledge", caller, body),
    setQuantity: (body: Record<string, unknown>, caller: CartCaller = {}) => send("PUT", "/baskets/products/quantity", caller, body),
    remove: (body: Record<string, unknown>, caller: CartCaller = {}) => send("DELETE", "/baskets/products", caller, body),
    setAddons: (body: Record<string, unknown>, caller: CartCaller = {}) => send("PUT", "/baskets/addons", caller, body),
    setAddonsBulk: (body: Record<string, unknown>, caller: CartCaller = {}) => send("PUT", "/baskets/addons/bulk", caller, body),
    merge: (anonymousId: string, caller: CartCaller) => send("PUT", `/baskets/${encodeURIComponent(anonymousId)}/merge`, caller),
  };
}

/** The cart of a 200 answer; fails the test with the body otherwise. */
export function cartOf(response: { statusCode: number; body: string; json(): unknown }): Cart {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return (response.json() as { data: Cart }).data;
}

/** The first error code of a failed answer. */
export function errorCodeOf(response: { json(): unknown }): string | undefined {
  return (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
}
