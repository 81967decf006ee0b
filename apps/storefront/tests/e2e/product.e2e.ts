import { ListProductsResponseSchema, ProductDetailResponseSchema, type ProductDetail } from "@quire/contracts";
import { formatMoney } from "@quire/money";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { variantOptionName } from "../../app/features/catalog/variant-choice";
import { expectNoSeriousA11yViolations } from "./accessibility";
import { expectNoPageProblems, openBrowser, sessionPerTest } from "./browser";
import { getFromApi } from "./demo-api";
import { viewProductPage, viewRecorded } from "./product-views";

const storefrontUrl = inject("storefrontUrl");
const CATEGORY = "gift-books-for-her";

const browser = sessionPerTest();
let product: ProductDetail;
beforeAll(async () => {
  // A book sold in formats at different prices, so choosing a format visibly changes the price.
  const { data } = await getFromApi("/products", ListProductsResponseSchema, {
    query: { CategorySlug: CATEGORY, Sort: "popular", PageSize: 100, PageNumber: 1 },
  });
  const candidate = data.results.find((summary) => summary.variantCount > 1 && summary.hasPriceRange);
  expect(candidate, "a book in several formats at different prices").toBeDefined();
  product = (await getFromApi(`/products/slug=${candidate!.slug}`, ProductDetailResponseSchema)).data;
});

function priceBox(page: Page) {
  return page.getByRole("region", { name: "Price and availability" });
}

/** The format choice: native radios in a fieldset named by its legend ("Format"). */
function formatChoice(page: Page) {
  return page.getByRole("group", { name: variantOptionName(product.variants) });
}

/** The product's JSON-LD blocks, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

const hasType = (type: string) => (block: Record<string, unknown>) => [block["@type"]].flat().includes(type);

describe("a product page", () => {
  it("shows the title, the price, the format choice and the breadcrumbs", async () => {
    const { page } = browser;
    const master = product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!;
    const response = await page.goto(`${storefrontUrl}/store/product/${product.slug}`);
    expect(response?.status()).toBe(200);

    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expect(await priceBox(page).innerText()).toContain(formatMoney(master.price!.amount, master.price!.currencyCode));
    // The edition's ISBN, which search finds, is on the page too.
    expect(master.isbn, "the demo's books have ISBNs").toMatch(/^97[89]\d{10}$/);
    expect(await priceBox(page).innerText()).toContain(`ISBN ${master.isbn}`);

    const choice = formatChoice(page);
    for (const variant of product.variants) {
      await choice.getByRole("radio", { name: variant.name }).waitFor({ state: "attached" });
    }
    expect(await choice.getByRole("radio", { name: master.name }).isChecked()).toBe(true);

    // Home › Store › the API's category trail › the product, the last being the current page.
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.getByRole("link", { name: "Home", exact: true }).getAttribute("href")).toBe("/");
    for (const crumb of product.breadcrumbs) {
      expect(await breadcrumb.getByRole("link", { name: crumb.name, exact: true }).getAttribute("href")).toBe(`/store/${crumb.slug}`);
    }
    const items = breadcrumb.getByRole("listitem");
    expect((await items.last().innerText()).trim()).toBe(product.name);

    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });

  it("announces a sale with the lowest price of the 30 days before it, on the page and on the card", async () => {
    const { data } = await getFromApi("/products", ListProductsResponseSchema, {
      query: { CategorySlug: CATEGORY, Sort: "popular", PageSize: 100, PageNumber: 1 },
    });
    const onSale = data.results.find((summary) => summary.price?.originalPrice != null && !summary.hasPriceRange);
    expect(onSale, "a demo book on sale in one format").toBeDefined();
    const { amount, originalPrice, lowestPriorPrice, currencyCode } = onSale!.price!;
    // The demo books sold at full price before their sale: that is the lowest price of the 30 days before it.
    expect(lowestPriorPrice).toBe(originalPrice);
    const lowestPrior = `Lowest price in the 30 days before the sale: ${formatMoney(lowestPriorPrice!, currencyCode)}`;

    const { page } = browser;
    await page.goto(`${storefrontUrl}/store/product/${onSale!.slug}`);
    const box = priceBox(page);
    await box.getByText(lowestPrior).waitFor();
    expect(await box.getByText(`Was ${formatMoney(originalPrice!, currencyCode)}`).count()).toBe(1);
    expect(await box.innerText()).toContain(formatMoney(amount, currencyCode));

    await page.goto(`${storefrontUrl}/search?q=${encodeURIComponent(onSale!.name)}`);
    const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: onSale!.name, exact: true }) });
    await card.getByText(lowestPrior).waitFor();
    expectNoPageProblems(browser);
  });

  it("shows the product's safety information: its maker, the person responsible in the EU, its warnings", async () => {
    const { page } = browser;
    const { safety } = product;
    expect(safety, "the demo's books carry their safety information").not.toBeNull();
    await page.goto(`${storefrontUrl}/store/product/${product.slug}`);
    const section = page.getByRole("region", { name: "Product safety" });
    const text = await section.innerText();
    for (const party of [safety!.manufacturer, safety!.responsiblePerson!]) {
      expect(text).toContain(party.name);
      expect(text).toContain(party.postalAddress.split("\n")[0]);
    }
    expect(text).toContain("Ireland");
    expect(await section.getByRole("link", { name: safety!.manufacturer.electronicAddress }).getAttribute("href")).toBe(
      `mailto:${safety!.manufacturer.electronicAddress}`,
    );
    expect(await section.getByRole("link", { name: safety!.responsiblePerson!.electronicAddress }).getAttribute("href")).toBe(
      safety!.responsiblePerson!.electronicAddress,
    );
    expect(text).toContain(safety!.identifiers);
    expect(text).toContain(safety!.warnings || "None");
    expectNoPageProblems(browser);
  });

  it("describes the product and its offers in JSON-LD", async () => {
    const { page } = browser;
    await page.goto(`${storefrontUrl}/store/product/${product.slug}`);
    const blocks = await jsonLd(page);

    const described = blocks.find(hasType("Product"));
    expect(described).toMatchObject({ "@context": "https://schema.org", name: product.name });
    const offers = described!.offers as { price: string; priceCurrency: string }[];
    const priced = product.variants.filter((variant) => variant.price);
    expect(offers).toHaveLength(priced.length);
    expect(offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual(
      priced.map((variant) => [(variant.price!.amount / 100).toFixed(2), variant.price!.currencyCode]),
    );

    const trail = blocks.find(hasType("BreadcrumbList"));
    const names = (trail!.itemListElement as { name: string }[]).map((element) => element.name);
    expect(names.at(-1)).toBe(product.name);
    expect(names).toEqual(expect.arrayContaining(product.breadcrumbs.map((crumb) => crumb.name)));
  });

  it("changes the price and the URL when another format is chosen", async () => {
    const { page } = browser;
    const master = product.variants.find((variant) => variant.isMaster) ?? product.variants[0]!;
    const other = product.variants.find((variant) => variant.price && variant.price.amount !== master.price?.amount);
    expect(other, "a format at another price").toBeDefined();

    await page.goto(`${storefrontUrl}/store/product/${product.slug}`);
    // Without JavaScript a "Show this format" button submits the choice; it goes once the page hydrates,
    // and from then on a choice applies at once.
    await page.getByRole("button", { name: /^Show this/ }).waitFor({ state: "detached" });
    // The radio input itself is visually hidden (styled through its label), so click the label as a shopper does.
    // Chosen at once: read in the click's own task, before any render the router schedules. (React used to put the
    // controlled radios back to the format shown until the new one's page had loaded: on a busy machine the old
    // format still showed as chosen after the address had changed.)
    const checkedAtOnce = await formatChoice(page)
      .getByText(other!.name, { exact: true })
      .evaluate((name) => {
        const label = name.closest("label")!;
        label.click();
        return label.querySelector("input")!.checked;
      });
    expect(checkedAtOnce).toBe(true);

    await page.waitForURL((url) => url.searchParams.get("variant") === String(other!.id));
    const otherPrice = formatMoney(other!.price!.amount, other!.price!.currencyCode);
    // The shown price, in the region's first block (the format choice below it lists every format's price).
    await expect.poll(() => priceBox(page).locator("div").first().innerText()).toContain(otherPrice);
    expect(await formatChoice(page).getByRole("radio", { name: other!.name }).isChecked()).toBe(true);

    // The chosen format is in the URL, so a reload (or a shared link) shows it.
    await page.reload();
    expect(await formatChoice(page).getByRole("radio", { name: other!.name }).isChecked()).toBe(true);
    expect(await priceBox(page).innerText()).toContain(otherPrice);
    await expectNoSeriousA11yViolations(page);
    expectNoPageProblems(browser);
  });
});

describe("recently viewed", () => {
  it("records a view when a product page is shown, and none when hovering its card prefetches it", async () => {
    // A visitor of their own, so the history holds only what this journey views.
    const visitor = await openBrowser();
    try {
      const { page } = visitor;
      await page.goto(`${storefrontUrl}/store/${CATEGORY}`);
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      const cards = page.locator("article h3 a");
      const [shown, hovered] = await Promise.all(
        [0, 1].map(async (index) => ({
          name: (await cards.nth(index).innerText()).trim(),
          path: (await cards.nth(index).getAttribute("href"))!,
        })),
      );

      // Opening a page records it (and gives the visitor their viewer id).
      await viewProductPage(page, `${storefrontUrl}${shown!.path}`);
      await page.goBack();
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);

      // Hovering the other card prefetches its page: the page's loader runs on the server, and must record nothing.
      const prefetched = page.waitForResponse((response) => new URL(response.url()).pathname === `${hovered!.path}.data`);
      await page.getByRole("link", { name: hovered!.name, exact: true }).hover();
      expect((await prefetched).ok()).toBe(true);

      const rowOnCart = async (expected: string) => {
        await page.goto(`${storefrontUrl}/cart`);
        const row = page.getByRole("region", { name: "Recently viewed" });
        await row.getByRole("link", { name: expected, exact: true }).waitFor();
        return row;
      };
      expect(await (await rowOnCart(shown!.name)).getByRole("link", { name: hovered!.name, exact: true }).count()).toBe(0);

      // Opening it does record it, newest first.
      await page.goto(`${storefrontUrl}/store/${CATEGORY}`);
      await page.waitForFunction(() => "__reactRouterDataRouter" in window);
      const recorded = viewRecorded(page);
      await page.getByRole("link", { name: hovered!.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === hovered!.path);
      expect((await recorded).ok()).toBe(true);
      const row = await rowOnCart(hovered!.name);
      expect((await row.getByRole("list").getByRole("heading").allTextContents()).slice(0, 2)).toEqual([hovered!.name, shown!.name]);
      expectNoPageProblems(visitor);
    } finally {
      await visitor.close();
    }
  });
});
