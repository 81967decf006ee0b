import { CartResponseSchema, type ProductDetail } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, openBrowser, type BrowserSession } from "./browser";
import { basketLink, expectToast, findBooksWithAddons, findProducts, isWellStocked, listProducts, masterOf } from "./cart-catalogue";
import { getFromApi } from "./demo-api";

/**
 * "Add to basket": from a product page with a quantity and add-ons, from a product
 * card, and without JavaScript; the toast and the header's count. Every journey here starts from an empty
 * basket of its own browser.
 */
const storefrontUrl = inject("storefrontUrl");
const ADDED = "Product has been successfully added to the cart";

let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The browser's cart as the API has it, read with the anonymous id in the quire_cart cookie. */
async function cartOfBrowser() {
  const cookie = (await browser.context.cookies(storefrontUrl)).find((candidate) => candidate.name === "quire_cart");
  expect(cookie, "the quire_cart cookie").toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  const anonymousId = JSON.parse(Buffer.from(decodeURIComponent(cookie!.value), "base64").toString("utf8")) as string;
  return (await getFromApi("/baskets", CartResponseSchema, { query: { anonymousId } })).data;
}

describe("adding to the basket", () => {
  let book: ProductDetail;
  let addonOption: { addonName: string; optionName: string; id: number };

  it("from the product page: the chosen quantity and add-on, a toast, and the count in the header", async () => {
    const [found] = await findBooksWithAddons(1);
    book = found!.product;
    const addon = found!.addons[0]!;
    const option = addon.options[0]!;
    addonOption = { addonName: addon.name, optionName: option.name, id: option.id };
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store/product/${book.slug}`);
    await basketLink(page, 0).waitFor();

    const purchase = page.getByRole("region", { name: `Buy ${book.name}` });
    const quantity = purchase.getByRole("spinbutton", { name: "Quantity" });
    expect(await quantity.getAttribute("min")).toBe("1");
    expect(await quantity.getAttribute("step")).toBe("1");
    expect(await quantity.getAttribute("inputmode")).toBe("numeric");
    await quantity.fill("2");
    if (addon.options.length === 1) await purchase.getByRole("checkbox", { name: new RegExp(addon.name) }).check();
    else await purchase.getByRole("radio", { name: new RegExp(`^${option.name}`) }).check();
    const url = page.url();
    await purchase.getByRole("button", { name: "Add to basket" }).click();

    await expectToast(page, ADDED);
    await basketLink(page, 2).waitFor();
    expect(page.url(), "the page stays where it was").toBe(url);
    await expectNoSeriousA11yViolations(page);

    const cart = await cartOfBrowser();
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]).toMatchObject({ productId: book.id, variant: { id: masterOf(book).id }, quantity: 2 });
    expect(cart.lineItems[0]!.addons.map((chosen) => chosen.addonOptionId)).toEqual([addonOption.id]);
    expectNoPageProblems(browser);
  });

  it("from a product card: one of its default variant, and the count goes up", async () => {
    const { page } = browser;
    const summaries = await listProducts({ CategorySlug: "gift-books-for-her", Sort: "popular" });
    const card = summaries.slice(0, 24).find((summary) => summary.id !== book.id && summary.price && summary.stock?.status === "InStock");
    expect(card, "a priced, in-stock book on the first page of the category").toBeDefined();
    await page.goto(`${storefrontUrl}/store/gift-books-for-her`);
    await basketLink(page, 2).waitFor();
    await page.getByRole("button", { name: `Add to basket: ${card!.name}`, exact: true }).click();

    await expectToast(page, ADDED);
    await basketLink(page, 3).waitFor();
    await expectNoSeriousA11yViolations(page);
    const cart = await cartOfBrowser();
    expect(cart.lineItems.find((line) => line.productId === card!.id)).toMatchObject({
      variant: { id: card!.defaultVariantId },
      quantity: 1,
    });
    expectNoPageProblems(browser);
  });

  it("shows the API's reason as an error toast when the quantity is more than is in stock", async () => {
    const { page } = browser;
    const [limited] = await findProducts(1, (product) => {
      const master = masterOf(product);
      return master.isPurchasable && master.price !== null && master.stock?.status === "LowStock";
    });
    await page.goto(`${storefrontUrl}/store/product/${limited!.slug}`);
    const purchase = page.getByRole("region", { name: `Buy ${limited!.name}` });
    await purchase.getByRole("spinbutton", { name: "Quantity" }).fill("900");
    await purchase.getByRole("button", { name: "Add to basket" }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText(/in stock/)
      .first()
      .waitFor();
    await basketLink(page, 3).waitFor();
    expectNoPageProblems(browser);
  });
});

describe("without JavaScript", () => {
  it("posts the form, comes back to the page with the toast flashed, and keeps the new cart in an HttpOnly cookie", async () => {
    const [book] = await findProducts(1, (product) => isWellStocked(masterOf(product)));
    const from = `/store/product/${book!.slug}`;
    const response = await fetch(`${storefrontUrl}/cart/add`, {
      method: "POST",
      redirect: "manual",
      // A browser posts its forms with its Origin; without one the storefront's cross-site check refuses them.
      headers: { "content-type": "application/x-www-form-urlencoded", Origin: storefrontUrl },
      body: new URLSearchParams({ productVariantId: String(masterOf(book!).id), quantity: "1", redirectTo: from }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(from);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("quire_cart=") && /HttpOnly/i.test(cookie))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("flash="))).toBe(true);

    // The page it lands on shows the toast (rendered for browsers without JavaScript too) and the count.
    const cookieHeader = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
    const page = await (await fetch(`${storefrontUrl}${from}`, { headers: { cookie: cookieHeader } })).text();
    expect(page).toContain(ADDED);
    expect(page).toContain("Basket, 1 item");
  });

  it("starts a new cart when the cookie names one the API no longer knows (merged, or made up)", async () => {
    const [book] = await findProducts(1, (product) => isWellStocked(masterOf(product)));
    const stale = "nOsUcHcArTnOsUcHcArT12345";
    const cookie = `quire_cart=${encodeURIComponent(Buffer.from(JSON.stringify(stale)).toString("base64"))}`;
    const basket = await (await fetch(`${storefrontUrl}/cart`, { headers: { cookie } })).text();
    expect(basket).toContain("Your basket is empty.");

    const response = await fetch(`${storefrontUrl}/cart/add`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", Origin: storefrontUrl, cookie },
      body: new URLSearchParams({ productVariantId: String(masterOf(book!).id), redirectTo: "/cart" }),
    });
    expect(response.status).toBe(303);
    const renewed = response.headers.getSetCookie().find((header) => header.startsWith("quire_cart="));
    expect(renewed, "a new cart id").toBeDefined();
    expect(renewed!.split(";")[0]).not.toBe(cookie);
    const flash = response.headers.getSetCookie().find((header) => header.startsWith("flash="))!;
    const page = await (
      await fetch(`${storefrontUrl}/cart`, { headers: { cookie: `${renewed!.split(";")[0]}; ${flash.split(";")[0]}` } })
    ).text();
    expect(page).toContain(ADDED);
    expect(page).toContain(book!.name);
  });

  it("adds once when the same rendered form is posted twice (its Idempotency-Key), and again from a new render", async () => {
    const [book] = await findProducts(1, (product) => isWellStocked(masterOf(product)));
    const from = `/store/product/${book!.slug}`;
    /** The key the product page's form was rendered with, for a browser holding `cookie`. */
    const renderedKey = async (cookie = "") => {
      const html = await (await fetch(`${storefrontUrl}${from}`, { headers: { cookie } })).text();
      // The book's own form: the page may show other books' cards, each with a key of its own.
      const key = new RegExp(`name="idempotencyKey" value="([^"]+-${masterOf(book!).id})"`).exec(html)?.[1];
      expect(key, "the form's Idempotency-Key").toMatch(/^[\x21-\x7e]{16,255}$/);
      return key!;
    };
    const post = (idempotencyKey: string, cookie = "") =>
      fetch(`${storefrontUrl}/cart/add`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", Origin: storefrontUrl, cookie },
        body: new URLSearchParams({ productVariantId: String(masterOf(book!).id), quantity: "1", redirectTo: from, idempotencyKey }),
      });
    const quantityIn = async (cookie: string) => {
      const anonymousId = JSON.parse(
        Buffer.from(decodeURIComponent(cookie.slice("quire_cart=".length)), "base64").toString("utf8"),
      ) as string;
      const { data } = await getFromApi("/baskets", CartResponseSchema, { query: { anonymousId } });
      return data.lineItems.find((line) => line.variant.id === masterOf(book!).id)?.quantity;
    };

    // A double click without JavaScript: both posts leave before the first answer, so neither has a cart cookie yet.
    const key = await renderedKey();
    const first = await post(key);
    const second = await post(key);
    expect([first.status, second.status]).toEqual([303, 303]);
    const cartCookie = (response: Response) =>
      response.headers
        .getSetCookie()
        .find((header) => header.startsWith("quire_cart="))
        ?.split(";")[0];
    const cookie = cartCookie(first)!;
    expect(cartCookie(second), "the second is answered with the first's cart").toBe(cookie);
    expect(await quantityIn(cookie)).toBe(1);

    // The page rendered again has a new key: adding the book again is a new intent, and its resend is not.
    const again = await renderedKey(cookie);
    expect(again).not.toBe(key);
    expect((await post(again, cookie)).status).toBe(303);
    expect((await post(again, cookie)).status).toBe(303);
    expect(await quantityIn(cookie)).toBe(2);
  });

  it("refuses a bad quantity with a toast, and never sends it off-site", async () => {
    const response = await fetch(`${storefrontUrl}/cart/add`, {
      method: "POST",
      redirect: "manual",
      // A browser posts its forms with its Origin; without one the storefront's cross-site check refuses them.
      headers: { "content-type": "application/x-www-form-urlencoded", Origin: storefrontUrl },
      body: new URLSearchParams({ productVariantId: "1", quantity: "-2", redirectTo: "//evil.example/" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("quire_cart="))).toBe(false);
  });
});
