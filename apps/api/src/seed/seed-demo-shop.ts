import type { Db } from "../db/client";
import { createCategory, createProduct, setProductLinks, setVariantPrices } from "../modules/catalog/catalog-writes";
import {
  createAddon,
  createAttribute,
  createMenu,
  createPage,
  createProductType,
  createRedirects,
  createStore,
} from "../testing/factories";
import { atFullPrice, toProductInput } from "./book-input";
import { authorPool, finishDraft, generateBook, type BookDraft } from "./demo-books";
import { DEMO_PAGES } from "./demo-pages";
import { seedDemoBlog } from "./seed-demo-blog";
import { setContactEmail } from "../modules/stores/stores.service";
import { DEMO_CONTACT_EMAIL } from "./demo-pages";
import {
  ADDONS,
  ATTRIBUTE_DEFINITIONS,
  CATEGORY_TREE,
  DEMO_CONTENT_UPDATED_AT,
  DEMO_STORE,
  LEGACY_PRODUCT_IDS,
  MAIN_MENU,
  PRODUCT_TYPES,
  REDIRECTS,
} from "./demo-shop";
import { loadCatalogueRefs } from "./seed.repository";
import { createSeededRandom, seedFor } from "./seeded-random";
import { createDeliveryZone, createDiscountCode, createTaxSetup } from "../testing/checkout-factories";
import { DEMO_DELIVERY_ZONES, DEMO_DISCOUNT_CODES, DEMO_PRICES_INCLUDE_TAX, DEMO_TAX_RATES } from "./demo-checkout";

export const DEMO_PRODUCT_COUNT = 320;
/** How many of the demo books have merchant links to others ("related" recommendations). */
const DEMO_LINKED_BOOKS = 60;
const DEMO_AUTHOR_POOL = 120;
const DEMO_SEED = 0x0b00c5;

/**
 * The demo books: numbers 1..DEMO_PRODUCT_COUNT, each generated from its own seed. A title already taken
 * is drawn again from the next seed, so slugs stay plain ("the-salt-marsh-kitchen") and unique.
 */
export function generateDemoBooks(count = DEMO_PRODUCT_COUNT): BookDraft[] {
  const authors = authorPool(DEMO_AUTHOR_POOL);
  const slugs = new Set<string>();
  const books: BookDraft[] = [];
  for (let number = 1; books.length < count; number++) {
    for (let attempt = 0; ; attempt++) {
      const book = generateBook(number, createSeededRandom(seedFor(DEMO_SEED, number, attempt)), authors);
      if (slugs.has(book.slugBase)) continue;
      slugs.add(book.slugBase);
      books.push(finishDraft(book, book.slugBase));
      break;
    }
  }
  return books;
}

/**
 * Creates the whole demo shop (store, categories, attributes, product types, add-ons, books, menu, pages,
 * redirects): categories and books through the catalogue's writer, which keeps their derived rows, the
 * rest through the test factories. Run it inside a transaction.
 */
export async function seedDemoShop(db: Db, onBook?: (done: number, total: number) => void): Promise<number> {
  const store = await createStore(db, DEMO_STORE);
  const books = generateDemoBooks();

  const usedAuthors = new Map(books.map((book) => [book.author.code, book.author]));
  const authorValues = [...usedAuthors.values()]
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"))
    .map((author) => ({ code: author.code, label: author.name }));
  const attributeIds = new Map<string, number>();
  for (const [position, definition] of ATTRIBUTE_DEFINITIONS.entries()) {
    const values = definition.code === "author" ? authorValues : definition.values;
    const attribute = await createAttribute(db, { storeId: store.id, code: definition.code, name: definition.name, values, position });
    attributeIds.set(definition.code, attribute.id);
  }
  for (const type of PRODUCT_TYPES) {
    await createProductType(db, {
      storeId: store.id,
      code: type.code,
      name: type.name,
      attributeIds: type.attributes.map((code) => attributeIds.get(code)!),
    });
  }
  for (const [position, top] of CATEGORY_TREE.entries()) {
    const parent = await createCategory(db, { storeId: store.id, slug: top.slug, name: top.name, description: top.description, position });
    for (const [childPosition, child] of top.children.entries()) {
      await createCategory(db, { storeId: store.id, parentId: parent.id, position: childPosition, ...child });
    }
  }
  for (const addon of ADDONS) await createAddon(db, { storeId: store.id, ...addon });

  const refs = await loadCatalogueRefs(db, store.id);
  const productIds: number[] = [];
  for (const [index, book] of books.entries()) {
    const { product, sales } = atFullPrice(toProductInput(book, refs));
    const created = await createProduct(db, product);
    for (const sale of sales) await setVariantPrices(db, created.variants[sale.variantIndex]!.id, sale.prices);
    productIds.push(created.id);
    onBook?.(index + 1, books.length);
  }
  // The merchant's "goes well with" links ("related" recommendations): each of the first books of a genre links
  // to the next three books of that genre.
  for (const [index, book] of books.slice(0, DEMO_LINKED_BOOKS).entries()) {
    const sameGenre = books.flatMap((other, otherIndex) =>
      otherIndex > index && other.genre === book.genre ? [productIds[otherIndex]!] : [],
    );
    await setProductLinks(db, productIds[index]!, sameGenre.slice(0, 3));
  }

  await createMenu(db, { storeId: store.id, code: "main", name: "Main menu", items: MAIN_MENU });
  for (const page of DEMO_PAGES) await createPage(db, { storeId: store.id, updatedAt: DEMO_CONTENT_UPDATED_AT, ...page });
  await setContactEmail(db, store.id, DEMO_CONTACT_EMAIL);
  await seedDemoBlog(db, store.id, new Map(books.map((book, index) => [book.slug, productIds[index]!])));
  const productRedirects = LEGACY_PRODUCT_IDS.map((legacyId, index) => ({
    oldUrl: `/shop/prod/${legacyId}`,
    newUrl: `/store/product/${books[index]!.slug}`,
  }));
  await createRedirects(db, { storeId: store.id, redirects: [...REDIRECTS, ...productRedirects] });

  await createTaxSetup(db, { storeId: store.id, rates: DEMO_TAX_RATES, pricesIncludeTax: DEMO_PRICES_INCLUDE_TAX });
  for (const zone of DEMO_DELIVERY_ZONES) await createDeliveryZone(db, { storeId: store.id, ...zone });
  for (const code of DEMO_DISCOUNT_CODES) await createDiscountCode(db, { storeId: store.id, ...code });
  return store.id;
}
