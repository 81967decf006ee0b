import {
  CartResponseSchema,
  CurrentCustomerResponseSchema,
  CustomerSettingsResponseSchema,
  ListProductsResponseSchema,
  ProductDetailResponseSchema,
  type ProductDetail,
} from "@quire/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { hashEmailedToken } from "../../../api/src/security/emailed-tokens";
import { expectNoSeriousA11yViolations } from "./accessibility";
import {
  accountMenu,
  callApi,
  expectApi,
  headerSignInLink,
  newCustomer,
  registerThroughApi,
  signInThroughForm,
  signOutThroughMenu,
  tokenInBrowser,
} from "./auth-journeys";
import { expectNoPageProblems, openBrowser, sessionPerTest, type BrowserSession } from "./browser";
import { basketLink, expectToast } from "./cart-catalogue";
import { getFromApi } from "./demo-api";
import { DEMO_STORE_KEY, stackWithRows, type Stack } from "./stack";

/**
 * Sessions and the route rules (docs/storefront-behaviour/accounts.md): members-only pages send visitors to sign in
 * and back; a guest cart merges into the customer's at sign-in; a session revoked at the API lands on
 * /auth/login; a forced password change keeps the customer on /account/settings until it is done; a trade
 * invitation opens an account. Runs its own Quire, whose database gets, before the servers start, a
 * customer the shop has asked for a new password and an invitation with a known link.
 */
const FORCED = { email: "forced-change@example.test", password: "Old-Password-From-The-Shop-1", firstName: "Fern" };
const INVITE = { email: "trade-buyer@example.test", token: "e2e-invite-token-0123456789-abcdefghijklmnopqrstuvwxyz", firstName: "Grace" };

let stack: Stack;
const browser = sessionPerTest();
beforeAll(async () => {
  const passwordHash = await hashPassword(FORCED.password);
  stack = await stackWithRows({
    name: "auth-session",
    mail: true,
    prepare: async (database) => {
      await database.execute(
        `INSERT INTO customers (store_id, email, password_hash, first_name, last_name, password_change_required, accepted_privacy_policy_id)
         SELECT s.id, $1, $2, $3, 'Shopper', true, (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
         FROM stores s WHERE s.key = $4`,
        [FORCED.email, passwordHash, FORCED.firstName, DEMO_STORE_KEY],
      );
      await database.execute(
        `INSERT INTO customer_invites (store_id, email, first_name, last_name, company_name, token_hash, expires_at)
         SELECT s.id, $1, $2, 'Hopper', 'Hopper Books Ltd', $3, now() + interval '1 day' FROM stores s WHERE s.key = $4`,
        [INVITE.email, INVITE.firstName, hashEmailedToken(INVITE.token), DEMO_STORE_KEY],
      );
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

/** Two books that can be bought now, from this stack's API. */
async function twoBooksInStock(): Promise<ProductDetail[]> {
  const { data } = await getFromApi("/products", ListProductsResponseSchema, {
    query: { PageSize: 40, Sort: "popular" },
    apiUrl: stack.apiUrl,
  });
  const found: ProductDetail[] = [];
  for (const summary of data.results) {
    const { data: product } = await getFromApi(`/products/slug=${summary.slug}`, ProductDetailResponseSchema, { apiUrl: stack.apiUrl });
    const master = product.variants.find((variant) => variant.isMaster) ?? product.variants[0];
    if (master?.isPurchasable && master.price !== null && master.stock?.status === "InStock") found.push(product);
    if (found.length === 2) return found;
  }
  throw new Error("two books in stock were expected in the demo catalogue");
}
const masterVariantId = (product: ProductDetail) => (product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!).id;

describe("members-only pages", () => {
  const customer = newCustomer("members");
  beforeAll(async () => {
    await registerThroughApi(stack, customer);
  });

  it("send a visitor to sign in, and back to the page afterwards", async () => {
    const { page } = browser;
    await page.goto(`${stack.storefrontUrl}/account/settings`);
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    expect(new URL(page.url()).searchParams.get("redirect_url")).toBe("/account/settings");
    await page.getByText("Please sign in to continue.").waitFor();
    await expectNoSeriousA11yViolations(page);

    await signInThroughForm(page, stack, customer);
    expect(new URL(page.url()).pathname).toBe("/account/settings");
    await page.getByRole("heading", { level: 1, name: "Account settings" }).waitFor();
    await accountMenu(page, customer.firstName).waitFor();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("check sign-in before the page's own parameters: a bad one is a 404 once signed in", async () => {
    const { page } = browser;
    await signInThroughForm(page, stack, customer);
    const anonymous = await fetch(`${stack.storefrontUrl}/account/orders/not-a-number`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/auth/login?redirect_url=%2Faccount%2Forders%2Fnot-a-number");
    const signedIn = await page.goto(`${stack.storefrontUrl}/account/orders/not-a-number`);
    expect(signedIn?.status()).toBe(404);
    await page.getByText("Page Not Found: /account/orders/not-a-number").first().waitFor();
    await page.goto(`${stack.storefrontUrl}/account/settings`);
  });

  it("keeps the customer's settings, and refuses a wrong current password beside its field", async () => {
    const { page, context } = browser;
    await signInThroughForm(page, stack, customer, "/auth/login?redirect_url=%2Faccount%2Fsettings");
    await page.getByRole("textbox", { name: "Last name" }).fill("Lovelace");
    await page.getByRole("checkbox", { name: /Email me about new books/ }).check();
    await page.getByRole("button", { name: "Save details" }).click();
    await expectToast(page, "Your details have been saved.");
    const token = (await tokenInBrowser(context))!;
    const { data: settings } = await expectApi(stack, "GET", "/customers/current/settings", CustomerSettingsResponseSchema, { token });
    expect(settings).toMatchObject({ lastName: "Lovelace", marketingOptIn: true });

    await page.getByLabel("Current password", { exact: true }).fill("Not-My-Password-At-All");
    await page.getByLabel("New password", { exact: true }).fill("A-Completely-New-Passphrase-42");
    await page.getByRole("button", { name: "Change password" }).click();
    const current = page.getByLabel("Current password", { exact: true });
    await expect.poll(() => current.getAttribute("aria-invalid")).toBe("true");
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("a session revoked at the API lands on /auth/login, signed out", async () => {
    const { page, context } = browser;
    await signInThroughForm(page, stack, customer);
    const token = (await tokenInBrowser(context))!;
    expect((await callApi(stack, "POST", "/auth/sign-out", { token })).status).toBe(204);

    await page.goto(`${stack.storefrontUrl}/account/settings`);
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    expect(new URL(page.url()).searchParams.get("redirect_url")).toBe("/account/settings");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await tokenInBrowser(context)).toBeNull();
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});

describe("a sign-in cookie the API no longer accepts (a 401 signs out)", () => {
  const customer = newCustomer("refused");
  let session: BrowserSession;
  beforeAll(async () => {
    await registerThroughApi(stack, customer);
  });
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session?.close();
  });

  /** Puts a cookie in the browser as the storefront writes it (createCookie: JSON, base64, URL-encoded). */
  async function setCookie(name: string, value: unknown) {
    const encoded = encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));
    await session.context.addCookies([{ name, value: encoded, url: stack.storefrontUrl }]);
  }
  /** A guest basket's id left from before signing in: signing out forgets it too. */
  const STALE_GUEST_CART = "e2e-stale-guest-cart-id-0123456789";
  const cookieNames = async () => (await session.context.cookies()).map((cookie) => cookie.name);
  /** A token shaped like the API's (header.claims.signature) that its signature check refuses. */
  const forgedToken = (claims: Record<string, unknown>) =>
    [{ alg: "HS256", typ: "JWT" }, claims].map((part) => Buffer.from(JSON.stringify(part)).toString("base64url")).join(".") +
    ".Zm9yZ2VkLXNpZ25hdHVyZQ";

  it("signs out on the next page after the session was ended elsewhere: cookies cleared, then browsing signed out", async () => {
    const { page } = session;
    await signInThroughForm(page, stack, customer);
    await page.goto(`${stack.storefrontUrl}/store`);
    await accountMenu(page, customer.firstName).waitFor();
    await setCookie("quire_cart", STALE_GUEST_CART);
    // Signed out from another browser: the token in this one is revoked at the API.
    expect((await callApi(stack, "POST", "/auth/sign-out", { token: (await tokenInBrowser(session.context))! })).status).toBe(204);

    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    expect(new URL(page.url()).searchParams.get("redirect_url")).toBe("/store");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await cookieNames()).not.toContain("quire_token");
    expect(await cookieNames()).not.toContain("quire_cart");

    await page.goto(`${stack.storefrontUrl}/store`);
    await headerSignInLink(page).waitFor();
    expect(await accountMenu(page, customer.firstName).count()).toBe(0);
    expectNoPageProblems(session);
  });

  it("signs out when a click inside the page finds the session ended (a client-side navigation)", async () => {
    const { page } = session;
    await signInThroughForm(page, stack, customer);
    await page.goto(`${stack.storefrontUrl}/store`);
    await accountMenu(page, customer.firstName).waitFor();
    expect((await callApi(stack, "POST", "/auth/sign-out", { token: (await tokenInBrowser(session.context))! })).status).toBe(204);

    await Promise.all([
      page.waitForURL((url) => url.pathname === "/auth/login"),
      page.getByRole("banner").getByRole("link", { name: "Favourites" }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get("redirect_url")).toBe("/favorites");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await tokenInBrowser(session.context)).toBeNull();
    expectNoPageProblems(session);
  });

  it("clears a forged token the API refuses, and goes to sign in", async () => {
    const { page } = session;
    await setCookie("quire_token", forgedToken({ sub: "1", sid: "forged-session", exp: Math.floor(Date.now() / 1000) + 3600 }));
    await setCookie("quire_cart", STALE_GUEST_CART);
    await page.goto(`${stack.storefrontUrl}/store`);
    expect(new URL(page.url()).pathname).toBe("/auth/login");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await cookieNames()).not.toContain("quire_token");
    expect(await cookieNames()).not.toContain("quire_cart");
    expectNoPageProblems(session);
  });

  it("clears a token past its expiry without asking the API, and shows the page signed out", async () => {
    const { page } = session;
    await setCookie("quire_token", forgedToken({ sub: "1", sid: "old-session", exp: Math.floor(Date.now() / 1000) - 60 }));
    await setCookie("quire_cart", STALE_GUEST_CART);
    const response = await page.goto(`${stack.storefrontUrl}/store`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/store");
    await headerSignInLink(page).waitFor();
    expect(await cookieNames()).not.toContain("quire_token");
    expect(await cookieNames()).not.toContain("quire_cart");
    expectNoPageProblems(session);
  });

  it("clears a token cookie that holds no token at all, keeping the visitor's guest basket", async () => {
    const { page } = session;
    const [book] = await twoBooksInStock();
    const { data: guestCart } = await expectApi(stack, "PUT", "/baskets", CartResponseSchema, {
      body: { productVariantId: masterVariantId(book!), quantity: 1 },
    });
    await setCookie("quire_cart", guestCart.anonymousId);
    await session.context.addCookies([{ name: "quire_token", value: "not-a-token%%%", url: stack.storefrontUrl }]);
    const response = await page.goto(`${stack.storefrontUrl}/store`);
    expect(response?.status()).toBe(200);
    await headerSignInLink(page).waitFor();
    await basketLink(page, 1).waitFor();
    expect(await cookieNames()).not.toContain("quire_token");
    expect(await cookieNames()).toContain("quire_cart");
    expectNoPageProblems(session);
  });
});

describe("signing in with a guest basket", () => {
  const customer = newCustomer("merge");
  let books: ProductDetail[];
  let customerToken: string;

  beforeAll(async () => {
    books = await twoBooksInStock();
    customerToken = (await registerThroughApi(stack, customer)).token;
    // The customer's own basket already holds the first book.
    await expectApi(stack, "PUT", "/baskets", CartResponseSchema, {
      token: customerToken,
      body: { productVariantId: masterVariantId(books[0]!), quantity: 1 },
    });
  });

  it("merges the two baskets and forgets the guest basket's id", async () => {
    const { page, context } = browser;
    const [own, guestBook] = books as [ProductDetail, ProductDetail];
    await page.goto(`${stack.storefrontUrl}/store/product/${guestBook.slug}`);
    await page
      .getByRole("region", { name: `Buy ${guestBook.name}` })
      .getByRole("button", { name: "Add to basket" })
      .click();
    await expectToast(page, "Product has been successfully added to the cart");
    await basketLink(page, 1).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === "quire_cart")).toBe(true);

    await Promise.all([page.waitForURL((url) => url.pathname === "/auth/login"), headerSignInLink(page).click()]);
    expect(new URL(page.url()).searchParams.get("redirect_url")).toBe(`/store/product/${guestBook.slug}`);
    await signInThroughForm(page, stack, customer);
    expect(new URL(page.url()).pathname, "back on the product page").toBe(`/store/product/${guestBook.slug}`);
    await basketLink(page, 2).waitFor();
    expect(
      (await context.cookies()).some((cookie) => cookie.name === "quire_cart"),
      "the guest basket's id is removed",
    ).toBe(false);

    const { data: cart } = await expectApi(stack, "GET", "/baskets", CartResponseSchema, { token: customerToken });
    expect(cart.lineItems.map((line) => line.productId).sort()).toEqual([own.id, guestBook.id].sort());
    await page.goto(`${stack.storefrontUrl}/cart`);
    const main = page.getByRole("main");
    await main.getByText(own.name).first().waitFor();
    await main.getByText(guestBook.name).first().waitFor();
    expectNoPageProblems(browser);
  });

  it("signing out empties the header's basket and keeps no guest basket", async () => {
    const { page, context } = browser;
    await signInThroughForm(page, stack, customer);
    const browserToken = (await tokenInBrowser(context))!;
    await signOutThroughMenu(page, customer.firstName);
    await basketLink(page, 0).waitFor();
    await page.getByRole("region", { name: "Notifications" }).getByText("You have been signed out.").waitFor();
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain("quire_token");
    expect(names).not.toContain("quire_cart");
    // The session is over at the API too.
    expect((await callApi(stack, "GET", "/customers/current/", { token: browserToken })).status).toBe(401);
    expectNoPageProblems(browser);
  });
});

describe("a password change the shop asked for", () => {
  it("keeps the customer on the settings page until the password is changed, then merges their guest basket", async () => {
    const { page, context } = browser;
    const [book] = await twoBooksInStock();
    await page.goto(`${stack.storefrontUrl}/store/product/${book!.slug}`);
    await page
      .getByRole("region", { name: `Buy ${book!.name}` })
      .getByRole("button", { name: "Add to basket" })
      .click();
    await basketLink(page, 1).waitFor();

    await signInThroughForm(page, stack, FORCED);
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe("/account/settings?message=password_change_required");
    await page.getByText("Please choose a new password to continue.").waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`${stack.storefrontUrl}/favorites`);
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe("/account/settings?message=password_change_required");

    await page.getByLabel("Current password", { exact: true }).fill(FORCED.password);
    await page.getByLabel("New password", { exact: true }).fill("Brand-New-Lantern-Harbour-77");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectToast(page, "Your password has been changed.");
    expect(new URL(page.url()).search).toBe("");
    // The merge waited for the block to end: now the guest basket is the customer's.
    await basketLink(page, 1).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === "quire_cart")).toBe(false);
    await page.goto(`${stack.storefrontUrl}/favorites`);
    expect(new URL(page.url()).pathname).toBe("/favorites");
    await signOutThroughMenu(page, FORCED.firstName);
    // The new password signs the customer in again, and the old one no longer does.
    await page.goto(`${stack.storefrontUrl}/auth/login`);
    await page.getByRole("textbox", { name: "Email address" }).fill(FORCED.email);
    await page.getByLabel("Password", { exact: true }).fill(FORCED.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The form's own alert (the same words may also show as a toast).
    await page.locator("form [role=alert]").getByText("The email or password is incorrect").waitFor();
    await signInThroughForm(page, stack, { email: FORCED.email, password: "Brand-New-Lantern-Harbour-77" });
    await accountMenu(page, FORCED.firstName).waitFor();
    expectNoPageProblems(browser);
  });
});

describe("a trade invitation", () => {
  it("answers 404 for a malformed link", async () => {
    const response = await browser.page.goto(`${stack.storefrontUrl}/auth/invite/complete/bad`);
    expect(response?.status()).toBe(404);
  });

  it("opens a trade account through its link, signed in", async () => {
    const { page, context } = browser;
    await page.goto(`${stack.storefrontUrl}/auth/invite/complete/${INVITE.token}`);
    await page.getByRole("heading", { level: 1, name: "Accept your invitation" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Choose a password", { exact: true }).fill("Trade-Counter-Ledger-2026");
    await page.getByRole("checkbox", { name: /accept the privacy policy/ }).check();
    await Promise.all([page.waitForURL(`${stack.storefrontUrl}/`), page.getByRole("button", { name: "Open my account" }).click()]);
    await accountMenu(page, INVITE.firstName).waitFor();
    const { data: me } = await expectApi(stack, "GET", "/customers/current/", CurrentCustomerResponseSchema, {
      token: (await tokenInBrowser(context))!,
    });
    expect(me).toMatchObject({ email: INVITE.email, isTrade: true, firstName: INVITE.firstName, companyName: "Hopper Books Ltd" });
    expectNoPageProblems(browser);
  });
});

describe("without JavaScript", () => {
  const customer = newCustomer("no-script");
  let noScript: BrowserSession;
  beforeAll(async () => {
    await registerThroughApi(stack, customer);
    noScript = await openBrowser({ javaScriptEnabled: false });
  });
  afterAll(async () => {
    await noScript?.close();
  });

  it("signs in, saves settings and signs out with server-rendered forms alone", async () => {
    const { page } = noScript;
    await page.goto(`${stack.storefrontUrl}/account/settings`);
    expect(new URL(page.url()).pathname).toBe("/auth/login");

    await page.getByRole("textbox", { name: "Email address" }).fill(customer.email);
    await page.getByLabel("Password", { exact: true }).fill("Certainly-Not-Right-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("form [role=alert]").getByText("The email or password is incorrect").waitFor();
    expect(await page.getByRole("textbox", { name: "Email address" }).inputValue()).toBe(customer.email);

    await signInThroughForm(page, stack, customer);
    expect(new URL(page.url()).pathname).toBe("/account/settings");
    await page.getByRole("textbox", { name: "First name" }).fill("Augusta");
    await page.getByRole("button", { name: "Save details" }).click();
    await page.waitForLoadState("load");
    // The flashed toast is rendered in <noscript>, which this emulation of a script-less browser keeps as text.
    expect(await page.content()).toContain("Your details have been saved.");
    expect(await page.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Augusta");

    await page.getByRole("banner").locator("summary", { hasText: "Augusta" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${stack.storefrontUrl}/`);
    await headerSignInLink(page).waitFor();
    expect(await page.content()).toContain("You have been signed out.");
    expect(await tokenInBrowser(noScript.context)).toBeNull();
  });
});
