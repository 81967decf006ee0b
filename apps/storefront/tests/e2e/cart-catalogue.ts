import {
  AddonsResponseSchema,
  ListProductsResponseSchema,
  ProductDetailResponseSchema,
  type Addon,
  type ProductDetail,
  type ProductSummary,
  type ProductVariant,
} from "@quire/contracts";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { getFromApi } from "./demo-api";

/**
 * Books for the cart journeys, chosen from the running API by what a journey needs (in stock, with add-ons,
 * cheap, out of stock...) rather than hard-coded from the seed, so a change to the demo data cannot make a
 * journey test the wrong thing.
 */

const storefrontUrl = () => inject("storefrontUrl");

export async function listProducts(query: Record<string, unknown> = {}): Promise<ProductSummary[]> {
  const results: ProductSummary[] = [];
  for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
    const { data } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { PageSize: 100, PageNumber: pageNumber, ...query },
    });
    results.push(...data.results);
    if (pageNumber >= data.totalPages) break;
  }
  return results;
}

export const getProduct = async (slug: string) => (await getFromApi(`/products/slug=${slug}`, ProductDetailResponseSchema)).data;
export const getAddons = async (productId: number) => (await getFromApi(`/products/${productId}/add-ons`, AddonsResponseSchema)).data;

export const masterOf = (product: ProductDetail): ProductVariant =>
  product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!;

/** A variant that can be bought in quantity: priced, purchasable, and not low on stock. */
export const isWellStocked = (variant: ProductVariant) =>
  variant.price !== null && variant.isPurchasable && variant.stock?.status === "InStock";

/**
 * The first `count` products (in the API's popular order, from `query`) whose detail passes `accept`,
 * skipping `exclude`.
 */
export async function findProducts(
  count: number,
  accept: (product: ProductDetail) => boolean,
  options: { query?: Record<string, unknown>; exclude?: number[] } = {},
): Promise<ProductDetail[]> {
  const found: ProductDetail[] = [];
  for (const summary of await listProducts(options.query)) {
    if (options.exclude?.includes(summary.id)) continue;
    const product = await getProduct(summary.slug);
    if (accept(product)) found.push(product);
    if (found.length === count) return found;
  }
  throw new Error(`Found ${found.length} of the ${count} products a journey needs`);
}

/** Books whose master variant sells well in stock and which offer add-ons, with those add-ons. */
export async function findBooksWithAddons(count: number, exclude: number[] = []): Promise<{ product: ProductDetail; addons: Addon[] }[]> {
  const products = await findProducts(count, (product) => product.hasAddons && isWellStocked(masterOf(product)), { exclude });
  return Promise.all(products.map(async (product) => ({ product, addons: await getAddons(product.id) })));
}

/** The basket link in the header, by the count its name announces. */
export function basketLink(page: Page, count: number) {
  const name = count === 0 ? "Basket, empty" : `Basket, ${count} ${count === 1 ? "item" : "items"}`;
  return page.getByRole("banner").getByRole("link", { name, exact: true });
}

/** Waits for a toast with exactly this text in the toast area. */
export async function expectToast(page: Page, message: string) {
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText(message, { exact: true })
    .first()
    .waitFor();
}

/**
 * Adds a variant to the browser's cart by posting the product page's form, as a browser without JavaScript
 * would (the request shares the browser's cookies): a quick way to set up a cart for a journey about it.
 */
export async function addByForm(page: Page, variantId: number, quantity = 1) {
  const response = await page.request.post(`${storefrontUrl()}/cart/add`, {
    form: { productVariantId: String(variantId), quantity: String(quantity), redirectTo: "/cart" },
    headers: { Origin: storefrontUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The title a cart line gives its product: "Name (Variant)". */
export const lineTitle = (product: ProductDetail, variant: ProductVariant = masterOf(product)) => `${product.name} (${variant.name})`;
