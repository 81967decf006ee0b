import { indexAllQueuedProducts } from "./search/search-index";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  createAddon,
  createAttribute,
  createCategory,
  createProduct,
  createProductType,
  createStore,
  type VariantInput,
} from "../../testing/factories";
import { categories } from "./catalog.tables";

/**
 * A small catalogue whose every answer can be worked out by hand, shared by the catalogue's API tests.
 *
 *   gifts (0)                       childrens (1)        secret (2, hidden)
 *     anniversaries (0)                                   under-secret
 *     for-her (0)
 *       birthdays
 *     for-him (1)
 *
 * | product              | categories        | format             | occasion           | GBP min | popularity | stock |
 * |----------------------|-------------------|--------------------|--------------------|---------|------------|-------|
 * | Pride and Prejudice  | birthdays         | hardback,paperback | birthday           | 900     | 50         | 10,10 |
 * | Emma                 | for-her           | paperback          | christmas          | 800     | 30         | 0     |
 * | Great Expectations   | for-him           | hardback           | christmas,wedding  | 2500    | 40         | 10    |
 * | Frankenstein         | childrens         | audiobook          | birthday           | 1500    | 10         | 3     |
 * | A Christmas Carol    | gifts, childrens  | hardback           | christmas          | 1200    | 20         | 10    |  GBP only
 * | Hidden Category Book | under-secret      | paperback          | -                  | 700     | 10         | 10    |
 * | Unpublished Draft    | gifts             | hardback           | -                  | 100     | 99         | 10    |  not published
 *
 * A second store has its own "gifts" category and a "pride-and-prejudice" product that must never leak.
 */
export async function createTestCatalogue(db: Db) {
  const store = await createStore(db, { key: "test-store", lowStockThreshold: 5 });
  const storeId = store.id;

  const gifts = await createCategory(db, { storeId, slug: "gifts", name: "Gifts", position: 0, description: "Gift books" });
  const forHer = await createCategory(db, { storeId, slug: "for-her", name: "For Her", parentId: gifts.id, position: 0 });
  const anniversaries = await createCategory(db, {
    storeId,
    slug: "anniversaries",
    name: "Anniversaries",
    parentId: gifts.id,
    position: 0,
  });
  const birthdays = await createCategory(db, { storeId, slug: "birthdays", name: "Birthdays", parentId: forHer.id });
  const forHim = await createCategory(db, { storeId, slug: "for-him", name: "For Him", parentId: gifts.id, position: 1 });
  const childrens = await createCategory(db, { storeId, slug: "childrens", name: "Children's", position: 1 });
  const secret = await createCategory(db, { storeId, slug: "secret", name: "Secret", position: 2 });
  const underSecret = await createCategory(db, { storeId, slug: "under-secret", name: "Under Secret", parentId: secret.id });
  // The factories create visible categories; hiding one is a plain update.
  await db.update(categories).set({ isVisible: false }).where(eq(categories.id, secret.id));

  const author = await createAttribute(db, {
    storeId,
    code: "author",
    name: "Author",
    isFilterable: false,
    values: [
      { code: "jane-austen", label: "Jane Austen" },
      { code: "charles-dickens", label: "Charles Dickens" },
      { code: "mary-shelley", label: "Mary Shelley" },
    ],
  });
  const format = await createAttribute(db, {
    storeId,
    code: "format",
    name: "Format",
    position: 0,
    values: [
      { code: "hardback", label: "Hardback" },
      { code: "paperback", label: "Paperback" },
      { code: "audiobook", label: "Audiobook" },
    ],
  });
  const occasion = await createAttribute(db, {
    storeId,
    code: "occasion",
    name: "Occasion",
    position: 1,
    values: [
      { code: "birthday", label: "Birthday" },
      { code: "christmas", label: "Christmas" },
      { code: "wedding", label: "Wedding" },
    ],
  });
  const value = (attribute: { valueIds: Map<string, number> }, code: string) => {
    const id = attribute.valueIds.get(code);
    if (!id) throw new Error(`no value ${code}`);
    return id;
  };

  const book = await createProductType(db, { storeId, code: "book", name: "Book", attributeIds: [occasion.id, format.id, author.id] });
  const giftCard = await createProductType(db, { storeId, code: "gift-card", name: "Gift card" });

  const giftWrap = await createAddon(db, {
    storeId,
    code: "gift-wrap",
    name: "Gift wrap",
    description: "Wrapped by hand",
    options: [
      { name: "Red paper", prices: { GBP: 250, EUR: 300, USD: 325 } },
      { name: "Gold paper", prices: { GBP: 350 } },
    ],
  });
  const card = await createAddon(db, {
    storeId,
    code: "message-card",
    name: "Message card",
    options: [{ name: "Card", prices: { GBP: 100, EUR: 120, USD: 130 } }],
  });

  /** GBP amount, with EUR at ×1.2 and USD at ×1.3, unless `gbpOnly`. */
  const prices = (gbp: number, options: { original?: number; gbpOnly?: boolean } = {}): VariantInput["prices"] => {
    const scaled = (factor: number) => ({
      amount: Math.round(gbp * factor),
      ...(options.original ? { original: Math.round(options.original * factor) } : {}),
    });
    return options.gbpOnly ? { GBP: scaled(1) } : { GBP: scaled(1), EUR: scaled(1.2), USD: scaled(1.3) };
  };

  const pride = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "pride-and-prejudice",
    name: "Pride and Prejudice",
    subtitle: "A novel",
    description: "Elizabeth Bennet meets Mr Darcy.",
    popularity: 50,
    createdAt: new Date("2024-01-01T00:00:00Z"),
    categoryIds: [birthdays.id],
    attributeValueIds: [value(author, "jane-austen"), value(format, "hardback"), value(format, "paperback"), value(occasion, "birthday")],
    addonIds: [giftWrap.id],
    images: [
      { url: "/img/pride-front.jpg", alt: "Front cover" },
      { url: "/img/pride-back.jpg", alt: "Back cover" },
    ],
    variants: [
      {
        sku: "PP-HB",
        isbn: "9780141439518",
        name: "Hardback",
        options: [{ code: "format", name: "Format", value: "Hardback" }],
        prices: prices(2000),
        tierPrices: {
          GBP: [
            { minQuantity: 10, amount: 1800 },
            { minQuantity: 5, amount: 1900 },
          ],
          EUR: [{ minQuantity: 5, amount: 2280 }],
        },
      },
      {
        sku: "PP-PB",
        name: "Paperback",
        options: [{ code: "format", name: "Format", value: "Paperback" }],
        prices: prices(900, { original: 1200 }),
      },
    ],
  });
  const emma = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "emma",
    name: "Emma",
    popularity: 30,
    createdAt: new Date("2024-03-01T00:00:00Z"),
    categoryIds: [forHer.id],
    attributeValueIds: [value(author, "jane-austen"), value(format, "paperback"), value(occasion, "christmas")],
    variants: [{ sku: "EM-PB", name: "Paperback", stockQuantity: 0, prices: prices(800) }],
  });
  const expectations = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "great-expectations",
    name: "Great Expectations",
    popularity: 40,
    createdAt: new Date("2024-02-01T00:00:00Z"),
    categoryIds: [forHim.id],
    attributeValueIds: [
      value(author, "charles-dickens"),
      value(format, "hardback"),
      value(occasion, "christmas"),
      value(occasion, "wedding"),
    ],
    variants: [{ sku: "GE-HB", name: "Hardback", prices: prices(2500) }],
  });
  const frankenstein = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "frankenstein",
    name: "Frankenstein",
    // Says "christmas" three times, so it outranks A Christmas Carol on relevance though less popular.
    description: "Christmas Eve, Christmas morning: a christmas monster.",
    popularity: 10,
    createdAt: new Date("2024-05-01T00:00:00Z"),
    categoryIds: [childrens.id],
    attributeValueIds: [value(author, "mary-shelley"), value(format, "audiobook"), value(occasion, "birthday")],
    variants: [{ sku: "FR-AB", name: "Audiobook", stockQuantity: 3, prices: prices(1500) }],
  });
  const carol = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "a-christmas-carol",
    name: "A Christmas Carol",
    popularity: 20,
    createdAt: new Date("2024-04-01T00:00:00Z"),
    categoryIds: [gifts.id, childrens.id],
    attributeValueIds: [
      value(author, "charles-dickens"),
      value(author, "mary-shelley"),
      value(format, "hardback"),
      value(occasion, "christmas"),
    ],
    addonIds: [giftWrap.id, card.id],
    variants: [{ sku: "CC-HB", name: "Hardback", prices: prices(1200, { gbpOnly: true }) }],
  });
  const hiddenCategoryBook = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "hidden-category-book",
    name: "Hidden Category Book",
    popularity: 10,
    createdAt: new Date("2024-06-01T00:00:00Z"),
    categoryIds: [underSecret.id],
    attributeValueIds: [value(format, "paperback")],
    variants: [{ sku: "HC-PB", name: "Paperback", prices: prices(700) }],
  });
  const draft = await createProduct(db, {
    storeId,
    productTypeId: book.id,
    slug: "unpublished-draft",
    name: "Unpublished Draft",
    popularity: 99,
    isPublished: false,
    categoryIds: [gifts.id],
    attributeValueIds: [value(format, "hardback")],
    variants: [{ sku: "UD-HB", name: "Hardback", prices: prices(100) }],
  });

  const otherStore = await createStore(db, { key: "other-store", name: "Other Store" });
  const otherGifts = await createCategory(db, { storeId: otherStore.id, slug: "gifts", name: "Other Gifts" });
  const otherFormat = await createAttribute(db, {
    storeId: otherStore.id,
    code: "format",
    name: "Format",
    values: [{ code: "hardback", label: "Hardback" }],
  });
  const otherType = await createProductType(db, { storeId: otherStore.id, code: "book", name: "Book" });
  const otherProduct = await createProduct(db, {
    storeId: otherStore.id,
    productTypeId: otherType.id,
    slug: "pride-and-prejudice",
    name: "Pride and Prejudice (other store)",
    popularity: 1000,
    categoryIds: [otherGifts.id],
    attributeValueIds: [value(otherFormat, "hardback")],
    variants: [{ sku: "OTHER-PP", name: "Hardback", prices: prices(1) }],
  });
  const otherAddon = await createAddon(db, {
    storeId: otherStore.id,
    code: "gift-wrap",
    name: "Other wrap",
    options: [{ name: "Any", prices: { GBP: 1 } }],
  });
  // What the worker's search-index job would do within seconds of these writes.
  await indexAllQueuedProducts(db);

  return {
    store,
    categories: { gifts, forHer, anniversaries, birthdays, forHim, childrens, secret, underSecret },
    attributes: { author, format, occasion },
    productTypes: { book, giftCard },
    addons: { giftWrap, card },
    products: { pride, emma, expectations, frankenstein, carol, hiddenCategoryBook, draft },
    other: { store: otherStore, gifts: otherGifts, productType: otherType, product: otherProduct, addon: otherAddon },
  };
}
export type TestCatalogue = Awaited<ReturnType<typeof createTestCatalogue>>;
