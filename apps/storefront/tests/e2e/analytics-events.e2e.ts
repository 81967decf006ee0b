import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsProductItem, EcommerceEvent } from "../../app/features/analytics/ecommerce";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { signInThroughForm } from "./auth-journeys";
import { expectNoPageProblems, sessionPerTest, waitForHydration } from "./browser";
import { expectToast, isWellStocked, listProducts, getProduct, masterOf } from "./cart-catalogue";
import { expectCheckoutToast, giveAddress, orderIdOfPage, placeOrderButton } from "./checkout-journeys";
import { DEMO_STORE_KEY, sharedApiWithStorefront, type Stack } from "./stack";
import { startTagManagerStandIn, type TagManagerStandIn } from "./tag-manager-stand-in";

/*
 * The analytics e-commerce events (issue 12 section 3) of a whole journey, from the home page to a purchase and its
 * refund, each read from `window.dataLayer` as the tag manager would: its name, its payload, and its product items
 * (docs/storefront-behaviour/consent-and-analytics.md). A storefront of its own on the shared API (its buyer
 * inserted into the shared database), with a container id and the local tag manager stand-in.
 */

const TAG_MANAGER_ID = "GTM-EVENTS1";
const PASSWORD = "Analytics-Journey-Lantern-2026";
const BUYER = { email: "woolf.analytics@example.test", password: PASSWORD, firstName: "Ada", lastName: "Reader" };
const HERO_CATEGORY = "gifts-books-by-occasion";

let tagManager: TagManagerStandIn;
let stack: Stack;
beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  tagManager = await startTagManagerStandIn();
  stack = await sharedApiWithStorefront({
    name: "analytics-events",
    storefrontEnv: { TAG_MANAGER_ID, TAG_MANAGER_SCRIPT_URL: tagManager.scriptUrl },
    prepare: async (database) => {
      // Signed up and up to date with the privacy policy, so their order calls are not refused.
      await database.execute(
        `INSERT INTO customers (store_id, email, password_hash, first_name, last_name, accepted_privacy_policy_id)
         SELECT s.id, $1, $2, $3, $4, (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
         FROM stores s WHERE s.key = $5`,
        [BUYER.email, passwordHash, BUYER.firstName, BUYER.lastName, DEMO_STORE_KEY],
      );
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await tagManager?.close();
});

type ProductItem = AnalyticsProductItem;
/** An e-commerce entry as the data layer holds it: the shape the shop pushes (features/analytics/ecommerce.ts). */
type EcommerceEntry = EcommerceEvent;

const dataLayerOf = async (page: Page) =>
  ((await page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer)) ?? []) as Record<
    string,
    unknown
  >[];
const ecommerceEvents = async (page: Page) =>
  (await dataLayerOf(page)).filter(
    (entry): entry is EcommerceEntry & Record<string, unknown> => typeof entry.ecommerce === "object" && entry.ecommerce !== null,
  );

/**
 * Waits for the next e-commerce event called `name` after the first `after` entries of the data layer, and
 * answers it with the position after it.
 */
async function nextEvent(page: Page, name: string, after: number): Promise<{ event: EcommerceEntry; next: number }> {
  let found: { event: EcommerceEntry; next: number } | undefined;
  await expect
    .poll(
      async () => {
        const entries = await ecommerceEvents(page);
        const index = entries.findIndex((entry, position) => position >= after && entry.event === name);
        if (index >= 0) found = { event: entries[index]!, next: index + 1 };
        return index >= 0;
      },
      { timeout: 15_000, message: `the ${name} event` },
    )
    .toBe(true);
  return found!;
}

/** Every item is a whole product item: sku, id, name, quantity, variants, price.originalPrice, categories. */
function expectProductItems(items: ProductItem[]) {
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item).toEqual({
      id: expect.any(Number),
      sku: expect.stringMatching(/\S/),
      name: expect.stringMatching(/\S/),
      quantity: expect.any(Number),
      variants: [
        {
          sku: item.sku,
          name: expect.any(String),
          isMaster: expect.any(Boolean),
          basePrice: expect.any(Number),
          discount: expect.any(Number),
        },
      ],
      price: { originalPrice: expect.any(Number) },
      categories: expect.any(Array),
    });
    expect(item.price.originalPrice).toBeGreaterThanOrEqual(item.variants[0]!.basePrice);
    expect(item.categories.length).toBeLessThanOrEqual(6);
    for (const category of item.categories) expect(category).toEqual({ id: expect.any(Number), name: expect.stringMatching(/\S/) });
  }
}

/** A book of the hero's category, well stocked, at least £15 (the demo's minimum order), from its first page. */
async function findBookOfHeroCategory() {
  for (const summary of (await listProducts({ CategorySlug: HERO_CATEGORY, Sort: "popular" })).slice(0, 24)) {
    const product = await getProduct(summary.slug);
    const master = masterOf(product);
    if (product.id === summary.id && summary.defaultVariantId === master.id && isWellStocked(master) && master.tierPrices.length === 0)
      if ((master.price?.amount ?? 0) >= 1500) return product;
  }
  throw new Error(`No well-stocked book on the first page of ${HERO_CATEGORY}`);
}

describe("the analytics data layer's e-commerce events", () => {
  const browser = sessionPerTest();

  it("reports a whole journey from the home page to a purchase and its refund, each event with its payload", async () => {
    const { page } = browser;
    const book = await findBookOfHeroCategory();
    const master = masterOf(book);
    await signInThroughForm(page, stack, BUYER);

    // Nothing before consent; accept all on the home page, which is then reported.
    await page.goto(`${stack.storefrontUrl}/`);
    await waitForHydration(page);
    expect(await dataLayerOf(page), "nothing is pushed before consent").toEqual([]);
    await page.getByRole("dialog", { name: "Cookies on this shop" }).getByRole("button", { name: "Accept all" }).click();
    await page.waitForFunction(() => (window as unknown as { tagManagerStandIn?: unknown }).tagManagerStandIn !== undefined);

    // view_promotion: the home page's hero; view_item_list: its product rails.
    const promotion = await nextEvent(page, "view_promotion", 0);
    expect(promotion.event.ecommerce).toMatchObject({ promotion_id: "hero-0", promotion_name: "Books worth giving", items: [] });
    const rail = await nextEvent(page, "view_item_list", 0);
    expect(rail.event.ecommerce).toMatchObject({
      currency: "GBP",
      item_list_id: expect.stringMatching(/^rail-/),
      item_list_name: "Bestsellers and new releases",
    });
    expectProductItems(rail.event.ecommerce.items);
    expect(
      rail.event.ecommerce.items.some((item) => item.categories.length > 0),
      "items name their categories",
    ).toBe(true);
    let position = Math.max(promotion.next, rail.next);

    // select_promotion: the hero's link, to its category, whose cards are view_item_list.
    await page.getByRole("link", { name: "Find a gift" }).click();
    const selectedPromotion = await nextEvent(page, "select_promotion", position);
    expect(selectedPromotion.event.ecommerce).toMatchObject({ promotion_id: "hero-0", promotion_name: "Books worth giving" });
    await page.waitForURL(`${stack.storefrontUrl}/store/${HERO_CATEGORY}`);
    const list = await nextEvent(page, "view_item_list", selectedPromotion.next);
    expect(list.event.ecommerce).toMatchObject({ item_list_id: `category-${HERO_CATEGORY}` });
    expectProductItems(list.event.ecommerce.items);
    expect(list.event.ecommerce.items.map((item) => item.id)).toContain(book.id);
    position = list.next;

    // select_item: a card of that list; view_item: its page.
    await page.getByRole("link", { name: book.name, exact: true }).first().click();
    const selected = await nextEvent(page, "select_item", position);
    expect(selected.event.ecommerce).toMatchObject({ item_list_id: `category-${HERO_CATEGORY}`, item_list_name: expect.any(String) });
    expect(selected.event.ecommerce.items.map((item) => [item.id, item.quantity])).toEqual([[book.id, 1]]);
    await page.waitForURL(`${stack.storefrontUrl}/store/product/${book.slug}`);
    const viewed = await nextEvent(page, "view_item", selected.next);
    expectProductItems(viewed.event.ecommerce.items);
    const [viewedItem] = viewed.event.ecommerce.items;
    expect(viewedItem).toMatchObject({ id: book.id, sku: master.sku, name: book.name, quantity: 1 });
    expect(viewedItem!.variants[0]).toMatchObject({ isMaster: master.isMaster, basePrice: master.price!.amount / 100 });
    expect(viewedItem!.categories.map((category) => category.id)).toEqual(book.breadcrumbs.map((crumb) => crumb.id).slice(0, 6));
    expect(viewed.event.ecommerce.value).toBe(master.price!.amount / 100);
    position = viewed.next;

    // add_to_wishlist: saved to a new favourites list through the dialog.
    await page.getByRole("button", { name: "Save to favourites" }).click();
    const dialog = page.getByRole("dialog", { name: "Save to a list" });
    await dialog.getByLabel("New list name").fill("Gift ideas");
    await dialog.getByRole("button", { name: "Create list" }).click();
    await expect.poll(() => dialog.getByRole("radio", { name: "Gift ideas" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Saved to your favourites");
    const wished = await nextEvent(page, "add_to_wishlist", position);
    expect(wished.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 1]]);
    position = wished.next;

    // add_to_cart: the product page's form, by JavaScript (a fetcher), two of them.
    const purchase = page.getByRole("region", { name: `Buy ${book.name}` });
    await purchase.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await purchase.getByRole("button", { name: "Add to basket" }).click();
    const added = await nextEvent(page, "add_to_cart", position);
    expect(added.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 2]]);
    expect(added.event.ecommerce.value).toBe((2 * master.price!.amount) / 100);

    // view_cart; remove_from_cart: one of the two taken out again.
    await page.goto(`${stack.storefrontUrl}/cart`);
    const cart = await nextEvent(page, "view_cart", 0);
    expect(cart.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 2]]);
    await page.getByRole("spinbutton", { name: `Quantity of ${book.name} (${master.name})` }).fill("1");
    await page.getByRole("button", { name: `Update quantity of ${book.name} (${master.name})` }).click();
    const removed = await nextEvent(page, "remove_from_cart", cart.next);
    expect(removed.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 1]]);
    position = removed.next;

    // begin_checkout once, however many steps follow; add_shipping_info with the option chosen.
    await page.getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/checkout`);
    const begun = await nextEvent(page, "begin_checkout", position);
    expect(begun.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 1]]);
    await page.getByRole("button", { name: "Continue to delivery" }).click();
    await expectCheckoutToast(page, "Customer information has been saved", { javaScript: true });
    await giveAddress(page, { countryCode: "GB", line1: "221B Baker Street", city: "London", postcode: "NW1 6XE" }, "Continue");
    await expectCheckoutToast(page, "Delivery address has been saved", { javaScript: true });
    await page.getByRole("radio", { name: /^Standard delivery/ }).check();
    await page.getByRole("button", { name: "Save delivery option" }).click();
    await expectCheckoutToast(page, "Delivery option has been saved", { javaScript: true });
    const shipping = await nextEvent(page, "add_shipping_info", begun.next);
    expect(shipping.event.ecommerce).toMatchObject({ shipping_tier: "Standard delivery" });
    expect(
      (await ecommerceEvents(page)).filter((entry) => entry.event === "begin_checkout"),
      "begin_checkout once",
    ).toHaveLength(1);

    // add_payment_info and, on the order's page, purchase (an empty coupon).
    await page.getByRole("radio", { name: /^Bank transfer \(proforma invoice\)/ }).check();
    await page.getByRole("checkbox", { name: /I accept the terms and conditions/ }).check();
    await placeOrderButton(page).click();
    await page.waitForURL(/\/successful-order\/\d+$/);
    const payment = await nextEvent(page, "add_payment_info", shipping.next);
    expect(payment.event.ecommerce).toMatchObject({ payment_type: "proforma-invoice" });
    expect(payment.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 1]]);
    const purchased = await nextEvent(page, "purchase", shipping.next);
    const orderNumber = await page.locator("strong.font-mono").first().innerText();
    expect(purchased.event.ecommerce).toMatchObject({ transaction_id: orderNumber, coupon: "", currency: "GBP" });
    expect(purchased.event.ecommerce.value).toBeGreaterThanOrEqual(master.price!.amount / 100);
    expect(purchased.event.ecommerce).toEqual(expect.objectContaining({ shipping: expect.any(Number), tax: expect.any(Number) }));
    expectProductItems(purchased.event.ecommerce.items);
    await expectNoSeriousA11yViolations(page);

    // A reload of the thank-you page is no second sale.
    const orderId = orderIdOfPage(page);
    await page.reload();
    // The page view is pushed by the same effects, just before the page's own events.
    await page.waitForFunction(() =>
      (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.some((entry) => entry.event === "content-view"),
    );
    expect(
      (await ecommerceEvents(page)).filter((entry) => entry.event === "purchase"),
      "no purchase after a reload",
    ).toEqual([]);

    // refund: the customer cancels the order (shipping and tax reported as 0.01).
    await page.goto(`${stack.storefrontUrl}/account/orders/${orderId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("alertdialog", { name: "Cancel this order?" }).getByRole("button", { name: "Cancel order" }).click();
    await expectToast(page, `Order ${orderNumber} has been cancelled.`);
    const refund = await nextEvent(page, "refund", 0);
    expect(refund.event.ecommerce).toMatchObject({
      transaction_id: orderNumber,
      shipping: 0.01,
      tax: 0.01,
      value: purchased.event.ecommerce.value,
    });
    expect(refund.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 1]]);

    // "Buy again" puts the order's book back in the basket: add_to_cart, from a form that redirects to the basket.
    await page.getByRole("button", { name: "Buy again" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/cart`);
    const bought = await nextEvent(page, "add_to_cart", refund.next);
    expect(bought.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 1]]);

    // Each e-commerce event is preceded by a cleared `ecommerce`, so no payload merges into the next.
    const layer = await dataLayerOf(page);
    layer.forEach((entry, index) => {
      if (typeof entry.ecommerce === "object" && entry.ecommerce !== null) expect(layer[index - 1]).toEqual({ ecommerce: null });
    });
    expectNoPageProblems(browser);
  });

  it("reports a quick order's added lines as one add_to_cart", async () => {
    const { page } = browser;
    const book = await findBookOfHeroCategory();
    const master = masterOf(book);
    await page.goto(`${stack.storefrontUrl}/cart`);
    await page.getByRole("dialog", { name: "Cookies on this shop" }).getByRole("button", { name: "Accept all" }).click();
    await page.waitForFunction(() => (window as unknown as { tagManagerStandIn?: unknown }).tagManagerStandIn !== undefined);
    await waitForHydration(page);

    const panel = page.getByRole("region", { name: "Quick order" });
    await panel.getByRole("textbox", { name: "SKU, line 1" }).fill(master.sku);
    await panel.getByRole("spinbutton", { name: "Quantity, line 1" }).fill("3");
    await panel.getByRole("textbox", { name: "SKU, line 2" }).fill("NO-SUCH-SKU");
    await panel.getByRole("button", { name: "Add all to basket" }).click();
    await panel.getByRole("status").getByText("Added to your basket (1 line)").waitFor();
    const added = await nextEvent(page, "add_to_cart", 0);
    expect(added.event.ecommerce.items.map((item) => [item.sku, item.quantity])).toEqual([[master.sku, 3]]);
    expect(added.event.ecommerce.value).toBe((3 * master.price!.amount) / 100);
    expectNoPageProblems(browser);
  });
});
