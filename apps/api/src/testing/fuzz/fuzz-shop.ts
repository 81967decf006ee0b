import { eq } from "drizzle-orm";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { findOrCreateCompany } from "../../modules/identity/identity.repository";
import { customers } from "../../modules/identity/identity.tables";
import {
  createAddon,
  createAttribute,
  createCategory,
  createMenu,
  createPage,
  createProduct,
  createProductType,
  createRedirects,
  createStore,
} from "../factories";
import { createCustomer, createPrivacyPolicy, createSession, TEST_PASSWORD } from "../identity-factories";
import { TEST_HEADERS } from "../test-constants";

/**
 * The shop the OpenAPI fuzz suite sends its requests to: a little of everything the API serves (visible and
 * hidden categories, filterable attributes, products on sale, with quantity breaks, out of stock, priced in
 * one currency only, unpublished; add-ons, a menu, pages, redirects, a privacy policy), so that generated
 * requests that name existing things reach the handlers and their SQL, not only the validators.
 */
export async function createFuzzShop(db: Db) {
  const store = await createStore(db, { inventoryAvailability: "AvailableQuantity", minimumOrderPrices: { GBP: 2500 } });
  const storeId = store.id;

  const gifts = await createCategory(db, { storeId, slug: "gifts", name: "Gifts", description: "Gift books" });
  const forHer = await createCategory(db, { storeId, slug: "for-her", name: "For Her", parentId: gifts.id });
  const classics = await createCategory(db, { storeId, slug: "classics", name: "Classics", position: 1 });

  const format = await createAttribute(db, {
    storeId,
    code: "format",
    name: "Format",
    values: [
      { code: "hardback", label: "Hardback" },
      { code: "paperback", label: "Paperback" },
    ],
  });
  const occasion = await createAttribute(db, {
    storeId,
    code: "occasion",
    name: "Occasion",
    position: 1,
    values: [
      { code: "birthday", label: "Birthday" },
      { code: "wedding", label: "Wedding" },
    ],
  });
  const valueId = (attribute: { valueIds: Map<string, number> }, code: string) => attribute.valueIds.get(code)!;
  const book = await createProductType(db, { storeId, code: "book", name: "Book", attributeIds: [format.id, occasion.id] });
  const giftCard = await createProductType(db, { storeId, code: "gift-card", name: "Gift card" });

  const giftWrap = await createAddon(db, {
    storeId,
    code: "gift-wrap",
    name: "Gift wrap",
    options: [
      { name: "Kraft", prices: { GBP: 250, EUR: 300, USD: 325 } },
      { name: "Gold", prices: { GBP: 350 } },
    ],
  });
  const card = await createAddon(db, {
    storeId,
    code: "card",
    name: "Message card",
    options: [{ name: "Card", prices: { GBP: 100, EUR: 120 } }],
  });

  const pride = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "pride-and-prejudice",
    name: "Pride and Prejudice",
    description: "Elizabeth Bennet meets Mr Darcy.",
    popularity: 50,
    categoryIds: [forHer.id, classics.id],
    attributeValueIds: [valueId(format, "hardback"), valueId(format, "paperback"), valueId(occasion, "birthday")],
    addonIds: [giftWrap.id, card.id],
    images: [{ url: "/covers/pride.svg", alt: "Pride and Prejudice" }],
    variants: [
      {
        sku: "QB-1",
        name: "Hardback",
        options: [{ code: "format", name: "Format", value: "Hardback" }],
        stockQuantity: 50,
        prices: { GBP: { amount: 2000 }, EUR: { amount: 2400 }, USD: { amount: 2600 } },
        tierPrices: { GBP: [{ minQuantity: 5, amount: 1800 }] },
      },
      {
        sku: "QB-2",
        name: "Paperback",
        options: [{ code: "format", name: "Format", value: "Paperback" }],
        stockQuantity: 3,
        prices: { GBP: { amount: 900, original: 1200 }, EUR: { amount: 1100 } },
      },
    ],
  });
  const emma = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "emma",
    name: "Emma",
    categoryIds: [gifts.id],
    attributeValueIds: [valueId(format, "paperback"), valueId(occasion, "wedding")],
    variants: [{ sku: "QB-3", name: "Paperback", stockQuantity: 0, prices: { GBP: { amount: 800 }, EUR: { amount: 950 } } }],
  });
  const voucher = await createProduct(db, {
    storeId,
    productTypeId: giftCard.id,
    slug: "gift-card",
    name: "Gift card",
    categoryIds: [gifts.id],
    variants: [{ sku: "QB-4", name: "Gift card", stockQuantity: 100, prices: { GBP: { amount: 2500 } } }],
  });
  const draft = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "draft",
    name: "Draft",
    isPublished: false,
    variants: [{ sku: "QB-5", name: "Paperback", prices: { GBP: { amount: 100 } } }],
  });

  // Products for the calls that take one out of the shop for good (archive, delete), so the ones above stay in it.
  const expendables = [];
  for (const n of [1, 2]) {
    expendables.push(
      await createProduct(db, {
        storeId,
        productTypeId: book.id,
        slug: `expendable-${n}`,
        name: `Expendable ${n}`,
        isPublished: false,
        variants: [{ sku: `QB-X${n}`, name: "Paperback", prices: { GBP: { amount: 100 } } }],
      }),
    );
  }

  await createMenu(db, {
    storeId,
    code: "main",
    name: "Main",
    items: [{ label: "Gifts", url: "/store/gifts", subMenuItems: [{ label: "For her", url: "/store/for-her" }] }],
  });
  await createPage(db, { storeId, url: "/", title: "Home", blocks: [] });
  await createPage(db, { storeId, url: "/about", title: "About us", blocks: [] });
  await createRedirects(db, { storeId, redirects: [{ oldUrl: "/old-gifts", newUrl: "/store/gifts" }] });
  const policy = await createPrivacyPolicy(db, { storeId, version: "2026-01", publishedAt: new Date("2026-01-01T00:00:00Z") });

  const products = [pride, emma, voucher, draft];
  return {
    store,
    policy,
    /** In stock with add-ons, so a cart line can be made of it. */
    cartVariantId: pride.variants[0]!.id,
    categories: [gifts, forHer, classics],
    productTypes: [book, giftCard],
    attributes: [format, occasion],
    addonOptionIds: [...giftWrap.options, ...card.options].map((option) => option.id),
    products,
    expendableProductIds: expendables.map((product) => product.id),
    variants: products.flatMap((product) => product.variants),
    pageUrls: ["/", "/about", "/old-gifts"],
    menuCodes: ["main"],
  };
}
export type FuzzShop = Awaited<ReturnType<typeof createFuzzShop>>;

/**
 * What one operation's requests act as and on: a customer of their own (so no operation can spoil another's
 * caller: sign out, change the password, delete a list...), with a cart and a list holding an item, and two
 * guest carts (one to merge). Made through the API itself, as a shopper would.
 */
export async function createFuzzActors(app: App, db: Db, shop: FuzzShop, label: string) {
  // A trade buyer of a company of their own, so the company's address calls answer them too.
  const customer = await createCustomer(db, {
    storeId: shop.store.id,
    email: `fuzz-${label}@example.com`,
    firstName: "Fuzz",
    lastName: "Tester",
    isTrade: true,
    companyName: `Fuzz ${label} Ltd`,
    companyId: await findOrCreateCompany(db, shop.store.id, `Fuzz ${label} Ltd`),
    acceptedPrivacyPolicyId: shop.policy.id,
  });
  const { authorization } = await createSession(db, customer.id);
  const call = async <T>(method: "PUT" | "POST", url: string, payload: object, signedIn: boolean) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...TEST_HEADERS, ...(signedIn ? { authorization } : {}) },
      payload,
    });
    if (response.statusCode >= 300) {
      throw new Error(`Setting up the fuzz actors: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    }
    return (response.json() as { data: T }).data;
  };
  type CartAnswer = { anonymousId: string | null; lineItems: { lineItemId: number }[] };
  const addToCart = (signedIn: boolean) =>
    call<CartAnswer>(
      "PUT",
      "/baskets",
      { productVariantId: shop.cartVariantId, quantity: 1, addonOptionIds: [shop.addonOptionIds[0]] },
      signedIn,
    );

  const guestCart = await addToCart(false);
  const guestCartToMerge = await addToCart(false);
  const customerCart = await addToCart(true);
  const wishlist = await call<{ id: number }>("POST", "/wishlists", { name: `Fuzz list ${label}` }, true);
  const item = await call<{ id: number }>(
    "PUT",
    "/wishlists/wishlist-items",
    { wishlistId: wishlist.id, variantId: shop.cartVariantId },
    true,
  );

  const address = await call<{ id: number }>(
    "POST",
    "/customers/addresses",
    { address: { firstName: "Fuzz", lastName: "Tester", line1: "1 Test Street", city: "London", postcode: "SW1A 1AA", countryCode: "GB" } },
    true,
  );

  return {
    customer,
    addressId: address.id,
    anonymousIds: [guestCart.anonymousId!, guestCartToMerge.anonymousId!],
    lineItemIds: [...guestCart.lineItems, ...customerCart.lineItems].map((line) => line.lineItemId),
    wishlistId: wishlist.id,
    wishlistItemId: item.id,
    /**
     * A fresh session's access token for each signed-in request, so that a request that signs out or changes
     * the password cannot turn the rest into 401s. Null once a request has removed the customer.
     */
    async newToken(): Promise<string | null> {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.id));
      return row ? (await createSession(db, customer.id)).token : null;
    },
  };
}
export type FuzzActors = Awaited<ReturnType<typeof createFuzzActors>>;

/**
 * Values that exist in the shop, by the name a contract gives the field or parameter (compared without case),
 * and for path parameters by the path around them (`products/{id}`). Generated requests draw on them often,
 * so that they name real things; new fields without a known value are generated from their schema alone.
 */
export function knownValuesOf(shop: FuzzShop, actors: FuzzActors): Map<string, readonly unknown[]> {
  const variantIds = shop.variants.map((variant) => variant.id);
  const productIds = shop.products.map((product) => product.id);
  const categoryIds = shop.categories.map((category) => category.id);
  const entries: [string, readonly unknown[]][] = [
    ["productvariantid", variantIds],
    ["variantid", variantIds],
    ["productid", productIds],
    ["excludeproductid", productIds],
    ["ids", productIds],
    ["categoryid", categoryIds],
    ["parentid", categoryIds],
    ["categoryslug", shop.categories.map((category) => category.slug)],
    ["producttypeids", shop.productTypes.map((type) => type.id)],
    ["addonoptionids", shop.addonOptionIds],
    ["lineitemid", actors.lineItemIds],
    ["lineitemids", actors.lineItemIds],
    ["anonymousid", actors.anonymousIds],
    ["wishlistid", [actors.wishlistId]],
    ["skus", shop.variants.map((variant) => variant.sku)],
    ["code", shop.attributes.map((attribute) => attribute.code)],
    ["values", ["hardback", "paperback", "birthday", "wedding"]],
    ["searchtext", ["pride", "austen", "gift card"]],
    ["url", shop.pageUrls],
    ["email", [actors.customer.email]],
    ["password", [TEST_PASSWORD]],
    ["currentpassword", [TEST_PASSWORD]],
    ["privacypolicyid", [shop.policy.id]],
    ["currencycode", shop.store.currencyCodes],
    ["countrycode", shop.store.countryCodes],
    ["categories/{id}", categoryIds],
    ["categories/slug={slug}", shop.categories.map((category) => category.slug)],
    ["products/{id}", productIds],
    ["post /admin/products/{id}/archive", shop.expendableProductIds],
    ["delete /admin/products/{id}", shop.expendableProductIds],
    ["products/slug={slug}", shop.products.map((product) => product.slug)],
    ["variants/{id}", variantIds],
    ["product-types/{id}", shop.productTypes.map((type) => type.id)],
    ["menus/{code}", shop.menuCodes],
    ["baskets/{id}", actors.anonymousIds.slice(1)],
    ["wishlists/{id}", [actors.wishlistId]],
    ["addresses/{id}", [actors.addressId]],
    ["wishlist-items/{itemId}", [actors.wishlistItemId]],
    ["privacy-policies/{id}", [shop.policy.id]],
  ];
  return new Map(entries.map(([name, values]) => [name.toLowerCase(), values]));
}
