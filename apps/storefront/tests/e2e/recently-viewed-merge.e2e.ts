import { ListProductsResponseSchema, ListViewedProductsResponseSchema, type ProductSummary } from "@quire/contracts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { expectApi, signInThroughForm, signOutThroughMenu, tokenInBrowser } from "./auth-journeys";
import { expectNoPageProblems, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";
import { viewProductPage } from "./product-views";
import { DEMO_STORE_KEY, stackWithRows, type Stack } from "./stack";

/**
 * Recently viewed products follow a sign-in: books looked at anonymously join the
 * customer's history when they sign in, the anonymous viewer cookie is removed, and browsing after signing
 * out starts a new anonymous history. Its customer is this file's own (stackWithRows).
 */
const READER = { email: "magpie@example.test", password: "Recently-Viewed-Books-2026", firstName: "Mabel" };

let stack: Stack;
const browser = sessionPerTest();
beforeAll(async () => {
  const passwordHash = await hashPassword(READER.password);
  stack = await stackWithRows({
    name: "recently-viewed-merge",
    prepare: async (database) => {
      // Up to date with the privacy policy, so the sign-in lands on the page asked for.
      await database.execute(
        `INSERT INTO customers (store_id, email, password_hash, first_name, accepted_privacy_policy_id)
         SELECT s.id, $1, $2, $3, (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
         FROM stores s WHERE s.key = $4`,
        [READER.email, passwordHash, READER.firstName, DEMO_STORE_KEY],
      );
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

async function threeBooks(): Promise<ProductSummary[]> {
  const { data } = await getFromApi("/products", ListProductsResponseSchema, {
    query: { PageSize: 12, Sort: "popular" },
    apiUrl: stack.apiUrl,
  });
  expect(data.results.length).toBeGreaterThanOrEqual(3);
  return data.results.slice(0, 3);
}

/** Opens a book's page and waits until the page, once shown, has recorded the view (decision 020). */
async function viewProduct(page: Page, book: ProductSummary) {
  await viewProductPage(page, `${stack.storefrontUrl}/store/product/${book.slug}`);
  await page.getByRole("heading", { level: 1, name: book.name }).waitFor();
}

const viewerCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "quire_viewer")?.value ?? null;

/** The names in the basket page's "Recently viewed" row, waiting for `expected` to be among them. */
async function recentlyViewedOnCart(page: Page, expected: string[]): Promise<string[]> {
  await page.goto(`${stack.storefrontUrl}/cart`);
  const row = page.getByRole("region", { name: "Recently viewed" });
  for (const name of expected) await row.getByRole("link", { name, exact: true }).waitFor();
  return row.getByRole("list").getByRole("heading").allTextContents();
}

describe("recently viewed products at sign-in", () => {
  it("moves the books viewed anonymously into the customer's history and removes the viewer cookie", async () => {
    const { page, context } = browser;
    const [first, second, third] = await threeBooks();
    await viewProduct(page, first!);
    await viewProduct(page, second!);
    const anonymousId = await viewerCookie(context);
    expect(anonymousId, "recording a view gives an anonymous visitor a viewer id").not.toBeNull();

    await signInThroughForm(page, stack, READER, "/auth/login?redirect_url=/cart");
    expect(new URL(page.url()).pathname).toBe("/cart");
    expect(await viewerCookie(context), "the viewer cookie is removed once its history has moved").toBeNull();
    const names = await recentlyViewedOnCart(page, [first!.name, second!.name]);
    expect(names.slice(0, 2)).toEqual([second!.name, first!.name]);

    // The history is the customer's now, at the API too.
    const token = (await tokenInBrowser(context))!;
    const { data } = await expectApi(stack, "GET", "/viewed-products", ListViewedProductsResponseSchema, { token });
    expect(data.map((book) => book.slug)).toEqual([second!.slug, first!.slug]);
    expectNoPageProblems(browser);

    // After signing out, browsing starts a new anonymous history: the customer's books are not shown to it.
    await signOutThroughMenu(page, READER.firstName);
    await viewProduct(page, third!);
    const fresh = await viewerCookie(context);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(anonymousId);
    expect(await recentlyViewedOnCart(page, [third!.name])).toEqual([third!.name]);

    // Signing in again brings that book along too, newest first.
    await signInThroughForm(page, stack, READER, "/auth/login?redirect_url=/cart");
    expect(await viewerCookie(context)).toBeNull();
    expect((await recentlyViewedOnCart(page, [third!.name, second!.name, first!.name])).slice(0, 3)).toEqual([
      third!.name,
      second!.name,
      first!.name,
    ]);
    expectNoPageProblems(browser);
  });
});
