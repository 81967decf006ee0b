import {
  ListProductsResponseSchema,
  ListWishlistsResponseSchema,
  ProductDetailResponseSchema,
  SignInResponseSchema,
  WishlistDetailResponseSchema,
  WishlistItemRefResponseSchema,
  WishlistSummaryResponseSchema,
  type ProductDetail,
} from "@quire/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { tokenCookie } from "../../app/lib/session.server";
import { expectNoSeriousA11yViolations, expectNoWcag22Violations } from "./accessibility";
import { expectNoPageProblems, openBrowser, type BrowserSession } from "./browser";
import { getFromApi } from "./demo-api";
import { DEMO_API_KEY, DEMO_STORE_KEY, stackWithRows, type Stack } from "./stack";

/**
 * Favourites (docs/storefront-behaviour/favourites.md) in a real Chromium against the built storefront and API. The
 * journeys have a customer each, inserted for this file (stackWithRows: on the run's shared stack when it runs
 * on PostgreSQL), so no journey sees another's lists.
 */
const PASSWORD = "Favourite-Books-2025";
const CUSTOMERS = {
  dialog: "wren@example.test",
  cancel: "elm@example.test",
  lists: "ash@example.test",
  items: "rowan@example.test",
  owner: "hazel@example.test",
  stranger: "linden@example.test",
  noScript: "alder@example.test",
  pages: "rowan.ash@example.test",
  cards: "willow@example.test",
  failure: "yew@example.test",
  many: "oak@example.test",
  keyboard: "birch@example.test",
  selected: "aspen@example.test",
  noScriptSelected: "hawthorn@example.test",
  unknownIntent: "juniper@example.test",
} as const;
type CustomerKey = keyof typeof CUSTOMERS;

let stack: Stack;
let product: ProductDetail;
const tokens = new Map<CustomerKey, string>();
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  stack = await stackWithRows({
    name: "wishlists",
    prepare: async (database) => {
      for (const email of Object.values(CUSTOMERS)) {
        // Signed up and up to date with the privacy policy, so wishlist calls are not refused with a 403.
        await database.execute(
          `INSERT INTO customers (store_id, email, password_hash, first_name, accepted_privacy_policy_id)
           SELECT s.id, $1, $2, 'Reader', (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
           FROM stores s WHERE s.key = $3`,
          [email, passwordHash, DEMO_STORE_KEY],
        );
      }
    },
  });
  const { data } = await getFromApi("/products", ListProductsResponseSchema, {
    query: { CategorySlug: "gift-books-for-her", Sort: "popular", PageSize: 24, PageNumber: 1 },
    apiUrl: stack.apiUrl,
  });
  const summary = data.results.find((candidate) => candidate.price !== null && candidate.stock?.status !== "OutOfStock");
  expect(summary, "a priced book in stock").toBeDefined();
  product = (await getFromApi(`/products/slug=${summary!.slug}`, ProductDetailResponseSchema, { apiUrl: stack.apiUrl })).data;
});

afterAll(async () => {
  for (const session of sessions) await session.close();
  await stack?.stop();
});

async function callApi<S extends z.ZodType>(method: string, path: string, schema: S, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { "API-Key": DEMO_API_KEY, StoreKey: DEMO_STORE_KEY, accept: "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return schema.parse(response.status === 204 ? null : await response.json()) as z.infer<S>;
}

async function tokenOf(customer: CustomerKey): Promise<string> {
  let token = tokens.get(customer);
  if (!token) {
    const { data } = await callApi("POST", "/auth/sign-in", SignInResponseSchema, {
      body: { email: CUSTOMERS[customer], password: PASSWORD },
    });
    token = data.token;
    tokens.set(customer, token);
  }
  return token;
}

/** A browser signed in as `customer`: the token cookie set exactly as the storefront serialises it. */
async function browserFor(customer: CustomerKey | null, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserSession> {
  const session = await openBrowser(options);
  sessions.push(session);
  if (customer) {
    const serialised = await tokenCookie.serialize(await tokenOf(customer));
    const value = serialised.slice(serialised.indexOf("=") + 1, serialised.indexOf(";"));
    await session.context.addCookies([{ name: "quire_token", value, url: stack.storefrontUrl, httpOnly: true, sameSite: "Lax" }]);
  }
  return session;
}

async function listsOf(customer: CustomerKey) {
  const { data } = await callApi("GET", "/wishlists?PageSize=50", ListWishlistsResponseSchema, { token: await tokenOf(customer) });
  return data.results;
}

async function createList(customer: CustomerKey, name: string) {
  return (await callApi("POST", "/wishlists", WishlistSummaryResponseSchema, { token: await tokenOf(customer), body: { name } })).data;
}

/** Three books of the shop with their master variant, for a list of several. */
async function threeBooks(): Promise<{ product: ProductDetail; variantId: number; label: string }[]> {
  const { data } = await getFromApi("/products", ListProductsResponseSchema, {
    query: { Sort: "popular", PageSize: 3 },
    apiUrl: stack.apiUrl,
  });
  return Promise.all(
    data.results.map(async (summary) => {
      const detail = (await getFromApi(`/products/slug=${summary.slug}`, ProductDetailResponseSchema, { apiUrl: stack.apiUrl })).data;
      const variant = detail.variants.find((candidate) => candidate.isMaster) ?? detail.variants[0]!;
      return { product: detail, variantId: variant.id, label: `Select ${detail.name} (${variant.name})` };
    }),
  );
}

async function addItem(customer: CustomerKey, wishlistId: number, variantId: number) {
  return (
    await callApi("PUT", "/wishlists/wishlist-items", WishlistItemRefResponseSchema, {
      token: await tokenOf(customer),
      body: { wishlistId, variantId },
    })
  ).data;
}

const masterVariant = () => product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!;
const productUrl = () => `${stack.storefrontUrl}/store/product/${product.slug}`;
const toast = (page: Page, text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
/**
 * Opens a page and waits until React Router has taken it over: a click before that would submit the
 * toggle's no-JavaScript form (to the page version of the dialog) instead of opening the dialog.
 */
async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  return response;
}
/** Without JavaScript the flashed toast is rendered inside <noscript>, which text locators do not search. */
const flashedToast = (page: Page) => page.locator('noscript [role="status"]').textContent();

describe("favourites for an anonymous visitor", () => {
  it("sends /favorites to sign in with a redirect_url back", async () => {
    const browser = await browserFor(null);
    const { page } = browser;
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/auth/login");
    expect(url.searchParams.get("redirect_url")).toBe("/favorites");

    await gotoHydrated(page, `${stack.storefrontUrl}/favorites/1`);
    expect(new URL(page.url()).searchParams.get("redirect_url")).toBe("/favorites/1");
  });

  it("turns the product page's favourite toggle into a sign-in link that comes back", async () => {
    const browser = await browserFor(null);
    const { page } = browser;
    await gotoHydrated(page, productUrl());
    const signIn = page.getByRole("link", { name: /sign in to save .*favourites/i }).first();
    const href = new URL((await signIn.getAttribute("href"))!, stack.storefrontUrl);
    expect(href.pathname).toBe("/auth/login");
    expect(href.searchParams.get("redirect_url")).toBe(`/store/product/${product.slug}`);
    expectNoPageProblems(browser);
  });
});

describe("favouriting a book", () => {
  it("saves it through the selection dialog, creating two lists there, with a toast", async () => {
    const browser = await browserFor("dialog");
    const { page } = browser;
    await gotoHydrated(page, productUrl());
    await page.getByRole("button", { name: "Save to favourites" }).click();

    const dialog = page.getByRole("dialog", { name: "Save to a list" });
    await dialog.waitFor();
    await dialog.getByText("Choose which of your favourites lists to save this book to.").waitFor();
    const save = dialog.getByRole("button", { name: "Save", exact: true });
    expect(await save.isDisabled(), "Save waits for a chosen list").toBe(true);

    // The stacking order: overlay at z-index 1000, the modal at 1100.
    const zIndexes = await dialog.evaluate((element) => {
      const modal = element.closest(".z-\\(--z-modal\\)");
      const overlay = element.closest(".z-\\(--z-overlay\\)");
      return [overlay && getComputedStyle(overlay).zIndex, modal && getComputedStyle(modal).zIndex];
    });
    expect(zIndexes).toEqual(["1000", "1100"]);
    await expectNoSeriousA11yViolations(page);

    // A new list, created from the dialog, is chosen at once.
    await dialog.getByLabel("New list name").fill("Birthday ideas");
    await dialog.getByRole("button", { name: "Create list" }).click();
    await dialog.getByRole("radio", { name: "Birthday ideas" }).waitFor({ state: "attached" });
    await expect.poll(() => dialog.getByRole("radio", { name: "Birthday ideas" }).isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(false);

    // A second list: it takes the choice, and the field is empty again.
    await dialog.getByLabel("New list name").fill("Christmas");
    await dialog.getByRole("button", { name: "Create list" }).click();
    await expect.poll(() => dialog.getByRole("radio", { name: "Christmas" }).isChecked()).toBe(true);
    expect(await dialog.getByLabel("New list name").inputValue()).toBe("");
    expect(await dialog.getByRole("radio").count()).toBe(2);

    // Choose the first list again and save.
    await dialog.getByText("Birthday ideas", { exact: true }).click();
    await expect.poll(() => dialog.getByRole("radio", { name: "Birthday ideas" }).isChecked()).toBe(true);
    await save.click();
    await toast(page, "Saved to your favourites").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Remove from favourites" }).waitFor();

    const lists = await listsOf("dialog");
    expect(lists.map((list) => [list.name, list.itemCount])).toEqual([
      ["Birthday ideas", 1],
      ["Christmas", 0],
    ]);
    const { data: birthday } = await callApi("GET", `/wishlists/${lists[0]!.id}`, WishlistDetailResponseSchema, {
      token: await tokenOf("dialog"),
    });
    expect(birthday.items.map((item) => item.productVariantId)).toEqual([masterVariant().id]);
    expectNoPageProblems(browser);
  });

  it("closes the dialog on Cancel without saving anything, and opens it again with no list chosen", async () => {
    await createList("cancel", "Maybe later");
    const browser = await browserFor("cancel");
    const { page } = browser;
    await gotoHydrated(page, productUrl());
    await page.getByRole("button", { name: "Save to favourites" }).click();
    const dialog = page.getByRole("dialog", { name: "Save to a list" });
    await dialog.getByText("Maybe later", { exact: true }).click();
    const save = dialog.getByRole("button", { name: "Save", exact: true });
    await expect.poll(() => save.isDisabled()).toBe(false);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await listsOf("cancel"))[0]?.itemCount).toBe(0);

    // Cancelling cleared the pending choice: the dialog opens afresh, Save disabled again.
    await page.getByRole("button", { name: "Save to favourites" }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole("radio", { name: "Maybe later" }).isChecked()).toBe(false);
    expect(await save.isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect((await listsOf("cancel"))[0]?.itemCount).toBe(0);
    expectNoPageProblems(browser);
  });
});

describe("favouriting with the keyboard", () => {
  it("keeps focus on the same heart after saving through the dialog and after removing by toggling", async () => {
    await createList("keyboard", "Read next");
    const browser = await browserFor("keyboard");
    const { page } = browser;
    await gotoHydrated(page, productUrl());
    await page.getByRole("button", { name: "Save to favourites" }).focus();
    // Remember the heart itself, to check focus comes back to this very element.
    await page.evaluate(() => Object.assign(window, { heart: document.activeElement }));
    const focusedHeart = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active === (window as unknown as { heart: Element }).heart ? active?.textContent?.trim() : `elsewhere: ${active?.tagName}`;
      });
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Save to a list" });
    await dialog.getByText("Read next", { exact: true }).click();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Saved to your favourites").waitFor();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedHeart).toBe("Remove from favourites");

    await page.keyboard.press("Enter");
    await toast(page, "Removed from your favourites").waitFor();
    await page.getByRole("button", { name: "Save to favourites" }).waitFor();
    await expect.poll(focusedHeart).toBe("Save to favourites");
    expect((await listsOf("keyboard"))[0]?.itemCount).toBe(0);
    expectNoPageProblems(browser);
  });
});

describe("the favourite toggle elsewhere", () => {
  it("saves a book from its product card on a category page, and the heart stays on", async () => {
    await createList("cards", "From the shelves");
    const browser = await browserFor("cards");
    const { page } = browser;
    const { data } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { CategorySlug: "gift-books-for-him", Sort: "popular", PageSize: 24, PageNumber: 1 },
      apiUrl: stack.apiUrl,
    });
    const card = data.results[0]!;
    await gotoHydrated(page, `${stack.storefrontUrl}/store/gift-books-for-him`);
    await page.getByRole("button", { name: `Save ${card.name} to favourites` }).click();
    const dialog = page.getByRole("dialog", { name: "Save to a list" });
    await dialog.getByText("From the shelves", { exact: true }).click();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Saved to your favourites").waitFor();
    await page.getByRole("button", { name: `Remove ${card.name} from favourites` }).waitFor();
    expect(new URL(page.url()).pathname, "the card's link was not followed").toBe("/store/gift-books-for-him");

    const [list] = await listsOf("cards");
    const { data: detail } = await callApi("GET", `/wishlists/${list!.id}`, WishlistDetailResponseSchema, {
      token: await tokenOf("cards"),
    });
    expect(detail.items.map((item) => item.productVariantId)).toEqual([card.defaultVariantId]);

    // The start-up favourites know it on the next page too.
    await gotoHydrated(page, `${stack.storefrontUrl}/store/product/${card.slug}`);
    await page.getByRole("button", { name: "Remove from favourites" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("shows the API's first error as a toast when saving fails, and keeps the dialog open", async () => {
    const doomed = await createList("failure", "Soon gone");
    const browser = await browserFor("failure");
    const { page } = browser;
    await gotoHydrated(page, productUrl());
    await page.getByRole("button", { name: "Save to favourites" }).click();
    const dialog = page.getByRole("dialog", { name: "Save to a list" });
    await dialog.getByText("Soon gone", { exact: true }).click();
    // The list goes (from another tab, say) while the dialog is open.
    await callApi("DELETE", `/wishlists/${doomed.id}`, z.null(), { token: await tokenOf("failure") });
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Wishlist was not found").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await listsOf("failure")).toEqual([]);
    expectNoPageProblems(browser);
  });

  it("shows the API's first error as a toast when deleting a list or removing an item fails", async () => {
    const token = await tokenOf("failure");
    const list = await createList("failure", "Short-lived");
    const item = await addItem("failure", list.id, masterVariant().id);
    const browser = await browserFor("failure");
    const { page } = browser;

    // Remove an item that has gone already.
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites/${list.id}`);
    const remove = page.getByRole("button", { name: `Remove ${product.name}` });
    await remove.waitFor();
    await callApi("DELETE", `/wishlists/${list.id}/wishlist-items/${item.id}`, z.null(), { token });
    await remove.click();
    await toast(page, "Wishlist item was not found").waitFor();

    // Delete a list that has gone already.
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites`);
    await page.getByRole("button", { name: "Delete Short-lived" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this list?" });
    await confirm.waitFor();
    await callApi("DELETE", `/wishlists/${list.id}`, z.null(), { token });
    await confirm.getByRole("button", { name: "Delete list" }).click();
    await toast(page, "Wishlist was not found").waitFor();
    expectNoPageProblems(browser);
  });
});

describe("the lists on /favorites", () => {
  it("shows every list when there are more than one page of 50", async () => {
    const names = Array.from({ length: 53 }, (_, index) => `List ${String(index + 1).padStart(2, "0")}`);
    for (const name of names) await createList("many", name);
    const browser = await browserFor("many");
    const { page } = browser;
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites`);
    const links = page.getByRole("region", { name: "Your lists" }).getByRole("link", { name: /^List \d+$/ });
    await links.last().waitFor();
    expect(await links.allInnerTexts()).toEqual(names);

    // The selection dialog offers all of them too: start-up loads every list.
    await gotoHydrated(page, productUrl());
    await page.getByRole("button", { name: "Save to favourites" }).click();
    const dialog = page.getByRole("dialog", { name: "Save to a list" });
    await dialog.getByRole("radio", { name: "List 53" }).waitFor({ state: "attached" });
    expect(await dialog.getByRole("radio").count()).toBe(53);
  });

  it("renames a list and deletes one through the 640 px confirm dialog", async () => {
    await createList("lists", "Summer reading");
    await createList("lists", "Stocking fillers");
    const browser = await browserFor("lists");
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites`);
    await page.getByRole("heading", { level: 1, name: "Your favourites" }).waitFor();
    const lists = page.getByRole("region", { name: "Your lists" });
    await lists.getByRole("link", { name: "Summer reading", exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Rename.
    await lists.getByRole("link", { name: "Rename Stocking fillers" }).click();
    const name = page.getByLabel("New name for “Stocking fillers”");
    await name.fill("Christmas stockings");
    await page.getByRole("button", { name: "Save name" }).click();
    await toast(page, 'List renamed to "Christmas stockings"').waitFor();
    await lists.getByRole("link", { name: "Christmas stockings", exact: true }).waitFor();
    expect((await listsOf("lists")).map((list) => list.name)).toEqual(["Summer reading", "Christmas stockings"]);

    // Delete: reject first, which keeps the list.
    await lists.getByRole("button", { name: "Delete Christmas stockings" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this list?" });
    await confirm.waitFor();
    await confirm.getByText("The list and everything saved in it will be removed. This can't be undone.").waitFor();
    await confirm.getByRole("button", { name: "Close" }).waitFor();
    const box = await confirm.boundingBox();
    expect(box?.width).toBe(640);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await listsOf("lists")).toHaveLength(2);

    // Accept deletes it, with the toast.
    await lists.getByRole("button", { name: "Delete Christmas stockings" }).click();
    await confirm.getByRole("button", { name: "Delete list" }).click();
    await toast(page, "The list has been deleted").waitFor();
    await lists.getByRole("link", { name: "Christmas stockings", exact: true }).waitFor({ state: "detached" });
    expect((await listsOf("lists")).map((list) => list.name)).toEqual(["Summer reading"]);
    expectNoPageProblems(browser);
  });

  it("creates a list, and shows the API's refusal of a duplicate name beside the field", async () => {
    const browser = await browserFor("lists");
    const { page } = browser;
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites`);
    const form = page.getByRole("region", { name: "Start a new list" });
    await form.getByLabel("New list name").fill("Anniversary");
    await form.getByRole("button", { name: "Create list" }).click();
    await toast(page, 'List "Anniversary" created').waitFor();
    await page.getByRole("region", { name: "Your lists" }).getByRole("link", { name: "Anniversary", exact: true }).waitFor();

    await form.getByLabel("New list name").fill("anniversary");
    await form.getByRole("button", { name: "Create list" }).click();
    await form.getByRole("alert").waitFor();
    expect((await listsOf("lists")).filter((list) => list.name.toLowerCase() === "anniversary")).toHaveLength(1);
    expectNoPageProblems(browser);
  });
});

describe("a list's page", () => {
  it("shows the items with cover, title, format, price and an add-to-basket button, and removes one", async () => {
    const list = await createList("items", "For Mum");
    const variant = masterVariant();
    await addItem("items", list.id, variant.id);
    const browser = await browserFor("items");
    const { page } = browser;
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites/${list.id}`);
    await page.getByRole("heading", { level: 1, name: "For Mum" }).waitFor();
    const items = page.getByRole("region", { name: "Items in For Mum" });
    const row = items.getByRole("listitem").filter({ hasText: product.name });
    await row.getByRole("link", { name: product.name }).waitFor();
    const text = await row.innerText();
    expect(text).toContain(variant.name);
    expect(await row.locator("img").count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    // WCAG 2.2 AA at a desktop and a phone width, headings in order: the items' titles come after the h1 as h2s.
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await expectNoWcag22Violations(page);
    }

    // Add to cart from the list (the cart's own route and toast).
    await row.getByRole("button", { name: `Add to basket: ${product.name}` }).click();
    await toast(page, "Product has been successfully added to the cart").waitFor();

    await row.getByRole("button", { name: `Remove ${product.name}` }).click();
    await toast(page, "Removed from your favourites").waitFor();
    await page.getByText("Nothing saved in this list yet.", { exact: false }).waitFor();
    expect((await listsOf("items"))[0]!.itemCount).toBe(0);
    expectNoPageProblems(browser);
  });

  it("removes a saved book by toggling its heart again on the product page", async () => {
    const list = await createList("items", "Toggle test");
    await addItem("items", list.id, masterVariant().id);
    const browser = await browserFor("items");
    const { page } = browser;
    await gotoHydrated(page, productUrl());
    await page.getByRole("button", { name: "Remove from favourites" }).click();
    await toast(page, "Removed from your favourites").waitFor();
    await page.getByRole("button", { name: "Save to favourites" }).waitFor();
    const { data } = await callApi("GET", `/wishlists/${list.id}`, WishlistDetailResponseSchema, { token: await tokenOf("items") });
    expect(data.items).toEqual([]);
    expectNoPageProblems(browser);
  });

  it("removes the ticked books in one go with 'Remove selected', and keeps the others", async () => {
    const books = await threeBooks();
    const list = await createList("selected", "Clear-out");
    for (const book of books) await addItem("selected", list.id, book.variantId);
    const browser = await browserFor("selected");
    const { page } = browser;
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites/${list.id}`);

    // Nothing ticked: nothing removed, and the shopper is told what to do.
    await page.getByRole("button", { name: "Remove selected" }).click();
    await toast(page, "Tick the items to remove first").waitFor();

    await page.getByRole("checkbox", { name: books[0]!.label }).check();
    await page.getByRole("checkbox", { name: books[2]!.label }).check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Remove selected" }).click();
    await toast(page, "2 items removed from your favourites").waitFor();
    await page.getByText("1 item", { exact: true }).waitFor();
    const { data } = await callApi("GET", `/wishlists/${list.id}`, WishlistDetailResponseSchema, { token: await tokenOf("selected") });
    expect(data.items.map((item) => item.productVariantId)).toEqual([books[1]!.variantId]);
    expect(await page.getByRole("checkbox", { name: books[1]!.label }).isChecked()).toBe(false);
    expectNoPageProblems(browser);
  });

  it("answers 404 'Page Not Found' for an unknown list, another customer's list and a malformed id", async () => {
    const theirs = await createList("owner", "Private");
    const browser = await browserFor("stranger");
    const { page } = browser;
    for (const path of [`/favorites/${theirs.id}`, "/favorites/999999", "/favorites/not-a-number"]) {
      const response = await gotoHydrated(page, `${stack.storefrontUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      await page.getByText(`Page Not Found: ${path}`).waitFor();
      expect(await page.content()).not.toContain("Private");
    }
  });
});

describe("a form the page does not know", () => {
  it("answers 400 unknown_intent on /favorites, /favorites/items and /cart, and changes nothing", async () => {
    const list = await createList("unknownIntent", "Keep me");
    const serialised = await tokenCookie.serialize(await tokenOf("unknownIntent"));
    const cookie = serialised.slice(0, serialised.indexOf(";"));
    // Posted as the shop's own forms are (its Origin), so only the intent is wrong: the cross-site check passes.
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${stack.storefrontUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", Origin: stack.storefrontUrl, cookie },
        body: new URLSearchParams(fields),
      });

    // Before, an unknown intent on /favorites was taken for "delete".
    const unknownForms: Record<string, string>[] = [{ intent: "archive", wishlistId: String(list.id) }, { wishlistId: String(list.id) }];
    for (const fields of unknownForms) {
      const response = await post("/favorites", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.getSetCookie(), "no flash, no cookie").toEqual([]);
    }
    const items = await post("/favorites/items", { intent: "archive", variantId: String(masterVariant().id), respond: "fetcher" });
    expect(items.status).toBe(400);
    const cart = await post("/cart", { intent: "checkout", lineItemId: "1" });
    expect(cart.status).toBe(400);
    expect(cart.headers.getSetCookie()).toEqual([]);

    const lists = await listsOf("unknownIntent");
    expect(lists.find((kept) => kept.id === list.id)).toMatchObject({ name: "Keep me", itemCount: 0 });
  });
});

describe("favourites without JavaScript", () => {
  // axe cannot run in a page without JavaScript, so the page versions are scanned in a normal browser here.
  it("keeps the page versions of the dialogs accessible", async () => {
    const list = await createList("pages", "Gift ideas");
    const browser = await browserFor("pages");
    const { page } = browser;
    const returnTo = encodeURIComponent(`/store/product/${product.slug}`);
    await gotoHydrated(page, `${stack.storefrontUrl}/favorites/add?variantId=${masterVariant().id}&returnTo=${returnTo}`);
    await page.getByRole("heading", { level: 1, name: "Save to a list" }).waitFor();
    await page.getByRole("radio", { name: "Gift ideas" }).waitFor({ state: "attached" });
    // Enabled in the server's HTML (the server checks the choice); once hydrated, disabled until a list is chosen.
    await expect
      .poll(() => page.getByRole("button", { name: "Save", exact: true }).isDisabled(), { message: "Save waits for a chosen list" })
      .toBe(true);
    await page.getByText("Gift ideas", { exact: true }).click();
    await expect.poll(() => page.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(false);
    await expectNoSeriousA11yViolations(page);

    // A variant the store does not have is a page that does not exist.
    const unknown = await gotoHydrated(page, `${stack.storefrontUrl}/favorites/add?variantId=999999&returnTo=${returnTo}`);
    expect(unknown?.status()).toBe(404);

    await gotoHydrated(page, `${stack.storefrontUrl}/favorites?rename=${list.id}`);
    await page.getByLabel("New name for “Gift ideas”").waitFor();
    await expectNoSeriousA11yViolations(page);

    await gotoHydrated(page, `${stack.storefrontUrl}/favorites?delete=${list.id}`);
    await page.getByRole("heading", { name: "Delete this list?" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("saves through the page version of the dialog, removes by the toggle, renames a list and deletes it after confirming", async () => {
    await createList("noScript", "Book club");
    const { page } = await browserFor("noScript", { javaScriptEnabled: false });
    await page.goto(productUrl());
    await page.getByRole("button", { name: "Save to favourites" }).click();
    await page.waitForURL((url) => url.pathname === "/favorites/add");
    await page.getByRole("heading", { level: 1, name: "Save to a list" }).waitFor();

    // The page names the book it saves: title, format and cover.
    const book = page.getByRole("region", { name: "The book to save" });
    await book.getByRole("heading", { level: 2, name: product.name }).waitFor();
    await book.getByText(masterVariant().name, { exact: true }).waitFor();
    // The product's first image, or the generated cover when it has none.
    const coverSrc = await book.locator("img").getAttribute("src");
    if (product.images[0]) expect(coverSrc).toBe(product.images[0].url);
    else expect(coverSrc).toMatch(new RegExp(`^/media/covers/${product.slug}\\.svg\\?`));

    // Saving with no list chosen is refused with the reason.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alert").getByText("Choose a list to save it to.").waitFor();

    await page.getByText("Book club", { exact: true }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/store/product/${product.slug}`);
    expect(await flashedToast(page)).toContain("Saved to your favourites");
    const [list] = await listsOf("noScript");
    expect(list?.itemCount).toBe(1);

    await page.getByRole("button", { name: "Remove from favourites" }).click();
    await page.getByRole("button", { name: "Save to favourites" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/store/product/${product.slug}`);
    expect(await flashedToast(page)).toContain("Removed from your favourites");
    expect((await listsOf("noScript"))[0]?.itemCount).toBe(0);

    await page.goto(`${stack.storefrontUrl}/favorites`);
    await page.getByRole("link", { name: "Rename Book club" }).click();
    await page.getByLabel("New name for “Book club”").fill("Reading group");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByRole("link", { name: "Reading group", exact: true }).waitFor();
    expect(await flashedToast(page)).toContain('List renamed to "Reading group"');

    await page.getByRole("link", { name: "Delete Reading group" }).click();
    await page.getByRole("heading", { name: "Delete this list?" }).waitFor();
    await page.getByRole("button", { name: "Delete list" }).click();
    await page.waitForURL((url) => url.pathname === "/favorites" && url.search === "");
    expect(await flashedToast(page)).toContain("The list has been deleted");
    expect(await listsOf("noScript")).toEqual([]);
  });

  it("removes the ticked books with 'Remove selected' on the list's page", async () => {
    const books = await threeBooks();
    const list = await createList("noScriptSelected", "Spring clean");
    for (const book of books) await addItem("noScriptSelected", list.id, book.variantId);
    const { page } = await browserFor("noScriptSelected", { javaScriptEnabled: false });
    await page.goto(`${stack.storefrontUrl}/favorites/${list.id}`);
    await page.getByRole("checkbox", { name: books[1]!.label }).check();
    await page.getByRole("button", { name: "Remove selected" }).click();
    // Back on the same list, without the book.
    await page.getByRole("checkbox", { name: books[1]!.label }).waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe(`/favorites/${list.id}`);
    expect(await flashedToast(page)).toContain("Removed from your favourites");
    const { data } = await callApi("GET", `/wishlists/${list.id}`, WishlistDetailResponseSchema, {
      token: await tokenOf("noScriptSelected"),
    });
    expect(data.items.map((item) => item.productVariantId).sort((a, b) => a - b)).toEqual(
      [books[0]!.variantId, books[2]!.variantId].sort((a, b) => a - b),
    );
  });
});
