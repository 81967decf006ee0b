import {
  CartResponseSchema,
  CheckoutSummaryResponseSchema,
  CreatedOrderResponseSchema,
  DeliveryOptionsResponseSchema,
  SignInResponseSchema,
  type ProductDetail,
} from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectApi, signInThroughForm } from "./auth-journeys";
import { expectNoPageProblems, screenshotForReview, sessionPerTest } from "./browser";
import { expectToast, lineTitle, masterOf } from "./cart-catalogue";
import { findCheckoutBooks } from "./checkout-journeys";
import { DEMO_STORE_KEY, startStack, type Stack } from "./stack";

/**
 * Reorder (issue 10): "Buy again" on a past order puts its books back in the basket at
 * today's prices and stock, and the basket says which could not be added and why. The journey runs on a Quire
 * of its own (its stock is changed here), whose database holds the customer, inserted before the servers start;
 * the past order is placed through the API as the storefront would.
 */
const PASSWORD = "Account-Reorder-Lantern-2026";
const EMAIL = "gaskell-reorder@example.test";
const DELIVERY_ADDRESS = {
  firstName: "Ada",
  lastName: "Reader",
  line1: "221B Baker Street",
  city: "London",
  postcode: "NW1 6XE",
  countryCode: "GB",
};

let stack: Stack;
let books: ProductDetail[];

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  stack = await startStack({
    name: "account-reorder",
    prepare: async (database) => {
      // Signed up and up to date with the privacy policy, so order calls are not refused with a 403.
      await database.execute(
        `INSERT INTO customers (store_id, email, password_hash, first_name, last_name, accepted_privacy_policy_id)
         SELECT s.id, $1, $2, 'Ada', 'Reader', (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
         FROM stores s WHERE s.key = $3`,
        [EMAIL, passwordHash, DEMO_STORE_KEY],
      );
    },
  });
  // Two books that together pass the demo shop's minimum order; this stack's stock is its own.
  books = await findCheckoutBooks(2, "name-desc");
});

afterAll(async () => {
  await stack?.stop();
});

/** Places an order of one of each book through the API, as the checkout would; answers its id and number. */
async function placeOrder(items: ProductDetail[]): Promise<{ id: number; publicId: string }> {
  const { data: session } = await expectApi(stack, "POST", "/auth/sign-in", SignInResponseSchema, {
    body: { email: EMAIL, password: PASSWORD },
  });
  const token = session.token;
  for (const book of items) {
    await expectApi(stack, "PUT", "/baskets", CartResponseSchema, { token, body: { productVariantId: masterOf(book).id, quantity: 1 } });
  }
  const checkoutStep = (path: string, body: object) => expectApi(stack, "PUT", path, CheckoutSummaryResponseSchema, { token, body });
  await checkoutStep("/baskets/checkout/customer-info", { email: EMAIL, firstName: "Ada", lastName: "Reader" });
  await checkoutStep("/baskets/checkout/delivery-address", { address: DELIVERY_ADDRESS });
  const { data: delivery } = await expectApi(stack, "GET", "/baskets/checkout/delivery/available-options", DeliveryOptionsResponseSchema, {
    token,
  });
  await checkoutStep("/baskets/checkout/delivery/options", { deliveryZoneOptionId: delivery.options[0]!.id });
  const { data: created } = await expectApi(stack, "POST", "/orders", CreatedOrderResponseSchema, { token, body: { termsAccepted: true } });
  return created;
}

/** Signs in through the form on the way to `path` (the sign-in page sends the customer back there). */
async function signInTo(page: Page, path: string) {
  await page.goto(`${stack.storefrontUrl}/auth/login?${new URLSearchParams({ redirect_url: path })}`);
  await signInThroughForm(page, stack, { email: EMAIL, password: PASSWORD });
  await page.waitForURL(`${stack.storefrontUrl}${path}`);
}

describe("reorder", () => {
  const browser = sessionPerTest();

  it("reorders into the cart with a line that is now out of stock", async () => {
    const { page } = browser;
    const [inStock, soldOut] = books as [ProductDetail, ProductDetail];
    const order = await placeOrder([inStock, soldOut]);
    // Since then the second book has sold out, as the merchant records it.
    await stack.runCli("stock-set.js", ["--sku", masterOf(soldOut).sku, "--quantity", "0"]);

    await signInTo(page, `/account/orders/${order.id}`);
    await page.getByRole("heading", { level: 1, name: `Order ${order.publicId}` }).waitFor();
    await screenshotForReview(page, "quire-reorder-order");
    await page.getByRole("button", { name: "Buy again" }).click();

    await page.waitForURL(`${stack.storefrontUrl}/cart`);
    await expectToast(page, "Added 1 item from this order to your basket. One item could not be added as ordered; your basket says why.");
    // The in-stock book alone, at today's price.
    const lines = page
      .getByRole("list", { name: "Items in your basket" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") });
    const line = lines.filter({ has: page.getByRole("heading", { name: inStock.name, exact: true }) });
    await line.waitFor();
    expect(await lines.count(), "the sold-out book is not in the basket").toBe(1);
    expect(await line.innerText()).toContain(formatMoney(masterOf(inStock).price!));
    // And why the other is not.
    const notices = page.getByRole("list", { name: "Changes to your basket" });
    await notices
      .getByText(`Order ${order.publicId}: ${lineTitle(soldOut)} is out of stock, so it was not added.`, { exact: true })
      .waitFor();

    await expectNoSeriousA11yViolations(page);
    await screenshotForReview(page, "quire-reorder-cart");
    expectNoPageProblems(browser);
  });
});
