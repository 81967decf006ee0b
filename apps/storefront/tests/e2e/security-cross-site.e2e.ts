import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  CartResponseSchema,
  ListProductsResponseSchema,
  ProductDetailResponseSchema,
  ListWishlistsResponseSchema,
  type ProductDetail,
} from "@quire/contracts";
import type { Cookie, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../api/src/modules/identity/passwords";
import { accountMenu, expectApi, signInThroughForm, tokenInBrowser } from "./auth-journeys";
import { expectNoPageProblems, openBrowser, type BrowserSession } from "./browser";
import { getFromApi } from "./demo-api";
import { firstHeadingOf } from "./page-html";
import { DEMO_STORE_KEY, root, startStack, type Stack } from "./stack";

/**
 * Cross-site requests change nothing (issue 6): every route with an action, read from the built route
 * manifest so a route added later is covered the day it is added, is posted to by a form on another origin
 * while a shopper's cookies are in the browser (a guest with a basket, and a signed-in customer), and then
 * by plain HTTP requests. Each answer is a 403 with no Set-Cookie; afterwards the cookies, the basket, the
 * lists, the currency and the session are what they were. The same forms posted from the shop itself work.
 *
 * Two attackers: a page on 127.0.0.1 at another port (same site, other origin: the browser sends the
 * shopper's SameSite=Lax cookies with it) and the same page as http://localhost:port (another site: no
 * cookies, but the answer could still set one, which is how a guest's basket used to be replaced).
 */
const REFUSED_TITLE = "This form came from another site";
const CUSTOMER = { email: "cross-site@example.test", password: "Cross-Site-Shopper-Password-1", firstName: "Cora" };

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
}

/** A URL path for every route that has an action, its dynamic segments filled with sample values. */
async function listMutatingPaths(): Promise<string[]> {
  const buildFile = path.join(root, "apps", "storefront", "build", "server", "index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as { assets: { routes: Record<string, ManifestRoute> } };
  const routes = build.assets.routes;
  const pathOf = (route: ManifestRoute): string[] => [
    ...(route.parentId ? pathOf(routes[route.parentId]!) : []),
    ...(route.path ? [route.path] : []),
  ];
  return Object.values(routes)
    .filter((route) => route.hasAction)
    .map((route) => {
      const segments = pathOf(route)
        .join("/")
        .split("/")
        .filter(Boolean)
        .map((segment) => (segment === "*" ? "anything" : segment.startsWith(":") ? "1" : segment));
      return `/${segments.join("/")}${route.index ? "?index" : ""}`;
    });
}

/**
 * What each form would post to do harm if it were accepted: add a book, switch the currency, make a list,
 * sign out. Every other route gets an intent; it is refused before any of it is read.
 */
function harmfulFields(pathname: string, variantId: number): Record<string, string> {
  switch (pathname) {
    case "/cart/add":
      return { productVariantId: String(variantId), quantity: "3", redirectTo: "/cart" };
    case "/preferences":
      return { currencyCode: "EUR", countryCode: "US", redirectTo: "/" };
    case "/favorites/items":
      return { intent: "create", name: "Made by another site" };
    default:
      return { intent: "create", name: "Made by another site", productVariantId: String(variantId), quantity: "1" };
  }
}

/**
 * A tiny site of the attacker's. GET /?forms=<JSON list of { to, fields }> answers a page with a form per entry,
 * each posting its fields to its `to` into a frame of its own, all sent at once by the page's script: one visit
 * posts to every route, as a page of the attacker's could. A single form posts from the page itself instead.
 */
async function startAttackerSite(): Promise<{ port: number; server: Server }> {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://attacker");
    const forms = JSON.parse(url.searchParams.get("forms") ?? "[]") as { to: string; fields: Record<string, string> }[];
    const html = forms
      .map(({ to, fields }, index) => {
        const inputs = Object.entries(fields)
          .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
          .join("");
        // One form alone posts from the page itself, as a top-level navigation.
        const frame = forms.length > 1 ? `<iframe name="prize-${index}" title="Prize ${index}"></iframe>` : "";
        return `${frame}<form method="post" action="${escape(to)}" target="${frame ? `prize-${index}` : "_self"}">${inputs}</form>`;
      })
      .join("");
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    response.end(`<!DOCTYPE html><title>Win a prize</title>${html}<script>for (const form of document.forms) form.submit()</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

let stack: Stack;
let attacker: { port: number; server: Server };
let mutatingPaths: string[];
let book: ProductDetail;
beforeAll(async () => {
  const passwordHash = await hashPassword(CUSTOMER.password);
  // A stack of its own: on the shared one, the attack on a signed-in customer waited forever for one of its
  // frames' answers in two runs of four (2026-11-30), not yet understood.
  stack = await startStack({
    name: "security-cross-site",
    prepare: async (database) => {
      await database.execute(
        `INSERT INTO customers (store_id, email, password_hash, first_name, last_name, accepted_privacy_policy_id)
         SELECT s.id, $1, $2, $3, 'Shopper', (SELECT p.id FROM privacy_policies p WHERE p.store_id = s.id ORDER BY p.published_at DESC LIMIT 1)
         FROM stores s WHERE s.key = $4`,
        [CUSTOMER.email, passwordHash, CUSTOMER.firstName, DEMO_STORE_KEY],
      );
    },
  });
  attacker = await startAttackerSite();
  mutatingPaths = await listMutatingPaths();
  book = await firstBookInStock();
});
afterAll(async () => {
  await new Promise((resolve) => attacker?.server.close(resolve));
  await stack?.stop();
});

async function firstBookInStock(): Promise<ProductDetail> {
  const { data } = await getFromApi("/products", ListProductsResponseSchema, { query: { PageSize: 40 }, apiUrl: stack.apiUrl });
  for (const summary of data.results) {
    const { data: product } = await getFromApi(`/products/slug=${summary.slug}`, ProductDetailResponseSchema, { apiUrl: stack.apiUrl });
    const variant = product.variants.find((candidate) => candidate.isMaster) ?? product.variants[0];
    if (variant?.isPurchasable && variant.price !== null && variant.stock?.status === "InStock") return product;
  }
  throw new Error("a book in stock was expected in the demo catalogue");
}
const variantOf = (product: ProductDetail) => (product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!).id;

/** The browser's cookies for the storefront, as comparable text (name, value, expiry). */
async function cookieJar(session: BrowserSession): Promise<string[]> {
  const cookies: Cookie[] = await session.context.cookies(stack.storefrontUrl);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}; expires=${cookie.expires}`).sort();
}

/** Adds the book through the product page's own form: the same-site form works. */
async function addToBasketOnTheShop(page: Page) {
  await page.goto(`${stack.storefrontUrl}/store/product/${book.slug}`);
  await page
    .getByRole("button", { name: /Add to basket/ })
    .first()
    .click();
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText("Product has been successfully added to the cart", { exact: true })
    .first()
    .waitFor();
}

/** A response's raw headers, or null when Chromium has not delivered them within 5 s (see postFromAnotherOrigin). */
async function rawHeadersOf(response: Response): Promise<{ name: string; value: string }[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 5_000)));
  return Promise.race([response.headersArray(), late]).finally(() => clearTimeout(timer));
}

/** The attacker's page at `attackerOrigin` that posts each target's harmful fields to it. */
function attackerPage(attackerOrigin: string, targets: URL[]): string {
  const forms = targets.map((url) => ({ to: url.toString(), fields: harmfulFields(url.pathname, variantOf(book)) }));
  return `${attackerOrigin}/?${new URLSearchParams({ forms: JSON.stringify(forms) })}`;
}

/**
 * Visits the attacker's page at `attackerOrigin`, which posts harmful fields to every mutating route at once
 * (each into a frame), and checks each answer: a 403 with no Set-Cookie.
 */
async function postFromAnotherOrigin(session: BrowserSession, attackerOrigin: string) {
  const { page } = session;
  expect(mutatingPaths).toEqual(expect.arrayContaining(["/cart/add", "/preferences", "/favorites/items", "/auth/logout"]));
  const targets = mutatingPaths.map((target) => new URL(target, stack.storefrontUrl));
  const pending = new Set(targets.map((url) => url.toString()));
  const answers: Response[] = [];
  const allAnswered = new Promise<void>((resolve) => {
    const heard = (response: Response) => {
      if (response.request().method() !== "POST" || !pending.delete(response.url())) return;
      answers.push(response);
      if (pending.size > 0) return;
      page.off("response", heard);
      resolve();
    };
    page.on("response", heard);
  });
  await page.goto(attackerPage(attackerOrigin, targets));
  // Bounded, so a frame whose answer never comes fails here, named, rather than as the test's time-out.
  let unanswered: NodeJS.Timeout | undefined;
  const missing = new Promise<never>((_, reject) => {
    unanswered = setTimeout(() => reject(new Error(`No answer within 60 s to the attacker's POST to ${[...pending].join(", ")}`)), 60_000);
  });
  await Promise.race([allAnswered, missing]).finally(() => clearTimeout(unanswered));
  expect(answers).toHaveLength(targets.length);
  for (const response of answers) {
    expect(response.status(), `POST ${response.url()} from ${attackerOrigin}`).toBe(403);
    // A frame's raw response headers (where Set-Cookie is) come in an event Chromium does not always send, and
    // Playwright waits for it without end: under load, a test hung here until its time-out (a known browser bug).
    // Waited on for 5 s; where they never come, the callers' cookie-jar comparison and the plain HTTP tests of every
    // route (below) still hold the shop to "no cookie" for a refused POST.
    const headers = await rawHeadersOf(response);
    if (headers === null) continue;
    const setCookies = headers.filter((header) => header.name.toLowerCase() === "set-cookie");
    expect(setCookies, `Set-Cookie on POST ${response.url()}`).toEqual([]);
  }
  // The shop refuses to be shown in another site's frame (frame-ancestors 'none'); the browser reports each
  // refusal in the attacker's console, which is no problem of the shop's pages.
  const framingRefused =
    /^console\.error: Framing '[^']+' violates the following Content Security Policy directive: "frame-ancestors 'none'"/;
  await expect.poll(() => session.problems.filter((problem) => framingRefused.test(problem)).length).toBe(targets.length);
  session.problems.splice(0, session.problems.length, ...session.problems.filter((problem) => !framingRefused.test(problem)));
}

/**
 * The two attackers' hosts: 127.0.0.1 is the shop's own site at another port (the browser sends the shopper's
 * SameSite=Lax cookies), localhost another site (no cookies). One test each.
 */
const ATTACKER_HOSTS = [
  ["the same site at another port", "127.0.0.1"],
  ["another site", "localhost"],
] as const;

describe("a form posted from another origin", () => {
  it.each(ATTACKER_HOSTS)("from %s changes nothing for a guest with a basket: same cookies, same basket", async (_label, host) => {
    const guest = await openBrowser();
    try {
      await addToBasketOnTheShop(guest.page);
      const before = await cookieJar(guest);
      expect(before.some((cookie) => cookie.startsWith("quire_cart="))).toBe(true);

      await postFromAnotherOrigin(guest, `http://${host}:${attacker.port}`);
      // A form posted by the attacker's page itself lands the shopper on the shop's refusal.
      const target = new URL("/cart/add", stack.storefrontUrl);
      const [response] = await Promise.all([
        guest.page.waitForResponse((candidate) => candidate.request().method() === "POST" && candidate.url() === target.toString()),
        guest.page.goto(attackerPage(`http://${host}:${attacker.port}`, [target])),
      ]);
      expect(response.status()).toBe(403);
      await guest.page.waitForURL(target.toString());
      await expect.poll(() => guest.page.getByRole("heading", { level: 1 }).textContent()).toContain(REFUSED_TITLE);

      expect(await cookieJar(guest)).toEqual(before);
      await guest.page.goto(`${stack.storefrontUrl}/cart`);
      await guest.page.getByRole("banner").getByRole("link", { name: "Basket, 1 item", exact: true }).waitFor();
      await expect.poll(() => guest.page.getByRole("main").textContent()).toContain(book.name);
      await guest.page.getByRole("combobox", { name: "Currency", exact: true }).filter({ visible: true }).first().waitFor();
      expect(await guest.page.getByRole("combobox", { name: "Currency", exact: true }).filter({ visible: true }).first().inputValue()).toBe(
        "GBP",
      );
      expectNoPageProblems(guest);
    } finally {
      await guest.close();
    }
  });

  it.each(ATTACKER_HOSTS)(
    "from %s changes nothing for a signed-in customer: still signed in, same basket and lists, same cookies",
    async (_label, host) => {
      const customer = await openBrowser();
      try {
        await signInThroughForm(customer.page, stack, CUSTOMER);
        await addToBasketOnTheShop(customer.page);
        const token = await tokenInBrowser(customer.context);
        expect(token).not.toBeNull();
        const basketBefore = await expectApi(stack, "GET", "/baskets", CartResponseSchema, { token: token! });
        const listsBefore = await expectApi(stack, "GET", "/wishlists", ListWishlistsResponseSchema, { token: token! });
        const before = await cookieJar(customer);

        await postFromAnotherOrigin(customer, `http://${host}:${attacker.port}`);

        expect(await cookieJar(customer)).toEqual(before);
        expect(await expectApi(stack, "GET", "/baskets", CartResponseSchema, { token: token! })).toEqual(basketBefore);
        expect(await expectApi(stack, "GET", "/wishlists", ListWishlistsResponseSchema, { token: token! })).toEqual(listsBefore);
        await customer.page.goto(`${stack.storefrontUrl}/`);
        await accountMenu(customer.page, CUSTOMER.firstName).waitFor();
        expectNoPageProblems(customer);
      } finally {
        await customer.close();
      }
    },
  );
});

describe("a plain HTTP request to a mutating route", () => {
  const post = (target: string, headers: Record<string, string>) =>
    fetch(new URL(target, stack.storefrontUrl), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(harmfulFields(new URL(target, stack.storefrontUrl).pathname, variantOf(book))).toString(),
    });

  it.each([
    ["a foreign Origin", { Origin: "http://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site", Origin: "http://shop.evil.example" }],
    ["Origin: null", { Origin: "null" }],
    ["neither Origin nor Sec-Fetch-Site, a foreign Referer", { Referer: "http://evil.example/prize" }],
    ["no Origin, Sec-Fetch-Site or Referer at all", {}],
  ])("with %s is refused with a 403 and no cookie, on every route", async (_label, headers) => {
    for (const target of mutatingPaths) {
      const response = await post(target, headers);
      expect(response.status, `POST ${target}`).toBe(403);
      expect(response.headers.getSetCookie(), `Set-Cookie on POST ${target}`).toEqual([]);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await response.text()).toContain(REFUSED_TITLE);
    }
  });

  it("to a route's data URL (what a script's fetch would post to) is refused the same way", async () => {
    for (const target of ["/cart/add.data", "/preferences.data", "/favorites/items.data", "/auth/logout.data"]) {
      const response = await post(target, { "Sec-Fetch-Site": "cross-site", Origin: "http://evil.example" });
      expect(response.status, `POST ${target}`).toBe(403);
      expect(response.headers.getSetCookie(), `Set-Cookie on POST ${target}`).toEqual([]);
    }
  });

  it("answers a browser's refused navigation with the error page", async () => {
    const response = await post("/cart/add", { Origin: "http://evil.example", Accept: "text/html", "Sec-Fetch-Dest": "document" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(firstHeadingOf(html)).toBe(`Error 403: ${REFUSED_TITLE}`);
    expect(html).not.toContain("<script");
  });

  it("from the storefront itself still goes through", async () => {
    const fromTheShop: Record<string, string>[] = [
      { "Sec-Fetch-Site": "same-origin" },
      { Origin: stack.storefrontUrl },
      { Referer: `${stack.storefrontUrl}/store` },
    ];
    for (const headers of fromTheShop) {
      const response = await post("/preferences", headers);
      expect(response.status, JSON.stringify(headers)).toBe(303);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("currency="))).toBe(true);
    }
  });
});
